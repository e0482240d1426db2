import { useState, type FormEvent } from 'react';
import { useAutoFocus } from '../../shared/hooks/use-auto-focus';
import { Link } from 'react-router-dom';
import { describeLoginFailure, LOGIN_MESSAGES, type LoginFailure } from '../../shared/session/login';
import { useLogin } from '../../shared/session/use-login';
import { toast } from '../../shared/toast/toast-store';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { Input } from '../../shared/ui/Input';
import { useResendConfirmation } from './auth-mutations';
import { UniversitySignIn, useAuthConfig } from '../../shared/session/UniversitySignIn';

/** The login form of '/' and '/login' (docs/product/accounts.md, docs/product/accounts.md, docs/product/errors.md). */
export function LoginForm({ autoFocus = false }: { autoFocus?: boolean }) {
  const config = useAuthConfig();
  if (!config.password_login) return <UniversitySignIn config={config} />;
  return (
    <>
      <UniversitySignIn config={config} />
      <PasswordLoginForm autoFocus={autoFocus} />
    </>
  );
}

function PasswordLoginForm({ autoFocus }: { autoFocus: boolean }) {
  const { login, pending } = useLogin();
  // The form mounts once the sign-in options are known, after the page: the hook focuses it then.
  const emailRef = useAutoFocus<HTMLInputElement>(autoFocus);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const resendMutation = useResendConfirmation();
  const resending = resendMutation.isPending;
  const [resendResult, setResendResult] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setResendResult(null);
    setFailure(await login(email, password));
  };

  const resend = () =>
    resendMutation.mutate(
      { email, password },
      {
        onSuccess: () => {
          setResendResult({ ok: true, text: LOGIN_MESSAGES.resendSuccess });
          toast.success(LOGIN_MESSAGES.resendSuccess);
        },
        // The server answers in the login's codes ('Invalid credentials', ...): show them in German too.
        onError: (error) => setResendResult({ ok: false, text: describeLoginFailure(error).message }),
      },
    );

  return (
    <form className="form" onSubmit={(e) => void submit(e)} aria-label="Login">
      <Input label="E-Mail" type="email" name="email" autoComplete="email" required ref={emailRef} value={email} onChange={(e) => setEmail(e.target.value)} />
      <Input
        label="Passwort"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {failure && (
        <Alert
          kind="error"
          title={failure.message}
          actions={
            failure.code === 'email-not-confirmed' ? (
              <Button variant="secondary" size="sm" onClick={() => resend()} loading={resending}>
                {LOGIN_MESSAGES.resendButton}
              </Button>
            ) : undefined
          }
        />
      )}
      {resendResult && <Alert kind={resendResult.ok ? 'success' : 'error'} title={resendResult.text} />}
      <Button type="submit" block size="lg" loading={pending}>
        Anmelden
      </Button>
      <div className="form-links">
        <Link to="/forgot-password">Passwort vergessen?</Link>
        <Link to="/register">Noch kein Account? Registrieren</Link>
      </div>
    </form>
  );
}
