import { randomUUID } from 'node:crypto';
import { startTestIssuer, type TestIssuer } from '@stundenplan/base/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MSG } from '../src/domain/contact.js';
import { dropSchemas, getJson, postJson, sql, startNotification, waitFor, type MailJson, type TestNotification } from './helpers.js';

/** POST /api/contact: docs/product/documents.md Contact (all fields required, type feedback or bug), stored as typed, mailed to the operator. */

let n: TestNotification;
let issuer: TestIssuer;
const CONTACT_TO = `betreiber-${randomUUID()}@example.org`;

beforeAll(async () => {
  issuer = await startTestIssuer();
  n = await startNotification({ CONTACT_TO, AUTH_JWKS_URL: issuer.jwksUrl });
});

afterAll(async () => {
  await n?.svc.stop();
  await issuer?.close();
  await dropSchemas(n ? [n.schema] : []);
});

const valid = (o: Record<string, unknown> = {}) => ({
  type: 'feedback',
  name: 'Clara Wieck',
  email: 'clara@example.org',
  subject: 'Tolles Werkzeug',
  message: 'Danke für den Stundenplan!',
  ...o,
});

async function mailsFor(subjectPart: string): Promise<MailJson[]> {
  const res = await getJson<MailJson[]>(`${n.base}/dev/mail.json?to=${encodeURIComponent(CONTACT_TO)}`);
  return res.body.filter((m) => m.subject.includes(subjectPart));
}

describe('POST /api/contact', () => {
  it('stores the message, mails the operator (reply-to the sender) and answers the SPEC success text', async () => {
    const subject = `Feedback ${randomUUID()}`;
    const res = await postJson(`${n.base}/api/contact`, valid({ subject }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Vielen Dank für deine Nachricht! Wir melden uns schnellstmöglich bei dir.' });
    const rows = await sql(`SELECT type, name, email, subject, message, user_id FROM "${n.schema}".contact_messages WHERE subject = $1`, [subject]);
    expect(rows).toEqual([
      { type: 'feedback', name: 'Clara Wieck', email: 'clara@example.org', subject, message: 'Danke für den Stundenplan!', user_id: null },
    ]);
    const [mail] = await waitFor(async () => {
      const m = await mailsFor(subject);
      return m[0]?.status === 'sent' ? m : null;
    });
    expect(mail).toMatchObject({ to: CONTACT_TO, reply_to: 'clara@example.org', subject: `[Kontakt – Feedback] ${subject}` });
    expect(mail!.text).toContain('Name: Clara Wieck');
    expect(mail!.text).toContain('E-Mail: clara@example.org');
    expect(mail!.text).toContain('Danke für den Stundenplan!');
  });

  it('keeps SQL and HTML in every field verbatim, and the /dev/mail page shows it escaped', async () => {
    const marker = randomUUID();
    const evil = {
      type: 'bug',
      name: `<img src=x onerror=alert(1)>'; DROP TABLE x;--`,
      email: `o'brien+test@example.org`,
      subject: `<script>alert('${marker}')</script> ' OR 1=1 --`,
      message: `Robert'); DROP TABLE users;--\n<iframe src="javascript:alert(1)"></iframe>`,
    };
    const res = await postJson(`${n.base}/api/contact`, evil);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await sql(`SELECT type, name, email, subject, message FROM "${n.schema}".contact_messages WHERE subject = $1`, [evil.subject]);
    expect(rows).toEqual([evil]);
    await waitFor(async () => (await mailsFor(marker))[0]?.status === 'sent');
    const page = await (await fetch(`${n.base}/dev/mail`)).text();
    expect(page).toContain(`&lt;script&gt;alert(&#39;${marker}&#39;)&lt;/script&gt;`);
    expect(page).not.toContain(`<script>alert('${marker}')</script>`);
    expect(page).not.toContain('<img src=x');
    expect(page).not.toContain('<iframe src="javascript');
  });

  it('records the user id when the sender is logged in', async () => {
    const userId = randomUUID();
    const subject = `Angemeldet ${randomUUID()}`;
    const cookie = await issuer.cookie({ userId, role: 'teacher', email: 'lehrer@hmtm.de' });
    const res = await postJson(`${n.base}/api/contact`, valid({ subject }), { Cookie: cookie });
    expect(res.status).toBe(200);
    const rows = await sql<{ user_id: string }>(`SELECT user_id FROM "${n.schema}".contact_messages WHERE subject = $1`, [subject]);
    expect(rows).toEqual([{ user_id: userId }]);
  });

  it.each([
    ['type missing', { type: undefined }, CONTACT_MSG.type],
    ['type unknown', { type: 'spam' }, CONTACT_MSG.type],
    ['name missing', { name: undefined }, CONTACT_MSG.name],
    ['name blank', { name: '   ' }, CONTACT_MSG.name],
    ['name 51 characters', { name: 'x'.repeat(51) }, CONTACT_MSG.nameLength],
    ['e-mail missing', { email: undefined }, CONTACT_MSG.email],
    ['e-mail invalid', { email: 'keine-mail' }, CONTACT_MSG.email],
    ['e-mail 101 characters', { email: `${'e'.repeat(89)}@example.org` }, CONTACT_MSG.email],
    ['subject missing', { subject: undefined }, CONTACT_MSG.subject],
    ['subject 201 characters', { subject: 's'.repeat(201) }, CONTACT_MSG.subjectLength],
    ['message missing', { message: undefined }, CONTACT_MSG.message],
    ['message blank', { message: '\n  \t' }, CONTACT_MSG.message],
    ['message 5001 characters', { message: 'm'.repeat(5001) }, CONTACT_MSG.messageLength],
    ['message not text', { message: 42 }, CONTACT_MSG.message],
  ])('refuses %s with a German detail and stores nothing', async (_label, override, detail) => {
    const subject = `Refused ${randomUUID()}`;
    const res = await postJson(`${n.base}/api/contact`, valid({ subject, ...override }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail });
    expect(await sql(`SELECT 1 FROM "${n.schema}".contact_messages WHERE subject = $1`, [subject])).toHaveLength(0);
  });

  it('refuses a lone UTF-16 surrogate in any field with 400 (not 500) and stores nothing; a real emoji is fine', async () => {
    for (const [field, text] of [
      ['message', 'Danke \ud83d und tschüss'],
      ['name', 'Clara \udc00'],
    ] as const) {
      const subject = `Surrogat ${randomUUID()}`;
      // JSON.stringify writes the lone surrogate as the escape \ud83d, as a client may.
      const res = await postJson(`${n.base}/api/contact`, JSON.stringify(valid({ subject, [field]: text })));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'Ungültige Zeichen in der Anfrage.' });
      expect(await sql(`SELECT 1 FROM "${n.schema}".contact_messages WHERE subject = $1`, [subject])).toHaveLength(0);
    }
    const ok = await postJson(`${n.base}/api/contact`, JSON.stringify(valid({ subject: `Emoji ${randomUUID()}`, message: 'Danke \ud83c\udfb9!' })));
    expect(ok.status).toBe(200);
  });

  it('refuses a body that is no JSON object', async () => {
    expect((await postJson(`${n.base}/api/contact`, '[1,2]')).status).toBe(400);
    expect((await postJson(`${n.base}/api/contact`, '{"type":')).status).toBe(400);
  });
});
