import { useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';

/** The year the build rendered the pages in (vite.config.ts): a hydrated page starts with it, as its HTML. */
const BUILD_YEAR = Number(import.meta.env.VITE_BUILD_YEAR) || new Date().getFullYear();
const unchanging = () => () => undefined;

export function Footer() {
  const year = useSyncExternalStore(
    unchanging,
    () => new Date().getFullYear(),
    () => BUILD_YEAR,
  );
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__copy">© {year} Stundenplan-Assistent</p>
        <nav aria-label="Rechtliches" className="site-footer__nav">
          <Link to="/about" className="site-footer__link">
            Über uns
          </Link>
          <Link to="/impressum" className="site-footer__link">
            Impressum
          </Link>
          <Link to="/datenschutz" className="site-footer__link">
            Datenschutz
          </Link>
          <Link to="/barrierefreiheit" className="site-footer__link">
            Barrierefreiheit
          </Link>
        </nav>
      </div>
    </footer>
  );
}
