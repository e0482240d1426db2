import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useClickOutside } from '../hooks/use-click-outside';
import { useSession } from '../session/session-context';
import { cx } from '../ui/cx';
import { MiniLogin } from './MiniLogin';
import { UserMenu } from './UserMenu';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts[parts.length - 1]![0]] : [parts[0]?.[0], parts[0]?.[1]];
  return letters.filter(Boolean).join('').toUpperCase();
}

/** The avatar button with the mini login (logged out) or the user dropdown (logged in). */
export function AvatarMenu() {
  const { user, status } = useSession();
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const { pathname } = useLocation();

  useClickOutside(containerRef, () => setOpen(false), open);
  useEffect(() => setOpen(false), [pathname]);

  const roleClass = user ? (user.role === 'teacher' ? 'avatar--teacher' : user.role === 'student' ? 'avatar--student' : 'avatar--user') : 'avatar--guest';
  const label = user ? `Benutzermenü von ${user.username}` : 'Anmelden';

  return (
    <div className="avatar-menu" ref={containerRef}>
      <button
        type="button"
        className={cx('avatar', roleClass, status === 'loading' && 'avatar--loading')}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        onClick={() => setOpen((v) => !v)}
        disabled={status === 'loading'}
      >
        {user?.profilePicture ? (
          <img src={user.profilePicture} alt="" className="avatar__img" />
        ) : user ? (
          <span className="avatar__initials" aria-hidden="true">
            {initials(user.username || user.email)}
          </span>
        ) : (
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <circle cx="12" cy="8.5" r="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path d="M4.5 20c1.2-3.8 4-5.6 7.5-5.6s6.3 1.8 7.5 5.6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        )}
        {/* The name as text, not aria-label: the initials are no words, so they stay out of it (WCAG 2.5.3 Label in Name). */}
        <span className="visually-hidden">{label}</span>
      </button>
      {open && (
        <div className="popover" id={panelId} role="dialog" aria-label={user ? 'Benutzermenü' : 'Anmelden'}>
          {user ? <UserMenu user={user} onDone={() => setOpen(false)} /> : <MiniLogin onDone={() => setOpen(false)} />}
        </div>
      )}
    </div>
  );
}
