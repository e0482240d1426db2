import { UniversitySignIn, useAuthConfig } from '../../shared/session/UniversitySignIn';
import { Card } from '../../shared/ui/Card';
import { Page } from '../../shared/ui/Page';
import { ForgotPasswordForm } from './ForgotPasswordForm';

/** The password the university manages has no reset here: with PASSWORD_LOGIN=false the page leads to the university sign-in. */
export const PASSWORD_LOGIN_OFF = 'Die Anmeldung erfolgt über den Hochschul-Login.';

export function ForgotPasswordPage() {
  const config = useAuthConfig();
  if (!config.password_login) {
    return (
      <Page title="Passwort vergessen" width="narrow" lead={`${PASSWORD_LOGIN_OFF} Dein Passwort verwaltet deine Hochschule.`}>
        <Card>
          <UniversitySignIn config={config} />
        </Card>
      </Page>
    );
  }
  return (
    <Page
      title="Passwort vergessen"
      width="narrow"
      lead="Gib deine E-Mail-Adresse ein. Wir schicken dir einen Link, mit dem du ein neues Passwort festlegen kannst."
    >
      <Card>
        <ForgotPasswordForm />
      </Card>
    </Page>
  );
}
