import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../shared/api/client';
import { normaliseEmail } from '../../shared/session/login';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { Input } from '../../shared/ui/Input';
import { authApi, updatePasswordUrl } from './auth-api';

/** Requests the reset mail; afterwards shows a confirmation with a link back to login. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const clean = normaliseEmail(email);
    if (!clean) return;
    setPending(true);
    try {
      await authApi.forgotPassword(clean, updatePasswordUrl());
      setSentTo(clean);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setPending(false);
    }
  };

  if (sentTo) {
    return (
      <div className="form">
        <Alert kind="success" title="E-Mail ist unterwegs">
          Falls ein Account mit <strong>{sentTo}</strong> existiert, haben wir dir einen Link zum Zurücksetzen deines Passworts geschickt.
        </Alert>
        <p className="form-footer">
          <Link to="/login">Zurück zum Login</Link>
        </p>
      </div>
    );
  }

  return (
    <form className="form" onSubmit={submit}>
      <Input label="E-Mail" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      {error && <Alert kind="error" title={error} />}
      <Button type="submit" block loading={pending}>
        Link zum Zurücksetzen senden
      </Button>
      <p className="form-footer">
        <Link to="/login">Zurück zum Login</Link>
      </p>
    </form>
  );
}
