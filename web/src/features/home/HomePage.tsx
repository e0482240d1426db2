import { LoginForm, SessionExpiredNotice } from '../auth';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { homePathForRole } from '../../shared/routing/protected-paths';
import { useSession } from '../../shared/session/session-context';
import { ButtonLink } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { Logo } from '../../shared/ui/Logo';
import { Spinner } from '../../shared/ui/Spinner';

const FEATURES = [
  {
    icon: '♪',
    title: 'Kurse verwalten',
    text: 'Lege Klassen und Kurse an, lade Studierende per Registrierungscode oder E-Mail ein und importiere Listen aus CSV-Dateien.',
  },
  {
    icon: '◷',
    title: 'Zeiten sammeln',
    text: 'Deine Studierenden tragen ihre verfügbaren Zeiten selbst ein – im 15-Minuten-Raster und nur in deinem Zeitfenster.',
  },
  {
    icon: '✦',
    title: 'Automatisch planen',
    text: 'Der Assistent berechnet einen passenden Wochenplan. Passe ihn per Drag & Drop an, exportiere ihn als PDF und verschicke ihn.',
  },
];

/** '/': landing page with the login (docs/product/screens.md). */
export function HomePage() {
  useDocumentTitle();
  const { status, user } = useSession();
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__intro">
          <Logo size={88} className="hero__logo" />
          <h1 id="hero-title" className="hero__title">
            Willkommen beim Stundenplan-Assistenten
          </h1>
          <p className="hero__subtitle">
            Der intelligente Stundenplan-Assistent für Musikunterricht: Verfügbarkeiten sammeln, Einzelunterricht im Viertelstundentakt planen und den fertigen
            Stundenplan an alle verschicken.
          </p>
        </div>
        <div className="hero__panel">
          <SessionExpiredNotice />
          {status === 'loading' ? (
            // The login form's room is held while the session is checked: the page below must not jump.
            <Card className="hero__login hero__login--pending" title="Login">
              <div className="hero__login-room" aria-hidden="true" inert>
                <LoginForm />
              </div>
              <Spinner size="lg" className="hero__login-spinner" />
            </Card>
          ) : user ? (
            <Card className="hero__login" title={`Schön, dass du da bist, ${user.username}!`}>
              <p>Du bist angemeldet und kannst direkt weitermachen.</p>
              <ButtonLink to={homePathForRole(user.role)} variant="primary" block>
                {user.role === 'teacher' ? 'Zur Stundenplanung' : user.role === 'student' ? 'Zu deinen Zeiten' : 'Weiter'}
              </ButtonLink>
            </Card>
          ) : (
            <Card className="hero__login" title="Login">
              <LoginForm />
            </Card>
          )}
        </div>
      </section>

      <section className="features" aria-label="Funktionen">
        {FEATURES.map((feature) => (
          <Card key={feature.title} as="article" className="feature-card" title={feature.title} headingLevel={2}>
            <span className="feature-card__icon" aria-hidden="true">
              {feature.icon}
            </span>
            <p>{feature.text}</p>
          </Card>
        ))}
      </section>
    </div>
  );
}
