import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useHasSchool } from '../data/schools';
import { useClickOutside } from '../hooks/use-click-outside';
import { useSession } from '../session/session-context';
import { cx } from '../ui/cx';
import { AvatarMenu } from './AvatarMenu';
import { Brand } from './Brand';
import { navItemsFor } from './nav-links';

/** Top navigation (docs/product/screens.md): brand, role links (collapsible below 769 px), avatar. */
export function NavBar() {
  const { user, status } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const hasSchool = useHasSchool();
  const items = navItemsFor(user, status === 'loading', hasSchool);

  useEffect(() => setMenuOpen(false), [pathname]);
  useClickOutside(navRef, () => setMenuOpen(false), menuOpen);

  return (
    <header className="site-header">
      <nav className="navbar" ref={navRef} aria-label="Hauptnavigation">
        <Brand />
        <button
          type="button"
          className="navbar__toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? 'Menü schließen' : 'Menü öffnen'}
          onClick={() => setMenuOpen((v) => !v)}
        >
          <span className={cx('hamburger', menuOpen && 'hamburger--open')} aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
        </button>
        <ul className={cx('navbar__links', menuOpen && 'navbar__links--open')} id={menuId}>
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} className={({ isActive }) => cx('navbar__link', isActive && 'navbar__link--active')}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <AvatarMenu />
      </nav>
    </header>
  );
}
