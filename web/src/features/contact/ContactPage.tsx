import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, detailText } from '../../shared/api/client';
import { useSession } from '../../shared/session/session-context';
import { toast } from '../../shared/toast/toast-store';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { Input } from '../../shared/ui/Input';
import { Page } from '../../shared/ui/Page';
import { Select } from '../../shared/ui/Select';
import { Textarea } from '../../shared/ui/Textarea';
import { readStorage, removeStorage, writeStorage } from '../../shared/storage';
import { minutesLabel, waitMinutes } from './contact-lock';
import { useSendContactMessage } from './use-send-contact-message';

export const CONTACT_MESSAGES = {
  success: 'Vielen Dank für deine Nachricht! Wir melden uns schnellstmöglich bei dir.',
  failure: 'Es gab einen Fehler beim Senden deiner Nachricht. Bitte versuche es später erneut.',
  missing: 'Bitte fülle alle Felder aus.',
  rateLimited: 'Zu viele Nachrichten in kurzer Zeit.',
  email: 'Bitte gib eine gültige E-Mail-Adresse ein.',
  required: 'Bitte fülle dieses Feld aus.',
} as const;

/** The rate-limit lock survives a reload (docs/product/documents.md: locked until the wait time runs out). */
const LOCK_KEY = 'contactLock';

function readLock(): RateLimit | null {
  try {
    const raw = readStorage(LOCK_KEY);
    const lock = raw ? (JSON.parse(raw) as Partial<RateLimit>) : null;
    if (lock && typeof lock.until === 'number' && lock.until > Date.now() && typeof lock.detail === 'string') return { detail: lock.detail, until: lock.until };
  } catch {
    /* a broken entry is no lock */
  }
  removeStorage(LOCK_KEY);
  return null;
}

/** The notification service's limits (docs/product/limits.md: name 50, e-mail 100); longer input would only earn the generic failure. */
export const CONTACT_LIMITS = { name: 50, email: 100, subject: 200, message: 5000 } as const;
const CONTACT_EMAIL_PATTERN = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>.]{2,}$/;

export type ContactType = 'feedback' | 'bug';

export interface ContactMessage {
  type: ContactType;
  name: string;
  email: string;
  subject: string;
  message: string;
}

const TYPE_OPTIONS = [
  { value: 'feedback', label: 'Feedback' },
  { value: 'bug', label: 'Fehler melden' },
];

interface RateLimit {
  detail: string;
  until: number;
}

export function ContactPage() {
  const { user } = useSession();
  const [form, setForm] = useState<ContactMessage>({ type: 'feedback', name: '', email: '', subject: '', message: '' });
  const send = useSendContactMessage();
  const pending = send.isPending;
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [limit, setLimit] = useState<RateLimit | null>(readLock);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof ContactMessage, string>>>({});
  const [now, setNow] = useState(() => Date.now());

  // Prefill from the session once it is known, without overwriting what was typed.
  useEffect(() => {
    if (!user) return;
    setForm((f) => ({ ...f, name: f.name || user.username, email: f.email || user.email }));
  }, [user]);

  useEffect(() => {
    if (!limit) return;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current >= limit.until) {
        setLimit(null);
        removeStorage(LOCK_KEY);
      }
    };
    const timer = setInterval(tick, 1000);
    const end = setTimeout(tick, Math.max(0, limit.until - Date.now()));
    return () => {
      clearInterval(timer);
      clearTimeout(end);
    };
  }, [limit]);

  const update = <K extends keyof ContactMessage>(key: K, value: ContactMessage[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setFieldErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };
  const locked = limit !== null && now < limit.until;
  const remainingMinutes = limit ? waitMinutes((limit.until - now) / 1000) : 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (locked) return;
    setResult(null);
    const payload: ContactMessage = {
      type: form.type,
      name: form.name.trim(),
      email: form.email.trim().toLowerCase(),
      subject: form.subject.trim(),
      message: form.message.trim(),
    };
    const missing = (['subject', 'name', 'email', 'message'] as const).filter((key) => !payload[key]);
    if (missing.length) {
      setFieldErrors(Object.fromEntries(missing.map((key) => [key, CONTACT_MESSAGES.required])));
      setResult({ ok: false, text: CONTACT_MESSAGES.missing });
      return;
    }
    if (payload.email.length > CONTACT_LIMITS.email || !CONTACT_EMAIL_PATTERN.test(payload.email)) {
      setFieldErrors({ email: CONTACT_MESSAGES.email });
      return;
    }
    setFieldErrors({});
    try {
      await send.mutateAsync(payload);
      setResult({ ok: true, text: CONTACT_MESSAGES.success });
      toast.success(CONTACT_MESSAGES.success);
      setForm((f) => ({ ...f, subject: '', message: '' }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        const body = error.body as { wait_time?: unknown } | undefined;
        const waitSeconds = Number(body?.wait_time);
        const seconds = Number.isFinite(waitSeconds) && waitSeconds > 0 ? waitSeconds : 60;
        const start = Date.now();
        setNow(start);
        const lock = { detail: detailText(error.body) ?? CONTACT_MESSAGES.rateLimited, until: start + seconds * 1000 };
        setLimit(lock);
        writeStorage(LOCK_KEY, JSON.stringify(lock));
      } else {
        setResult({ ok: false, text: CONTACT_MESSAGES.failure });
      }
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
          <div className="form-row">
            <Input
              label="Name"
              name="name"
              autoComplete="name"
              required
              maxLength={CONTACT_LIMITS.name}
              value={form.name}
              onChange={(e) => update('name', e.target.value)}
              error={fieldErrors.name}
            />
            <Input
              label="E-Mail"
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={CONTACT_LIMITS.email}
              value={form.email}
              onChange={(e) => update('email', e.target.value)}
              error={fieldErrors.email}
            />
          </div>
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
          {locked && limit && (
            <Alert kind="warning" title={limit.detail}>
              Du kannst in {minutesLabel(remainingMinutes)} wieder eine Nachricht senden.
            </Alert>
          )}
          {result && <Alert kind={result.ok ? 'success' : 'error'} title={result.text} />}
          <Button type="submit" size="lg" loading={pending} disabled={locked}>
            Nachricht senden
          </Button>
        </form>
      </Card>
    </Page>
  );
}
