import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, dropSchemas, freePort, getJson, mailEvent, sql, startNotification, type TestNotification } from './helpers.js';

/** The SES adapter against the real local emulator aws-ses-v2-local (SendRawEmail, read back with GET /store). */

interface StoredEmail {
  messageId: string;
  from: string;
  replyTo: string[];
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  attachments: { content: string; contentType: string; filename?: string; size: number }[];
}

let emulator: Server;
let sesUrl: string;
let n: TestNotification;
const schemas: string[] = [];

beforeAll(async () => {
  type StartSes = (c: { host: string; port: number }) => Promise<Server>;
  // CommonJS with __esModule: plain Node ESM puts the start function at default.default, Vitest's interop at default.
  const mod = (await import('aws-ses-v2-local')) as unknown as { default: StartSes | { default: StartSes } };
  const startSes = typeof mod.default === 'function' ? mod.default : mod.default.default;
  const port = await freePort();
  emulator = await startSes({ host: '127.0.0.1', port });
  sesUrl = `http://127.0.0.1:${port}`;
  n = await startNotification({ MAIL_TRANSPORT: 'ses', SES_ENDPOINT: sesUrl, SES_REGION: 'eu-central-1' });
  schemas.push(n.schema);
});

afterAll(async () => {
  await n?.svc.stop();
  await new Promise<void>((r) => (emulator ? emulator.close(() => r()) : r()));
  await dropSchemas(schemas);
});

async function storedFor(to: string): Promise<StoredEmail[]> {
  const store = await getJson<{ emails: StoredEmail[] }>(`${sesUrl}/store`);
  return store.body.emails.filter((e) => e.destination.to.some((t) => t.includes(to)));
}

const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 256)), Buffer.from('\n%%EOF\n')]);

describe('SES transport', () => {
  it('sends text, HTML, reply-to and a binary attachment with German subject and file name through SendRawEmail', async () => {
    const to = `ses-${randomUUID()}@example.org`;
    const subject = 'Dein Stundenplan für „Klavier Hauptfach“ – Übersicht für das Wintersemester (Änderungen möglich)';
    const text = 'Hallo Jürgen,\n\nim Anhang findest du deinen Stundenplan.\nhttp://localhost:8080/student\n\nViele Grüße\n';
    const event = mailEvent({
      to,
      subject,
      text,
      html: '<p>Hallo Jürgen, <b>im Anhang</b> findest du deinen Stundenplan.</p>',
      replyTo: 'lehrerin@hmtm.de',
      attachments: [{ filename: 'Stundenplan Übersicht – Klavier.pdf', contentType: 'application/pdf', contentBase64: pdf.toString('base64') }],
    });
    await deliver(event);

    const [row] = await sql<{ status: string; transport: string; provider_message_id: string }>(
      `SELECT status, transport, provider_message_id FROM "${n.schema}".mails WHERE event_id = $1`,
      [event.id],
    );
    expect(row).toMatchObject({ status: 'sent', transport: 'ses' });

    const emails = await storedFor(to);
    expect(emails).toHaveLength(1);
    const mail = emails[0]!;
    expect(mail.messageId).toBe(row!.provider_message_id);
    expect(mail.from).toBe('"Stundenplan-Assistent" <no-reply@stundenplan.local>');
    expect(mail.subject).toBe(subject);
    expect(mail.replyTo).toEqual(['lehrerin@hmtm.de']);
    expect(mail.body.text?.trim()).toBe(text.trim());
    expect(mail.body.html).toContain('<b>im Anhang</b>');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: 'Stundenplan Übersicht – Klavier.pdf', contentType: 'application/pdf', size: pdf.length });
    expect(Buffer.from(mail.attachments[0]!.content, 'base64').equals(pdf)).toBe(true);
  });

  it('never sends twice for one event', async () => {
    const to = `ses-once-${randomUUID()}@example.org`;
    const event = mailEvent({ to, subject: 'Nur einmal', text: 'x' });
    await deliver(event);
    await deliver(event);
    expect(await storedFor(to)).toHaveLength(1);
  });

  it('keeps /dev/mail off by default with SES', async () => {
    expect((await fetch(`${n.base}/dev/mail.json`)).status).toBe(404);
    expect((await fetch(`${n.base}/dev/mail`)).status).toBe(404);
  });

  it('can show /dev/mail with SES when DEV_MAIL_ENABLED=true', async () => {
    const other = await startNotification({ MAIL_TRANSPORT: 'ses', SES_ENDPOINT: sesUrl, DEV_MAIL_ENABLED: 'true' });
    schemas.push(other.schema);
    try {
      expect((await fetch(`${other.base}/dev/mail.json`)).status).toBe(200);
    } finally {
      await other.svc.stop();
    }
  });

  it('records the failure and retries when SES is unreachable', async () => {
    const down = await startNotification({ MAIL_TRANSPORT: 'ses', SES_ENDPOINT: `http://127.0.0.1:${await freePort()}` });
    schemas.push(down.schema);
    try {
      const event = mailEvent({ to: `down-${randomUUID()}@example.org`, subject: 'Geht nicht', text: 'x' });
      await deliver(event);
      const [row] = await sql<{ status: string; attempts: number; last_error: string }>(
        `SELECT status, attempts, last_error FROM "${down.schema}".mails WHERE event_id = $1`,
        [event.id],
      );
      expect(row!.status).toBe('failed');
      expect(row!.attempts).toBe(5);
      expect(row!.last_error).toBeTruthy();
    } finally {
      await down.svc.stop();
    }
  }, 60_000);
});
