import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, dropSchemas, startNotification, waitFor, type TestNotification } from './helpers.js';

/**
 * A class's deletion while the outbox relay delivers one of its mails (docs/debt.md, the flaky deletion test). The
 * relay holds the mail's outbox row locked until the mail handler of the embedded bus is done with the mail; the
 * handler records and updates the mail's row. The deletion must neither hold the mail's row while it waits for the
 * relay (the handler would wait for the deletion, the relay for the handler, the deletion for the relay: a wait
 * cycle PostgreSQL cannot see, so all three hang) nor leave a mail the handler recorded while it waited.
 * Simulated with three connections: the relay's transaction, the deletion, the handler's statements.
 */
let n: TestNotification;
const clients: pg.Client[] = [];

async function connect(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: databaseUrl(), options: `-c search_path=${n.schema}` });
  await c.connect();
  clients.push(c);
  return c;
}

beforeAll(async () => {
  n = await startNotification();
});

afterAll(async () => {
  for (const c of clients) await c.end().catch(() => undefined);
  await n?.svc.stop();
  if (n) await dropSchemas([n.schema]);
});

/** A delivered mail.requested.v1 about the class (keyed by it, as the mails about changed times are). */
async function mailEventOf(db: pg.Client, classId: string): Promise<string> {
  const id = randomUUID();
  await db.query(`INSERT INTO outbox_events (id, topic, key, payload, published_at) VALUES ($1, 'mail.requested.v1', $2, '{}', now())`, [id, classId]);
  return id;
}

const insertMail = (db: pg.Client, eventId: string) =>
  db.query(`INSERT INTO mails (event_id, to_address, subject, text_body, transport) VALUES ($1, 'anna@example.org', 'Absage', 'Text', 'outbox')`, [eventId]);

/** The relay's pass: the event's row locked (FOR UPDATE) in an open transaction; the deletion started and seen waiting for it. */
async function deletionWaitingForRelay(relay: pg.Client, eventId: string, classId: string): Promise<{ deletion: Promise<number> }> {
  await relay.query('BEGIN');
  await relay.query('SELECT id FROM outbox_events WHERE id = $1 FOR UPDATE', [eventId]);
  const relayPid = (await relay.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
  const deletion = n.svc.deps.erasure.forgetClass(classId);
  deletion.catch(() => undefined);
  const watcher = await connect();
  await waitFor(async () => (await watcher.query('SELECT pid FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [relayPid])).rowCount, 10_000);
  return { deletion }; // wrapped: an async function's returned promise would be awaited with it
}

describe('class.deleted.v1 while the relay delivers a mail about the class', () => {
  it('the mail handler is not kept waiting by the deletion; the mail goes once the delivery is done', async () => {
    const [relay, handler] = [await connect(), await connect()];
    const classId = randomUUID();
    const eventId = await mailEventOf(handler, classId);
    await insertMail(handler, eventId);
    const { deletion } = await deletionWaitingForRelay(relay, eventId, classId);
    try {
      // The handler claims and marks the mail (MailRepository.claim / markSent) while the relay still holds the event.
      await handler.query("SET lock_timeout = '3s'");
      await expect(handler.query("UPDATE mails SET status = 'sending', attempts = attempts + 1 WHERE event_id = $1", [eventId])).resolves.toMatchObject({
        rowCount: 1,
      });
    } finally {
      await relay.query('COMMIT');
    }
    expect(await deletion).toBeGreaterThanOrEqual(1);
    expect((await handler.query('SELECT 1 FROM mails WHERE event_id = $1', [eventId])).rowCount).toBe(0);
    expect((await handler.query('SELECT 1 FROM outbox_events WHERE id = $1', [eventId])).rowCount).toBe(0);
  });

  it('a mail the handler records while the deletion waits goes too', async () => {
    const [relay, handler] = [await connect(), await connect()];
    const classId = randomUUID();
    const eventId = await mailEventOf(handler, classId);
    const { deletion } = await deletionWaitingForRelay(relay, eventId, classId);
    try {
      await handler.query("SET lock_timeout = '3s'");
      await insertMail(handler, eventId);
    } finally {
      await relay.query('COMMIT');
    }
    await deletion;
    expect((await handler.query('SELECT 1 FROM mails WHERE event_id = $1', [eventId])).rowCount).toBe(0);
  });
});
