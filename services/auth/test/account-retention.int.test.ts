import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SERVICE_TOKEN_KEY } from '@stundenplan/base/testing';
import { AccountRetentionRepository } from '../src/data/account-retention-repository.js';
import { runAccountRetention } from '../src/domain/account-retention.js';
import { start } from '../src/main.js';
import { client, closedPort, databaseUrl, dropSchemas, outboxEvents, outboxMails, randomSchema, registerConfirmed, sql, type TestAuth } from './helpers.js';

/**
 * Retention of unused accounts (docs/privacy/loeschkonzept.md) with a controllable clock (the job's `now`): an account
 * not used for ACCOUNT_RETENTION_MONTHS (default 24) is warned by mail and deleted 30 days later unless its holder
 * signs in; each exactly once with two replicas running at the same time.
 */

const DAY = 24 * 3600 * 1000;
const T0 = new Date();
let clock = T0;
const now = () => clock;
const schema = randomSchema();
let a: TestAuth;
let b: TestAuth;

async function startReplica(): Promise<TestAuth> {
  const svc = await start(
    {
      DATABASE_URL: databaseUrl(),
      DB_SCHEMA: schema,
      PORT: '0',
      GRPC_PORT: '0',
      SERVICE_TOKEN_KEY: TEST_SERVICE_TOKEN_KEY,
      LOG_LEVEL: 'silent',
      EVENT_BUS: 'memory',
      STORE: 'memory',
      PUBLIC_BASE_URL: 'http://localhost:8080',
      CLASSES_SERVICE_ADDR: `127.0.0.1:${await closedPort()}`,
      ACCOUNT_RETENTION_INTERVAL_MS: '0',
    },
    { now },
  );
  const base = `http://127.0.0.1:${svc.httpPort}`;
  return { svc, schema, base, call: client(base) };
}

beforeAll(async () => {
  a = await startReplica();
  b = await startReplica();
});
afterAll(async () => {
  await b?.svc.stop();
  await a?.svc.stop();
  await dropSchemas([schema]);
});

/** The job on both replicas (one holds the lock) and the use case on both without a lock (only the markers keep it to once). */
async function passEverywhere(): Promise<void> {
  const direct = (t: TestAuth) =>
    runAccountRetention(
      {
        store: new AccountRetentionRepository(t.svc.ctx.pool!),
        log: t.svc.ctx.log,
        months: 24,
        publicBaseUrl: 'http://localhost:8080',
        now,
        revokeUser: async () => undefined,
        kickOutbox: () => undefined,
        exclusively: async (_k, w) => w(),
      },
      clock,
    );
  for (let round = 0; round < 3; round++) {
    await Promise.all([a.svc.accountRetention.runOnce(), b.svc.accountRetention.runOnce(), direct(a), direct(b), direct(a), direct(b)]);
  }
}

/** Moves an account's last use (made and every sign-in) back to `when`. */
async function lastUsed(userId: string, when: Date): Promise<void> {
  await sql(`UPDATE "${schema}".users SET created_at = $2 WHERE id = $1`, [userId, when]);
  await sql(`UPDATE "${schema}".sessions SET created_at = $2 WHERE user_id = $1`, [userId, when]);
}

const warningsTo = async (email: string) =>
  (await outboxMails(schema, email)).filter((m) => m.subject === 'Dein Konto im Stundenplan-Assistenten wird gelöscht');
const deleted = async () => (await outboxEvents<{ user_id: string }>(schema, 'user.deleted.v1')).map((e) => e.payload.user_id);

describe('retention of unused accounts (controllable clock, two replicas)', () => {
  it('warns after 24 months unused, deletes 30 days later exactly the accounts still unused, once; a sign-in keeps the account', async () => {
    const month = 30.5 * DAY;
    const gone = await registerConfirmed(a, { email: 'ret.weg@example.org', name: 'Wera Weg' });
    const back = await registerConfirmed(a, { email: 'ret.zurueck@example.org', name: 'Zora Zurück' });
    const recent = await registerConfirmed(a, { email: 'ret.neulich@example.org', name: 'Nina Neulich' });
    const fresh = await registerConfirmed(a, { email: 'ret.frisch@example.org', name: 'Frida Frisch' });
    await lastUsed(gone.userId, new Date(T0.getTime() - 25 * month));
    await lastUsed(back.userId, new Date(T0.getTime() - 25 * month));
    await lastUsed(recent.userId, new Date(T0.getTime() - 20 * month));

    clock = T0;
    await passEverywhere();
    expect((await warningsTo('ret.weg@example.org')).length).toBe(1);
    expect((await warningsTo('ret.zurueck@example.org')).length).toBe(1);
    expect((await warningsTo('ret.neulich@example.org')).length).toBe(0);
    expect((await warningsTo('ret.frisch@example.org')).length).toBe(0);
    const [mail] = await warningsTo('ret.weg@example.org');
    expect(mail!.text).toContain('du hast dich seit 24 Monaten nicht mehr im Stundenplan-Assistenten angemeldet.');
    expect(mail!.text).toContain('http://localhost:8080/login');

    // Zora signs in after the warning: her account stays.
    expect((await b.call('POST', '/api/auth/login', { body: { email: 'ret.zurueck@example.org', password: back.password } })).status).toBe(200);

    clock = new Date(T0.getTime() + 29 * DAY);
    await passEverywhere();
    expect(await deleted()).toEqual([]);

    clock = new Date(T0.getTime() + 30 * DAY + 60_000);
    await passEverywhere();
    expect(await deleted()).toEqual([gone.userId]);
    const left = await sql<{ email: string; retention_warned_at: Date | null }>(`SELECT email, retention_warned_at FROM "${schema}".users ORDER BY email`);
    expect(left.map((u) => [u.email, u.retention_warned_at])).toEqual([
      ['ret.frisch@example.org', null],
      ['ret.neulich@example.org', null],
      ['ret.zurueck@example.org', null],
    ]);
    // The deleted account's session ends at once on the replica that deleted it and, through the database, on the other.
    for (const t of [a, b]) expect((await t.call('GET', '/api/me', { cookie: gone.cookie })).status).toBe(401);
    expect((await a.call('GET', '/api/me', { cookie: fresh.cookie })).status).toBe(200);

    // Later passes: nothing more, and nobody is warned twice.
    clock = new Date(T0.getTime() + 40 * DAY);
    await passEverywhere();
    expect(await deleted()).toEqual([gone.userId]);
    expect((await warningsTo('ret.zurueck@example.org')).length).toBe(1);
  });
});
