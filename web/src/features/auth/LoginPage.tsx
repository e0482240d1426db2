import { Card } from '../../shared/ui/Card';
import { Page } from '../../shared/ui/Page';
import { LoginForm } from './LoginForm';
import { SessionExpiredNotice } from './SessionExpiredNotice';

export function LoginPage() {
  return (
    <Page title="Login" width="narrow" lead="Melde dich mit deiner E-Mail-Adresse und deinem Passwort an.">
      <SessionExpiredNotice />
      <Card>
        <LoginForm autoFocus />
      </Card>
    </Page>
  );
}
