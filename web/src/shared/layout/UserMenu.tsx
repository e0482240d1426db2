import { Link } from 'react-router-dom';
import { useSession } from '../session/session-context';
import { ROLE_TAGS, type Role, type SessionUser } from '../session/session-types';
import { Button } from '../ui/Button';
import { cx } from '../ui/cx';
import { Logo } from '../ui/Logo';

export function roleTag(role: string): string {
  return role in ROLE_TAGS ? ROLE_TAGS[role as Role] : role;
}

export function UserPicture({ user, size = 48 }: { user: SessionUser; size?: number }) {
  if (user.profilePicture) {
    return <img className="user-picture" src={user.profilePicture} alt="" width={size} height={size} />;
  }
  return <Logo size={size} className="user-picture" />;
}

/** The logged-in dropdown behind the avatar button (docs/product/screens.md). */
export function UserMenu({ user, onDone }: { user: SessionUser; onDone: () => void }) {
  const { logout } = useSession();
  return (
    <div className="user-menu">
      <div className="user-menu__identity">
        <UserPicture user={user} />
        <div className="user-menu__text">
          <p className="user-menu__name">
            {user.username} <span className={cx('role-tag', `role-tag--${user.role}`)}>{roleTag(user.role)}</span>
          </p>
          <p className="user-menu__email">{user.email}</p>
        </div>
      </div>
      <div className="user-menu__actions">
        <Link to="/profile" className="user-menu__item" onClick={onDone}>
          Profil ansehen
        </Link>
        <Button
          variant="ghost"
          className="user-menu__item user-menu__item--logout"
          onClick={() => {
            void logout().then((done) => {
              if (done) onDone();
            });
          }}
        >
          Abmelden
        </Button>
      </div>
    </div>
  );
}
