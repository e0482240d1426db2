import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { Input } from '../../shared/ui/Input';
import { minutesLabel } from './contact-lock';
import { CONTACT_LIMITS } from './contact-model';
import type { ContactLock } from './use-contact-lock';

interface SenderProps {
  name: string;
  email: string;
  errors: { name?: string; email?: string };
  onChange: (field: 'name' | 'email', value: string) => void;
}

/** 'Name' and 'E-Mail' side by side, with the service's limits: the sender of every contact form. */
export function ContactSenderFields({ name, email, errors, onChange }: SenderProps) {
  return (
    <div className="form-row">
      <Input
        label="Name"
        name="name"
        autoComplete="name"
        required
        maxLength={CONTACT_LIMITS.name}
        value={name}
        onChange={(e) => onChange('name', e.target.value)}
        error={errors.name}
      />
      <Input
        label="E-Mail"
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={CONTACT_LIMITS.email}
        value={email}
        onChange={(e) => onChange('email', e.target.value)}
        error={errors.email}
      />
    </div>
  );
}

interface SubmitProps {
  lock: ContactLock;
  result: { ok: boolean; text: string } | null;
  pending: boolean;
  label: string;
}

/** The end of every contact form: the rate-limit lock with its countdown, the outcome, the submit button. */
export function ContactSubmit({ lock, result, pending, label }: SubmitProps) {
  return (
    <>
      {lock.detail !== null && (
        <Alert kind="warning" title={lock.detail}>
          Du kannst in {minutesLabel(lock.remainingMinutes)} wieder eine Nachricht senden.
        </Alert>
      )}
      {result && <Alert kind={result.ok ? 'success' : 'error'} title={result.text} />}
      <Button type="submit" size="lg" loading={pending} disabled={lock.detail !== null}>
        {label}
      </Button>
    </>
  );
}
