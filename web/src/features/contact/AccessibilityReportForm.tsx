import { useEffect, useState, type FormEvent } from 'react';
import { useSession } from '../../shared/session/session-context';
import { toast } from '../../shared/toast/toast-store';
import { Input } from '../../shared/ui/Input';
import { Textarea } from '../../shared/ui/Textarea';
import { checkContact, CONTACT_LIMITS, CONTACT_MESSAGES, normalizeContact, type ContactFieldErrors } from './contact-model';
import { ContactSenderFields, ContactSubmit } from './ContactFormParts';
import { useContactLock } from './use-contact-lock';
import { useSendContactMessage } from './use-send-contact-message';

/** What the operator's contact mail shows before the place the reporter names (docs/product/screens.md#accessibility-statement). */
export const BARRIER_SUBJECT_PREFIX = 'Barriere melden: ';
const WHERE_MAX = CONTACT_LIMITS.subject - BARRIER_SUBJECT_PREFIX.length;

interface Report {
  where: string;
  description: string;
  name: string;
  email: string;
}

/**
 * 'Barriere melden' on /barrierefreiheit: a report reaches the operator through the contact channel
 * (POST /api/contact, type `bug`, subject 'Barriere melden: {where}'), with the contact form's checks,
 * texts and rate limit (one lock for both forms, as the server counts them together).
 */
export function AccessibilityReportForm() {
  const { user } = useSession();
  const [form, setForm] = useState<Report>({ where: '', description: '', name: '', email: '' });
  const [fieldErrors, setFieldErrors] = useState<ContactFieldErrors>({});
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const send = useSendContactMessage();
  const lock = useContactLock();

  useEffect(() => {
    if (!user) return;
    setForm((f) => ({ ...f, name: f.name || user.username, email: f.email || user.email }));
  }, [user]);

  const update = (key: keyof Report, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    const field = key === 'where' ? 'subject' : key === 'description' ? 'message' : key;
    setFieldErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (lock.detail !== null) return;
    setResult(null);
    const payload = normalizeContact({ type: 'bug', name: form.name, email: form.email, subject: form.where, message: form.description });
    const problem = checkContact(payload, ['subject', 'message', 'name', 'email']);
    if (problem) {
      setFieldErrors(problem.fieldErrors);
      if (problem.missing) setResult({ ok: false, text: CONTACT_MESSAGES.missing });
      return;
    }
    setFieldErrors({});
    try {
      await send.mutateAsync({ ...payload, subject: `${BARRIER_SUBJECT_PREFIX}${payload.subject}` });
      setResult({ ok: true, text: CONTACT_MESSAGES.success });
      toast.success(CONTACT_MESSAGES.success);
      setForm((f) => ({ ...f, where: '', description: '' }));
    } catch (error) {
      if (!lock.lockOn(error)) setResult({ ok: false, text: CONTACT_MESSAGES.failure });
    }
  };

  return (
    // noValidate: German messages of our own instead of the browser's bubbles.
    <form className="form" aria-label="Barriere melden" onSubmit={(e) => void submit(e)} noValidate>
      <Input
        label="Wo bist du auf die Barriere gestoßen?"
        hint="Seite oder Funktion, z. B. „Deine Zeiten“ oder „Stundenplan als PDF“"
        name="where"
        required
        maxLength={WHERE_MAX}
        value={form.where}
        onChange={(e) => update('where', e.target.value)}
        error={fieldErrors.subject}
      />
      <Textarea
        label="Beschreibung"
        hint="Was hat nicht funktioniert? Welche Hilfsmittel nutzt du, z. B. Screenreader, Tastatur oder Vergrößerung?"
        name="description"
        required
        rows={6}
        maxLength={CONTACT_LIMITS.message}
        value={form.description}
        onChange={(e) => update('description', e.target.value)}
        error={fieldErrors.message}
      />
      <ContactSenderFields name={form.name} email={form.email} errors={fieldErrors} onChange={update} />
      <ContactSubmit lock={lock} result={result} pending={send.isPending} label="Barriere melden" />
    </form>
  );
}
