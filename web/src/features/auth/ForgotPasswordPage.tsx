import { Card } from '../../shared/ui/Card';
import { Page } from '../../shared/ui/Page';
import { ForgotPasswordForm } from './ForgotPasswordForm';

export function ForgotPasswordPage() {
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
