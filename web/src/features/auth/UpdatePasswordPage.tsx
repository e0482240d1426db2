import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError, detailText, API_MESSAGES } from '../../shared/api/client';
import { toast } from '../../shared/toast/toast-store';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { Input } from '../../shared/ui/Input';
import { Page } from '../../shared/ui/Page';
import { PageSpinner } from '../../shared/ui/Spinner';
import { authApi } from './auth-api';
import { useUpdatePassword } from './auth-mutations';
import { isValidPassword, PASSWORD_MAX_LENGTH, REGISTRATION_MESSAGES } from './registration-validation';
import { readResetToken, stripResetTokenFromUrl } from './update-password-token';

export const UPDATE_PASSWORD_MESSAGES = {
  invalidLink: 'Ungültiger Link',
  success: 'Passwort erfolgreich aktualisiert',
} as const;

/** Answers that mean the token is unknown, used or expired. */
function isInvalidToken(error: unknown): boolean {
  return error instanceof ApiError && [400, 401, 403, 404, 410].includes(error.status);
}

/** The check on opening: only its 'Ungültiger Link' answer counts; other failures leave the decision to the submit. */
function isRejectedByCheck(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 400 || error.status === 410);
}

function InvalidLinkAlert() {
  return (
    <Alert kind="error" title={UPDATE_PASSWORD_MESSAGES.invalidLink}>
      Der Link ist abgelaufen oder wurde schon benutzt. <Link to="/forgot-password">Neuen Link anfordern</Link>
    </Alert>
  );
}

export function UpdatePasswordPage() {
  const navigate = useNavigate();
  // Read once: the token leaves the address bar right after.
  const [token] = useState(() => readResetToken(window.location));
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ password?: string; repeat?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const update = useUpdatePassword();
  const pending = update.isPending;

  useEffect(() => {
    if (!token) {
      void navigate('/login', { replace: true });
      return;
    }
    stripResetTokenFromUrl();
  }, [token, navigate]);

  // docs/product/accounts.md: an invalid token shows 'Ungültiger Link' right away, not only after typing a new password.
  const check = useQuery({
    queryKey: ['reset-token', token],
    enabled: Boolean(token),
    queryFn: async ({ signal }) => (await authApi.checkResetToken(token!, signal)) ?? {},
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

  if (!token) return null;
  if (check.isPending) {
    return (
      <Page title="Neues Passwort festlegen" width="narrow">
        <PageSpinner label="Link wird geprüft…" />
      </Page>
    );
  }
  if (check.isError && isRejectedByCheck(check.error)) {
    return (
      <Page title="Neues Passwort festlegen" width="narrow">
        <Card>
          <InvalidLinkAlert />
        </Card>
      </Page>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const errors = {
      password: isValidPassword(password) ? undefined : REGISTRATION_MESSAGES.password,
      repeat: password === repeat ? undefined : REGISTRATION_MESSAGES.passwordRepeat,
    };
    setFieldErrors(errors);
    if (errors.password || errors.repeat) return;
    try {
      await update.mutateAsync({ token, password });
      toast.success(UPDATE_PASSWORD_MESSAGES.success);
      void navigate('/login', { replace: true });
    } catch (e) {
      if (isInvalidToken(e)) setError(UPDATE_PASSWORD_MESSAGES.invalidLink);
      else setError(detailText((e as ApiError).body) ?? (e instanceof Error ? e.message : API_MESSAGES.generic));
    }
  };

  return (
    <Page title="Neues Passwort festlegen" width="narrow">
      <Card>
        <form className="form" onSubmit={(e) => void submit(e)} noValidate>
          <Input
            label="Neues Passwort"
            type="password"
            name="password"
            autoComplete="new-password"
            required
            maxLength={PASSWORD_MAX_LENGTH}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={fieldErrors.password}
            hint={fieldErrors.password ? undefined : 'Mindestens 8 Zeichen, Buchstaben und Zahlen'}
          />
          <Input
            label="Passwort wiederholen"
            type="password"
            name="passwordRepeat"
            autoComplete="new-password"
            required
            maxLength={PASSWORD_MAX_LENGTH}
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
            error={fieldErrors.repeat}
          />
          {error === UPDATE_PASSWORD_MESSAGES.invalidLink ? <InvalidLinkAlert /> : error && <Alert kind="error" title={error} />}
          <Button type="submit" block loading={pending}>
            Passwort speichern
          </Button>
        </form>
      </Card>
    </Page>
  );
}
