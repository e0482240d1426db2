import { Link } from 'react-router-dom';
import { Logo } from '../ui/Logo';

/** The brand as three stacked words (docs/product/README.md). */
export function Brand() {
  return (
    <Link to="/" className="brand" aria-label="Intelligenter Stundenplan-Assistent – Startseite">
      <Logo size={40} className="brand__logo" />
      <span className="brand__words" aria-hidden="true">
        {/* Spaces between the stacked words: their text is then the words of the link's name, as WCAG 2.5.3 (axe: label-content-name-mismatch) wants. */}
        <span className="brand__word brand__word--top">Intelligenter</span> <span className="brand__word brand__word--main">Stundenplan</span>{' '}
        <span className="brand__word brand__word--bottom">Assistent</span>
      </span>
    </Link>
  );
}
