import { Link } from 'react-router-dom';
import { AccessibilityReportForm } from '../contact';
import { getAccessibility, getImpressum } from '../../shared/site-config';
import { Card } from '../../shared/ui/Card';
import { Page } from '../../shared/ui/Page';
import { LegalPlaceholderWarning } from './LegalPlaceholderWarning';
import { OperatorEmail } from './OperatorAddress';

/** The day of the last check of this statement (update it with every new check). */
export const ACCESSIBILITY_LAST_CHECK = '2026-11-27';

function germanDate(isoDay: string): string {
  return new Intl.DateTimeFormat('de-DE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${isoDay}T00:00:00Z`));
}

/** /barrierefreiheit: the accessibility statement (Erklärung zur Barrierefreiheit) with its feedback form. */
export function AccessibilityPage() {
  const info = getImpressum();
  const { enforcementBody } = getAccessibility();
  const checked = germanDate(ACCESSIBILITY_LAST_CHECK);
  return (
    <Page
      title="Erklärung zur Barrierefreiheit"
      width="medium"
      className="accessibility"
      lead={`${info.operator} möchte den Stundenplan-Assistenten für alle zugänglich machen. Diese Erklärung gilt für die gesamte Web-Anwendung.`}
    >
      <LegalPlaceholderWarning />
      <Card title="Stand der Vereinbarkeit">
        <p>
          Der Stundenplan-Assistent ist teilweise mit der Barrierefreie-Informationstechnik-Verordnung (BITV 2.0) und der europäischen Norm EN 301 549
          vereinbar, die auf den Web Content Accessibility Guidelines (WCAG 2.1, Stufe AA) beruht. Die Einschränkungen stehen im nächsten Abschnitt.
        </p>
      </Card>

      <Card title="Bekannte Einschränkungen">
        <ul>
          <li>
            Die Stundenpläne als PDF-Datei (Export und Versand per E-Mail) sind nicht nach PDF/UA geprüft und mit einem Screenreader womöglich nur eingeschränkt
            lesbar. Studierende finden ihren Unterricht auch als Kalenderdatei (.ics) unter „Deine Kurse“.
          </li>
          <li>
            Die Wochenraster zum Eintragen von Zeiten und zur Stundenplanung bestehen aus vielen Feldern im Viertelstundentakt. Mit Tastatur und Screenreader
            sind sie bedienbar, aber aufwendig.
          </li>
          <li>Eine Prüfung durch eine unabhängige Prüfstelle und ein Test mit Menschen, die assistive Technik nutzen, stehen noch aus.</li>
        </ul>
      </Card>

      <Card title="Erstellung dieser Erklärung">
        <p>Diese Erklärung wurde zuletzt am {checked} geprüft.</p>
        <p>
          Methode: Selbstbewertung mit automatisierten Prüfungen (axe-core, Regeln der WCAG 2.0, 2.1 und 2.2, Stufen A und AA) bei Handy- und Desktop-Breite.
        </p>
      </Card>

      <Card title="Barriere melden">
        <p>
          Ist dir eine Barriere aufgefallen, oder brauchst du einen Inhalt in einer zugänglichen Form? Schreib uns. Deine Meldung erreicht uns wie eine
          Nachricht über das <Link to="/contact">Kontaktformular</Link>, und wir antworten dir per E-Mail. Du erreichst uns auch direkt unter{' '}
          <OperatorEmail email={info.email} />.
        </p>
        <AccessibilityReportForm />
      </Card>

      <Card title="Schlichtungsverfahren">
        <p>
          Wenn du auf deine Meldung keine zufriedenstellende Antwort erhältst, kannst du dich an die Schlichtungs- oder Durchsetzungsstelle wenden, die für den
          Betreiber zuständig ist{enforcementBody ? `: ${enforcementBody}.` : '.'}
        </p>
      </Card>
    </Page>
  );
}
