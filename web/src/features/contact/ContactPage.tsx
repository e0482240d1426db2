import { useEffect, useState, type FormEvent } from 'react';
import { useSession } from '../../shared/session/session-context';
import { toast } from '../../shared/toast/toast-store';
import { Card } from '../../shared/ui/Card';
import { Input } from '../../shared/ui/Input';
import { Page } from '../../shared/ui/Page';
import { Select } from '../../shared/ui/Select';
import { Textarea } from '../../shared/ui/Textarea';
import { checkContact, CONTACT_LIMITS, CONTACT_MESSAGES, normalizeContact, type ContactMessage, type ContactType } from './contact-model';
import { ContactSenderFields, ContactSubmit } from './ContactFormParts';
import { useContactLock } from './use-contact-lock';
import { useSendContactMessage } from './use-send-contact-message';

const TYPE_OPTIONS = [
  { value: 'feedback', label: 'Feedback' },
  { value: 'bug', label: 'Fehler melden' },
];

export function ContactPage() {
  const { user } = useSession();
  const [form, setForm] = useState<ContactMessage>({ type: 'feedback', name: '', email: '', subject: '', message: '' });
  const send = useSendContactMessage();
  const pending = send.isPending;
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const lock = useContactLock();
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof ContactMessage, string>>>({});

  // Prefill from the session once it is known, without overwriting what was typed.
  useEffect(() => {
    if (!user) return;
    setForm((f) => ({ ...f, name: f.name || user.username, email: f.email || user.email }));
  }, [user]);

  const update = <K extends keyof ContactMessage>(key: K, value: ContactMessage[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setFieldErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };
  const locked = lock.detail !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (locked) return;
    setResult(null);
    const payload = normalizeContact(form);
    const problem = checkContact(payload, ['subject', 'name', 'email', 'message']);
    if (problem) {
      setFieldErrors(problem.fieldErrors);
      if (problem.missing) setResult({ ok: false, text: CONTACT_MESSAGES.missing });
      return;
    }
    setFieldErrors({});
    try {
      await send.mutateAsync(payload);
      setResult({ ok: true, text: CONTACT_MESSAGES.success });
      toast.success(CONTACT_MESSAGES.success);
      setForm((f) => ({ ...f, subject: '', message: '' }));
    } catch (error) {
      if (!lock.lockOn(error)) setResult({ ok: false, text: CONTACT_MESSAGES.failure });
    }
  };

  return (
    <Page title="Kontakt" width="medium" lead="Du hast eine Frage, eine Idee oder einen Fehler gefunden? Schreib uns.">
      <Card>
        {/* noValidate: German messages of our own instead of the browser's bubbles. */}
        <form className="form" onSubmit={(e) => void submit(e)} noValidate>
          <div className="form-row">
            <Select
              label="Art der Nachricht"
              name="type"
              required
              value={form.type}
              onChange={(e) => update('type', e.target.value as ContactType)}
              options={TYPE_OPTIONS}
            />
            <Input
              label="Betreff"
              name="subject"
              required
              maxLength={CONTACT_LIMITS.subject}
              value={form.subject}
              onChange={(e) => update('subject', e.target.value)}
              error={fieldErrors.subject}
            />
          </div>
          <ContactSenderFields name={form.name} email={form.email} errors={fieldErrors} onChange={update} />
          <Textarea
            label="Nachricht"
            name="message"
            required
            rows={7}
            maxLength={CONTACT_LIMITS.message}
            value={form.message}
            onChange={(e) => update('message', e.target.value)}
            error={fieldErrors.message}
          />
          <ContactSubmit lock={lock} result={result} pending={pending} label="Nachricht senden" />
        </form>
      </Card>
    </Page>
  );
}
