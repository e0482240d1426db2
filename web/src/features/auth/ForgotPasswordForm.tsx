import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../shared/api/client';
import { normaliseEmail } from '../../shared/session/login';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { Input } from '../../shared/ui/Input';
import { usePasswordResetMail } from './auth-mutations';

/** Requests the reset mail; afterwards shows a confirmation with a link back to login. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const request = usePasswordResetMail();
  const pending = request.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const clean = normaliseEmail(email);
    if (!clean) return;
    request.mutate(clean, { onSuccess: () => setSentTo(clean), onError: (e) => setError(errorMessage(e)) });
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
