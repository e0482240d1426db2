import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer, OutgoingMail } from '../src/mail/mailer.js';
import { deliver, dropSchemas, getJson, mailEvent, sql, startNotification, waitFor, type MailJson, type TestNotification } from './helpers.js';

/** mail.requested.v1 -> mails table, through the outbox adapter; idempotent; retried with backoff; /dev/mail. */

let n: TestNotification;

beforeAll(async () => {
  n = await startNotification();
});

afterAll(async () => {
  await n?.svc.stop();
  await dropSchemas(n ? [n.schema] : []);
});

const pdf = Buffer.from('%PDF-1.4\n% Stundenplan\n%%EOF\n');

describe('outbox transport (embedded default)', () => {
  it('records a requested mail with its attachments as sent and lists it at /dev/mail.json', async () => {
    const to = `outbox-${randomUUID()}@example.org`;
    await deliver(
      mailEvent({
        to,
        subject: 'Dein Stundenplan für „Klavier“',
        text: 'Hallo!\nHier ist dein Plan: http://localhost:8080/student',
        html: '<p>Hallo!</p>',
        attachments: [{ filename: 'Stundenplan Übersicht.pdf', contentType: 'application/pdf', contentBase64: pdf.toString('base64') }],
      }),
    );
    const list = await getJson<MailJson[]>(`${n.base}/dev/mail.json?to=${encodeURIComponent(to)}`);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    const mail = list.body[0]!;
    expect(mail).toMatchObject({
      to,
      subject: 'Dein Stundenplan für „Klavier“',
      text: 'Hallo!\nHier ist dein Plan: http://localhost:8080/student',
      html: '<p>Hallo!</p>',
      status: 'sent',
      transport: 'outbox',
      attachments: [{ filename: 'Stundenplan Übersicht.pdf', contentType: 'application/pdf', size: pdf.length }],
    });
    expect(new Date(mail.sent_at!).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const file = await fetch(`${n.base}/dev/mail/${mail.id}/attachments/0`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toContain("filename*=UTF-8''Stundenplan%20%C3%9Cbersicht.pdf");
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await fetch(`${n.base}/dev/mail/${mail.id}/attachments/1`)).status).toBe(404);
    expect((await fetch(`${n.base}/dev/mail/nope/attachments/0`)).status).toBe(404);
  });

  it('never records or sends twice for one event (same event delivered twice, also concurrently)', async () => {
    const to = `twice-${randomUUID()}@example.org`;
    const event = mailEvent({ to, subject: 'Einmal', text: 'nur einmal' });
    await deliver(event);
    await deliver(event);
    await Promise.all([deliver(event), deliver(event)]);
    const list = await getJson<MailJson[]>(`${n.base}/dev/mail.json?to=${encodeURIComponent(to)}`);
    expect(list.body).toHaveLength(1);
    const rows = await sql<{ attempts: number }>(`SELECT attempts FROM "${n.schema}".mails WHERE event_id = $1`, [event.id]);
    expect(rows).toEqual([{ attempts: 1 }]);
  });

  it('is idempotent below the consumer too: a second handler run for a sent mail does not send', async () => {
    const to = `direct-${randomUUID()}@example.org`;
    const sent: OutgoingMail[] = [];
    const original = n.svc.deps.mailer;
    const counting: Mailer = { transport: 'outbox', send: async (m) => (sent.push(m), original.send(m)), close: () => undefined };
    n.svc.deps.mailer = counting;
    try {
      const { deliverMail } = await import('../src/domain/deliver-mail.js');
      const event = mailEvent({ to, subject: 'Direkt', text: 'x' });
      await deliverMail(n.svc.deps, event);
      await deliverMail(n.svc.deps, event);
      expect(sent).toHaveLength(1);
    } finally {
      n.svc.deps.mailer = original;
    }
  });

  it('retries a failing send with backoff, records the error, and sends once it works', async () => {
    const to = `flaky-${randomUUID()}@example.org`;
    const original = n.svc.deps.mailer;
    let calls = 0;
    const times: number[] = [];
    n.svc.deps.mailer = {
      transport: 'outbox',
      send: async (m) => {
        calls++;
        times.push(Date.now());
        if (calls <= 2) throw new Error(`SMTP kaputt ${calls}`);
        return original.send(m);
      },
      close: () => undefined,
    };
    try {
      const event = mailEvent({ to, subject: 'Wackelig', text: 'x' });
      await deliver(event);
      expect(calls).toBe(3);
      // The consumer waits 100 ms, then 200 ms (lower bounds only: a busy machine adds to both gaps).
      expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(95);
      expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(195);
      const [row] = await sql<{ status: string; attempts: number; last_error: string | null }>(
        `SELECT status, attempts, last_error FROM "${n.schema}".mails WHERE event_id = $1`,
        [event.id],
      );
      expect(row).toEqual({ status: 'sent', attempts: 3, last_error: null });
    } finally {
      n.svc.deps.mailer = original;
    }
  });

  it('records a mail that keeps failing as failed with the error, then parks the event', async () => {
    const to = `broken-${randomUUID()}@example.org`;
    const original = n.svc.deps.mailer;
    n.svc.deps.mailer = {
      transport: 'outbox',
      send: async () => {
        throw new Error('Postfach voll');
      },
      close: () => undefined,
    };
    try {
      const event = mailEvent({ to, subject: 'Kaputt', text: 'x' });
      await deliver(event);
      const [row] = await sql<{ status: string; attempts: number; last_error: string }>(
        `SELECT status, attempts, last_error FROM "${n.schema}".mails WHERE event_id = $1`,
        [event.id],
      );
      expect(row).toEqual({ status: 'failed', attempts: 5, last_error: 'Postfach voll' });
      const parked = await sql<{ status: string }>(`SELECT status FROM "${n.schema}".processed_events WHERE event_id = $1`, [event.id]);
      expect(parked).toEqual([{ status: 'parked' }]);
      const list = await getJson<MailJson[]>(`${n.base}/dev/mail.json?to=${encodeURIComponent(to)}`);
      expect(list.body[0]).toMatchObject({ status: 'failed', sent_at: null });
    } finally {
      n.svc.deps.mailer = original;
    }
  }, 30_000);

  it('records an invalid request once without retrying it', async () => {
    const event = mailEvent({ to: 'keine adresse', subject: '', text: 'x' });
    await deliver(event);
    const rows = await sql<{ status: string; attempts: number }>(`SELECT status, attempts FROM "${n.schema}".mails WHERE event_id = $1`, [event.id]);
    expect(rows).toEqual([{ status: 'invalid', attempts: 0 }]);
  });

  it('consumes mail requests written to its own outbox (the path other services use)', async () => {
    const to = `relay-${randomUUID()}@example.org`;
    const { writeOutbox, Topic } = await import('@stundenplan/base');
    await writeOutbox(
      (text, values) => sql(text.replace('INSERT INTO outbox_events', `INSERT INTO "${n.schema}".outbox_events`), values),
      Topic.MailRequested,
      'k',
      { to, subject: 'Über die Outbox', text: 'relay' },
    );
    n.svc.ctx.relay?.kick();
    const list = await waitFor(async () => {
      const l = await getJson<MailJson[]>(`${n.base}/dev/mail.json?to=${encodeURIComponent(to)}`);
      return l.body[0]?.status === 'sent' ? l.body : null;
    });
    expect(list[0]).toMatchObject({ subject: 'Über die Outbox', status: 'sent' });
  });
});

describe('requests that can never be sent', () => {
  it('records a request naming an unknown stored attachment as invalid, with its text and the error', async () => {
    const to = `blob-${randomUUID()}@example.org`;
    const sha = 'f'.repeat(64);
    const event = mailEvent({
      to,
      subject: 'Plan',
      text: 'Anhang fehlt',
      html: '<p>x</p>',
      replyTo: 'lehrer@example.org',
      attachments: [{ filename: 'plan.pdf', contentType: 'application/pdf', blobSha256: sha }],
    });
    await deliver(event);
    const rows = await sql<{ status: string; attempts: number; to_address: string; reply_to: string; html_body: string; last_error: string }>(
      `SELECT status, attempts, to_address, reply_to, html_body, last_error FROM "${n.schema}".mails WHERE event_id = $1`,
      [event.id],
    );
    expect(rows).toEqual([
      { status: 'invalid', attempts: 0, to_address: to, reply_to: 'lehrer@example.org', html_body: '<p>x</p>', last_error: `unknown attachment ${sha}` },
    ]);
  });
});

describe('/dev/mail page', () => {
  it('renders a German page, newest first, with recipient, subject, time, clickable links, escaped text and attachment links', async () => {
    const first = `page-a-${randomUUID()}@example.org`;
    const second = `page-b-${randomUUID()}@example.org`;
    await deliver(
      mailEvent({
        to: first,
        subject: 'Erste <Mail>',
        text: 'Bitte bestätige: http://localhost:8080/confirm-email?token=abc_DEF-1.\n<script>alert(1)</script>',
      }),
    );
    await deliver(
      mailEvent({
        to: second,
        subject: 'Zweite Mail',
        text: 'Mit Anhang',
        attachments: [{ filename: 'plan.pdf', contentType: 'application/pdf', contentBase64: pdf.toString('base64') }],
      }),
    );
    const res = await fetch(`${n.base}/dev/mail`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const page = await res.text();
    expect(page).toContain('<html lang="de">');
    expect(page).toContain('Postausgang (Entwicklung)');
    expect(page.indexOf(second)).toBeLessThan(page.indexOf(first));
    expect(page).toContain('Erste &lt;Mail&gt;');
    expect(page).toContain('<a href="http://localhost:8080/confirm-email?token=abc_DEF-1">http://localhost:8080/confirm-email?token=abc_DEF-1</a>.');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).toMatch(/href="\/dev\/mail\/[0-9a-f-]{36}\/attachments\/0" download>plan\.pdf<\/a>/);
    expect(page).toMatch(/\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}/);

    const json = await getJson<MailJson[]>(`${n.base}/dev/mail.json`);
    const times = json.body.map((m) => m.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(json.body[0]!.to).toBe(second);
  });
});
