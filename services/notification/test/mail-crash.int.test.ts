import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_SERVICE_TOKEN_KEY } from '@stundenplan/base/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseUrl, dropSchemas, randomSchema, sql, startNotification, waitFor, type TestNotification } from './helpers.js';

/**
 * A mail whose process died while sending it (claimed, status 'sending') is delivered by the next run: at least
 * once, one row per event. The reminder behind it counts as sent for the day (classes' once-a-day rule), so a
 * mail left 'sending' would never reach the student.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const schemas: string[] = [];
const children: ChildProcess[] = [];
let restarted: TestNotification | undefined;

afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await restarted?.svc.stop();
  await dropSchemas(schemas);
});

describe('a process killed mid-send', () => {
  it('leaves the reminder mail claimed; the restarted service on the same schema delivers it, once', async () => {
    const schema = randomSchema();
    schemas.push(schema);
    const to = `absturz-${randomUUID()}@example.org`;
    const payload = { to, subject: 'Erinnerung: Trag deine Zeiten für „Klavier“ ein', text: 'Hallo Anna,\n\nBitte trage deine Zeiten ein.' };
    const child = spawn(
      process.execPath,
      [path.join(here, 'fixtures/crash-child.mjs'), databaseUrl(), schema, TEST_SERVICE_TOKEN_KEY, JSON.stringify(payload)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    children.push(child);
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    await waitFor(() => out.includes('sending '), 60_000);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    const mails = () => sql<{ status: string; attempts: number }>(`SELECT status, attempts FROM "${schema}".mails WHERE to_address = $1`, [to]);
    expect(await mails()).toEqual([{ status: 'sending', attempts: 1 }]);

    // The next run, right away (well within any staleness window): the unpublished outbox row is delivered again.
    restarted = await startNotification({ DB_SCHEMA: schema });
    const sent = await waitFor(async () => ((await mails())[0]?.status === 'sent' ? mails() : null), 15_000);
    expect(sent).toEqual([{ status: 'sent', attempts: 2 }]);
  });
});
