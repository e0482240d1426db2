import { randomUUID } from 'node:crypto';
import { callUnary, type MailRequestedPayload } from '@stundenplan/base';
import { testServiceClient } from '@stundenplan/base/testing';
import { notificationV1 } from '@stundenplan/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, dropSchemas, getJson, mailEvent, sql, startNotification, type MailJson, type TestNotification } from './helpers.js';

/** docs/product/limits.md "Mails per recipient": at most N mails of all kinds per address and day, counted in PostgreSQL. */

const LIMITS = { MAIL_RECIPIENT_LIMIT_PER_DAY: '3', MAIL_RECIPIENT_LIMIT_CONFIRMED_PER_DAY: '5' };
let n: TestNotification;

beforeAll(async () => {
  n = await startNotification(LIMITS);
});

afterAll(async () => {
  await n?.svc.stop();
  await dropSchemas(n ? [n.schema] : []);
});

const mail = (to: string, subject: string, more: Partial<MailRequestedPayload> = {}): MailRequestedPayload => ({ to, subject, text: 'Hallo', ...more });

async function mailsTo(to: string): Promise<MailJson[]> {
  return (await getJson<MailJson[]>(`${n.base}/dev/mail.json?to=${encodeURIComponent(to)}`)).body;
}

const statuses = async (to: string) => (await mailsTo(to)).map((m) => m.status).sort();

describe('daily limit per recipient at the delivery', () => {
  it('sends at most the limit to an address of no confirmed account, whatever the kind of mail and the spelling of the address', async () => {
    const to = `fremd-${randomUUID().slice(0, 8)}@example.org`;
    await deliver(mailEvent(mail(to, 'Bitte bestätige deine E-Mail-Adresse')));
    await deliver(mailEvent(mail(to.toUpperCase(), 'Einladung zum Kurs „Klavier“')));
    await deliver(mailEvent(mail(` ${to} `, 'Dein Stundenplan')));
    await deliver(mailEvent(mail(to, 'Dein Stundenplan (noch einmal)')));
    await deliver(mailEvent(mail(to, 'Erinnerung')));
    expect(await statuses(to)).toEqual(['limited', 'limited', 'sent', 'sent', 'sent']);
    const limited = (await mailsTo(to)).filter((m) => m.status === 'limited');
    expect(limited.map((m) => m.subject).sort()).toEqual(['Dein Stundenplan (noch einmal)', 'Erinnerung']);
    // The outbox page says why.
    const page = await (await fetch(`${n.base}/dev/mail`)).text();
    expect(page).toContain('nicht gesendet (Tageslimit der Adresse)');
    expect(page).toContain('An diese Adresse wurden heute schon zu viele E-Mails geschickt. Bitte versuche es morgen noch einmal.');
  });

  it('gives a confirmed account’s address the higher limit, and a redelivered event is counted once', async () => {
    const to = `konto-${randomUUID().slice(0, 8)}@example.org`;
    const first = mailEvent(mail(to, 'Passwort zurücksetzen', { to_confirmed: true }));
    await deliver(first);
    await deliver(first);
    for (let i = 0; i < 5; i++) await deliver(mailEvent(mail(to, `Tausch ${i}`, { to_confirmed: true })));
    expect(await statuses(to)).toEqual(['limited', 'sent', 'sent', 'sent', 'sent', 'sent']);
    // Mails not vouched for as a confirmed account's stop at the lower limit, counted on the same day.
    await deliver(mailEvent(mail(to, 'Einladung')));
    expect((await statuses(to)).filter((s) => s === 'limited')).toHaveLength(2);
  });

  it('holds across a restart, keeps only a hash of the address, and leaves the operator’s contact mailbox out', async () => {
    const to = `neustart-${randomUUID().slice(0, 8)}@example.org`;
    for (let i = 0; i < 3; i++) await deliver(mailEvent(mail(to, `Mail ${i}`)));
    const schema = n.schema;
    await n.svc.stop();
    n = await startNotification({ ...LIMITS, DB_SCHEMA: schema });
    await deliver(mailEvent(mail(to, 'nach dem Neustart')));
    expect(await statuses(to)).toEqual(['limited', 'sent', 'sent', 'sent']);

    const rows = await sql<{ address_sha256: string; count: number }>(`SELECT address_sha256, count FROM "${schema}".recipient_mail_counts`);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain('@');

    const operator = 'kontakt@stundenplan.local';
    const before = (await mailsTo(operator)).length;
    for (let i = 0; i < 4; i++) await deliver(mailEvent(mail(operator, `[Kontakt – Feedback] ${i}`)));
    const after = await mailsTo(operator);
    expect(after).toHaveLength(before + 4);
    expect(after.every((m) => m.status === 'sent')).toBe(true);
  });

  it('answers callers that wait (MailLimitService) with the count, the limit and the seconds until the day ends', async () => {
    const to = `frage-${randomUUID().slice(0, 8)}@example.org`;
    const client = testServiceClient(notificationV1.MailLimitServiceClient, `127.0.0.1:${n.svc.grpcPort}`, 'notification');
    try {
      const check = (confirmed: boolean) => callUnary(client.checkMailRecipient.bind(client), client, { address: to, confirmed }, 5000);
      expect(await check(false)).toEqual({ allowed: true, sentToday: 0, limit: 3, waitSeconds: 0 });
      for (let i = 0; i < 3; i++) await deliver(mailEvent(mail(to, `Mail ${i}`)));
      const full = await check(false);
      expect(full).toMatchObject({ allowed: false, sentToday: 3, limit: 3 });
      expect(full.waitSeconds).toBeGreaterThan(0);
      expect(full.waitSeconds).toBeLessThanOrEqual(25 * 3600);
      expect(await check(true)).toEqual({ allowed: true, sentToday: 3, limit: 5, waitSeconds: 0 });
    } finally {
      client.close();
    }
  });
});
