// The contact message (docs/product/data.md) and the browser's checks before POST /api/contact, shared by
// the contact page and the 'Barriere melden' form of /barrierefreiheit.

export const CONTACT_MESSAGES = {
  success: 'Vielen Dank für deine Nachricht! Wir melden uns schnellstmöglich bei dir.',
  failure: 'Es gab einen Fehler beim Senden deiner Nachricht. Bitte versuche es später erneut.',
  missing: 'Bitte fülle alle Felder aus.',
  email: 'Bitte gib eine gültige E-Mail-Adresse ein.',
  required: 'Bitte fülle dieses Feld aus.',
} as const;

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

export type ContactText = Exclude<keyof ContactMessage, 'type'>;
export type ContactFieldErrors = Partial<Record<ContactText, string>>;

/** Trimmed fields, the address in lower case: what is sent. */
export function normalizeContact(form: ContactMessage): ContactMessage {
  return {
    type: form.type,
    name: form.name.trim(),
    email: form.email.trim().toLowerCase(),
    subject: form.subject.trim(),
    message: form.message.trim(),
  };
}

/** The browser's check: every empty field marked (and the form's 'Bitte fülle alle Felder aus.'), else a malformed address; null when it may be sent. */
export function checkContact(payload: ContactMessage, fields: readonly ContactText[]): { fieldErrors: ContactFieldErrors; missing: boolean } | null {
  const missing = fields.filter((key) => !payload[key]);
  if (missing.length) return { fieldErrors: Object.fromEntries(missing.map((key) => [key, CONTACT_MESSAGES.required])), missing: true };
  if (payload.email.length > CONTACT_LIMITS.email || !CONTACT_EMAIL_PATTERN.test(payload.email))
    return { fieldErrors: { email: CONTACT_MESSAGES.email }, missing: false };
  return null;
}
