import { Link } from 'react-router-dom';

export function Footer() {
  const year = new Date().getFullYear();
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
