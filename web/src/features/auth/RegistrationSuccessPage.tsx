import { useLocation } from 'react-router-dom';
import { ButtonLink } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { Page } from '../../shared/ui/Page';
import type { RegistrationSuccessState } from './register/use-register-form';
import { ROLE_ID_TEACHER } from './registration-validation';

function readState(state: unknown): Partial<RegistrationSuccessState> {
  return state && typeof state === 'object' ? (state as Partial<RegistrationSuccessState>) : {};
}

export function RegistrationSuccessPage() {
  const { message, email, roleId, teacherName, institutionName, className, classDescription } = readState(useLocation().state);
  return (
    <Page title="Registrierung erfolgreich" width="narrow" lead={message || 'Dein Account wurde angelegt.'}>
      <Card title="Nächste Schritte">
        <ol className="steps">
          <li>
            Öffne dein Postfach
            {email ? (
              <>
                {' '}
                (<strong>{email}</strong>)
              </>
            ) : null}{' '}
            und bestätige deine E-Mail-Adresse über den Link in unserer Nachricht. Schau auch im Spam-Ordner nach.
          </li>
          <li>Melde dich anschließend mit deiner E-Mail-Adresse und deinem Passwort an.</li>
          {className ? (
            <li>
              Du wirst dem Kurs <strong>{className}</strong>
              {teacherName && <> bei {teacherName}</>}
              {institutionName && <> ({institutionName})</>} zugeordnet
              {classDescription ? <>: {classDescription}</> : null}. Danach kannst du deine verfügbaren Zeiten eintragen.
            </li>
          ) : roleId === ROLE_ID_TEACHER ? (
            <li>Danach kannst du Klassen und Kurse anlegen und deine Studierenden einladen.</li>
          ) : (
            <li>Danach kannst du einem Kurs mit dem Registrierungscode deiner Lehrkraft beitreten und deine verfügbaren Zeiten eintragen.</li>
          )}
        </ol>
        <div className="button-row">
          <ButtonLink to="/login" variant="primary">
            Zum Login
          </ButtonLink>
          <ButtonLink to="/" variant="secondary">
            Zur Startseite
          </ButtonLink>
        </div>
      </Card>
    </Page>
  );
}
