import { AppError, parseInput, type MailRequestedPayload, type SessionUser } from '@stundenplan/base';
import { z } from 'zod';
import type { NotificationDeps } from './deps.js';

/** docs/product/documents.md Contact: all fields required, type feedback or bug. Limits (docs/product/limits.md where it has them) keep the operator's inbox sane. */
export const CONTACT_MSG = {
  type: 'Bitte wähle aus, ob du Feedback geben oder einen Fehler melden möchtest.',
  name: 'Bitte gib deinen Namen ein.',
  nameLength: 'Der Name darf höchstens 50 Zeichen lang sein.',
  email: 'Bitte gib eine gültige E-Mail-Adresse ein.',
  subject: 'Bitte gib einen Betreff ein.',
  subjectLength: 'Der Betreff darf höchstens 200 Zeichen lang sein.',
  message: 'Bitte gib eine Nachricht ein.',
  messageLength: 'Die Nachricht darf höchstens 5000 Zeichen lang sein.',
  success: 'Vielen Dank für deine Nachricht! Wir melden uns schnellstmöglich bei dir.',
} as const;

const required = (msg: string) => z.string({ error: msg }).trim().min(1, msg);

const contactSchema = z.object({
  type: z.enum(['feedback', 'bug'], { error: CONTACT_MSG.type }),
  name: required(CONTACT_MSG.name).max(50, CONTACT_MSG.nameLength),
  email: z
    .string({ error: CONTACT_MSG.email })
    .trim()
    .max(100, CONTACT_MSG.email)
    .regex(/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>.]{2,}$/, CONTACT_MSG.email),
  subject: required(CONTACT_MSG.subject).max(200, CONTACT_MSG.subjectLength),
  message: required(CONTACT_MSG.message).max(5000, CONTACT_MSG.messageLength),
});

const TYPE_LABEL = { feedback: 'Feedback', bug: 'Fehlermeldung' } as const;

export async function submitContact(deps: NotificationDeps, body: unknown, user: SessionUser | undefined): Promise<{ message: string }> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw AppError.badRequest(CONTACT_MSG.type);
  const input = parseInput(contactSchema, body);
  await deps.contacts.save(
    { ...input, userId: user?.userId ?? null },
    (id): MailRequestedPayload => ({
      to: deps.cfg.CONTACT_TO,
      replyTo: input.email,
      subject: `[Kontakt – ${TYPE_LABEL[input.type]}] ${input.subject}`,
      text: [
        `Neue Nachricht über das Kontaktformular des Stundenplan-Assistenten.`,
        '',
        `Art: ${TYPE_LABEL[input.type]}`,
        `Name: ${input.name}`,
        `E-Mail: ${input.email}`,
        ...(user ? [`Angemeldet als: ${user.email} (${user.role === 'teacher' ? 'Dozent*in' : 'Student*in'})`] : []),
        `Betreff: ${input.subject}`,
        `Nachrichten-ID: ${id}`,
        '',
        input.message,
        '',
      ].join('\n'),
    }),
  );
  deps.kickOutbox();
  return { message: CONTACT_MSG.success };
}
