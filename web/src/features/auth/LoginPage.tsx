import { Card } from '../../shared/ui/Card';
import { Page } from '../../shared/ui/Page';
import { LoginForm } from './LoginForm';
import { SessionExpiredNotice } from './SessionExpiredNotice';
import { useAuthConfig } from '../../shared/session/UniversitySignIn';

export function LoginPage() {
  const config = useAuthConfig();
  const lead = config.password_login ? 'Melde dich mit deiner E-Mail-Adresse und deinem Passwort an.' : 'Melde dich mit deinem Account deiner Hochschule an.';
  return (
    <Page title="Login" width="narrow" lead={lead}>
      <SessionExpiredNotice />
      <Card>
        <LoginForm autoFocus />
      </Card>
    </Page>
  );
}
