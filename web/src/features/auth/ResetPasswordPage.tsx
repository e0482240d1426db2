import { Navigate } from 'react-router-dom';
import { Card } from '../../shared/ui/Card';
import { Page } from '../../shared/ui/Page';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { readResetToken } from './update-password-token';

/** /reset-password: links carrying a token go on to /update-password; otherwise request a link. */
export function ResetPasswordPage() {
  const token = readResetToken(window.location);
  if (token) return <Navigate to={`/update-password#token=${encodeURIComponent(token)}`} replace />;
  return (
    <Page title="Passwort zurücksetzen" width="narrow" lead="Fordere einen Link an, um ein neues Passwort festzulegen.">
      <Card>
        <ForgotPasswordForm />
      </Card>
    </Page>
  );
}
