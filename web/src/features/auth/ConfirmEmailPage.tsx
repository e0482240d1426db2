import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../shared/api/client';
import { Alert } from '../../shared/ui/Alert';
import { ButtonLink } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { Page } from '../../shared/ui/Page';
import { PageSpinner } from '../../shared/ui/Spinner';
import { authApi } from './auth-api';

export const CONFIRM_EMAIL_MESSAGES = {
  success: 'Deine E-Mail-Adresse ist bestätigt.',
  missingToken: 'Der Bestätigungslink ist unvollständig.',
  failed: 'Die E-Mail-Adresse konnte nicht bestätigt werden.',
} as const;

/** /confirm-email?token=…: confirms the address once (the query dedupes re-mounts). */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const confirmation = useQuery({
    queryKey: ['confirm-email', token],
    enabled: Boolean(token),
    queryFn: async ({ signal }) => (await authApi.confirmEmail(token, signal)) ?? {},
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  return (
    <Page title="E-Mail-Adresse bestätigen" width="narrow">
      <Card>
        {!token ? (
          <Alert kind="error" title={CONFIRM_EMAIL_MESSAGES.missingToken} />
        ) : confirmation.isPending ? (
          <PageSpinner label="Deine E-Mail-Adresse wird bestätigt…" />
        ) : confirmation.isError ? (
          <Alert kind="error" title={CONFIRM_EMAIL_MESSAGES.failed}>
            {errorMessage(confirmation.error)}
          </Alert>
        ) : (
          <Alert kind="success" title={CONFIRM_EMAIL_MESSAGES.success}>
            Du kannst dich jetzt anmelden.
          </Alert>
        )}
        <div className="button-row">
          <ButtonLink to="/login" variant="primary">
            Zum Login
          </ButtonLink>
        </div>
      </Card>
    </Page>
  );
}
