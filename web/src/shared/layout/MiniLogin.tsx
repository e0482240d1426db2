import { useState, type FormEvent } from 'react';
import { useAutoFocus } from '../hooks/use-auto-focus';
import { Link } from 'react-router-dom';
import { describeLoginFailure, LOGIN_MESSAGES, resendConfirmation, type LoginFailure } from '../session/login';
import { UniversitySignIn, useAuthConfig } from '../session/UniversitySignIn';
import { useLogin } from '../session/use-login';
import { Button } from '../ui/Button';
import { Input } from '../ui/Input';

/** The login popup behind the avatar button for logged-out visitors (docs/product/screens.md). */
export function MiniLogin({ onDone }: { onDone: () => void }) {
  const config = useAuthConfig();
  if (!config.password_login) {
    return (
      <div className="mini-login">
        <UniversitySignIn config={config} />
      </div>
    );
  }
  return (
    <div className="mini-login">
      <UniversitySignIn config={config} />
      <MiniPasswordLogin onDone={onDone} />
    </div>
  );
}

function MiniPasswordLogin({ onDone }: { onDone: () => void }) {
  const { login, pending } = useLogin();
  // The popup opens on a click: its first field takes the focus when it mounts.
  const emailRef = useAutoFocus<HTMLInputElement>();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const [resendNote, setResendNote] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setResendNote(null);
    const result = await login(email, password);
    if (result) setFailure(result);
    else onDone();
  };

  const resend = async () => {
    try {
      await resendConfirmation(email, password);
      setResendNote(LOGIN_MESSAGES.resendSuccess);
    } catch (error) {
      // The server answers in the login's codes ('Invalid credentials', ...): show them in German too.
      setResendNote(describeLoginFailure(error).message);
    }
  };

  // The compact widget words wrong credentials its own way (docs/product/errors.md).
  const message =
    failure && (failure.code === 'invalid-credentials' || failure.code === 'user-not-found') ? LOGIN_MESSAGES.invalidCredentialsShort : failure?.message;

  return (
    <form className="mini-login" onSubmit={(e) => void submit(e)} noValidate={false} aria-label="Anmelden">
      <Input label="E-Mail" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} ref={emailRef} />
      <Input
        label="Passwort"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {message && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
      {failure?.code === 'email-not-confirmed' && (
        <Button variant="secondary" size="sm" onClick={() => void resend()}>
          {LOGIN_MESSAGES.resendButton}
        </Button>
      )}
      {resendNote && <p className="form-note">{resendNote}</p>}
      <Button type="submit" block loading={pending}>
        Anmelden
      </Button>
      <Link to="/register" className="mini-login__register" onClick={onDone}>
        Noch kein Account? Registrieren
      </Link>
    </form>
  );
}
