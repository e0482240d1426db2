import { Link } from 'react-router-dom';
import { getImpressum, getPrivacy } from '../../shared/site-config';
import { Card } from '../../shared/ui/Card';
import { Page } from '../../shared/ui/Page';
import { LegalPlaceholderWarning } from './LegalPlaceholderWarning';
import { OperatorAddress, OperatorEmail } from './OperatorAddress';

/** /datenschutz: the privacy policy (Datenschutzerklärung); operator data from the runtime configuration. */
export function PrivacyPage() {
  const info = getImpressum();
  const privacy = getPrivacy();
  const days = privacy.retentionDaysAfterSemester ?? '180';
  const months = privacy.accountRetentionMonths ?? '24';
  return (
    <Page title="Datenschutzerklärung" width="medium" className="privacy">
      <LegalPlaceholderWarning />
      <Card title="Verantwortlich">
        <p>Verantwortlich für die Verarbeitung deiner Daten im Sinne der Datenschutz-Grundverordnung (DSGVO) ist:</p>
        <OperatorAddress info={info} />
        <p>
          E-Mail: <OperatorEmail email={info.email} />
        </p>
        {privacy.dataProtectionOfficer && <p>Datenschutzbeauftragte*r: {privacy.dataProtectionOfficer}</p>}
      </Card>

      <Card title="Welche Daten wir verarbeiten und wozu">
        <h3>Konto</h3>
        <p>
          Für dein Konto speichern wir Name, E-Mail-Adresse, Rolle, gegebenenfalls deine Hochschule und (bei Studierenden) die Unterrichtsdauer sowie dein
          Passwort als sicheren Hash. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO (Nutzung des Dienstes).
        </p>
        <h3>Kurse, Zeiten und Stundenpläne</h3>
        <p>
          Lehrkräfte legen Klassen und Kurse an und tragen Studierende mit Name, E-Mail-Adresse und Unterrichtsdauer ein. Gespeichert werden außerdem die
          verfügbaren Zeiten, die du oder deine Lehrkraft einträgt, und die Stundenpläne. Deine Lehrkraft sieht deine Zeiten, um den Stundenplan zu erstellen.
          Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO.
        </p>
        <h3>E-Mails</h3>
        <p>
          Wir schicken dir E-Mails zur Bestätigung deiner Adresse, zum Zurücksetzen des Passworts, Einladungen deiner Lehrkraft und den fertigen Stundenplan als
          PDF.
          {privacy.mailProvider && ` Für den Versand nutzen wir: ${privacy.mailProvider}.`}
        </p>
        <h3>Kontaktformular</h3>
        <p>Wenn du uns über das Kontaktformular schreibst, speichern wir Name, E-Mail-Adresse, Betreff und Nachricht, um dir zu antworten.</p>
        <h3>Server und Schutz vor Missbrauch</h3>
        <p>
          Beim Aufruf der Seite verarbeitet der Server technisch notwendige Daten wie deine IP-Adresse und den Zeitpunkt. Um Missbrauch zu begrenzen, zählen wir
          Anmelde-, Registrierungs- und Kontaktversuche je IP-Adresse und Konto; diese Zähler verfallen nach höchstens einer Stunde. Rechtsgrundlage ist Art. 6
          Abs. 1 lit. f DSGVO (sicherer Betrieb).
          {privacy.hosting && ` Die Server betreibt: ${privacy.hosting}.`}
        </p>
      </Card>

      <Card title="Cookies und Speicher im Browser">
        <p>Wir setzen keine Tracking- oder Werbe-Cookies. Gespeichert wird nur, was für die Nutzung nötig ist:</p>
        <ul>
          <li>ein Sitzungs-Cookie, solange du angemeldet bist;</li>
          <li>je Klasse ein Cookie mit dem gewählten Zeitbereich der Stundenplanung (Lehrkräfte);</li>
          <li>im Speicher deines Browsers ein Hinweis auf eine abgelaufene Sitzung, die zuletzt besuchte Seite und noch nicht gespeicherte Zeiten.</li>
        </ul>
      </Card>

      <Card title="Wie lange wir Daten speichern">
        <p>
          Deine Daten bleiben gespeichert, bis du dein Konto löschst, deine Lehrkraft dich aus dem Kurs entfernt oder eine der Löschfristen unten abläuft. Dein
          Konto kannst du jederzeit selbst unter <Link to="/profile">Profil</Link> löschen.
        </p>
      </Card>

      <Card title="Löschfristen">
        <p>Daten, die nicht mehr gebraucht werden, löschen wir automatisch:</p>
        <ul>
          <li>
            Die Zeiten und Wunschzeiten eines Kurses, seine datierten Termine und gespeicherten Stundenpläne sowie alles, was eine Lehrkraft über Mitglieder
            ohne eigenes Konto eingetragen hat (Name, E-Mail-Adresse), löschen wir {days} Tage nach dem letzten Tag des Semesters, bei einem Kurs ohne Semester{' '}
            {days} Tage nach seiner letzten Änderung. Die Lehrkraft erhält 14 Tage vorher eine E-Mail.
          </li>
          <li>
            Hast du dich {months} Monate lang nicht angemeldet, erhältst du eine E-Mail. Meldest du dich danach nicht innerhalb von 30 Tagen an, löschen wir
            dein Konto mit allen Daten dazu.
          </li>
          <li>Nachrichten zwischen unseren Diensten, die Namen, E-Mail-Adressen oder E-Mail-Texte enthalten, löschen wir 24 Stunden nach ihrer Zustellung.</li>
        </ul>
        <p>
          Eine Kopie aller Daten, die wir über dich speichern, kannst du jederzeit unter <Link to="/profile">Profil</Link> mit „Meine Daten herunterladen“
          abrufen.
        </p>
      </Card>

      <Card title="Deine Rechte">
        <p>
          Du hast das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch (Art. 15 bis 21 DSGVO).
          Schreib uns dazu an die oben genannte Adresse. Außerdem kannst du dich bei einer Datenschutz-Aufsichtsbehörde beschweren
          {privacy.supervisoryAuthority ? `, zuständig ist: ${privacy.supervisoryAuthority}.` : '.'}
        </p>
      </Card>
    </Page>
  );
}
