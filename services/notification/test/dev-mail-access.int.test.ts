import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailEnabled, loadConfig } from '../src/config.js';
import { dropSchemas, startNotification, type TestNotification } from './helpers.js';

/** The local outbox holds live links (password resets): only this machine may read it, and only in embedded mode. */
const external = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && !a.internal && a.family === 'IPv4')?.address;

describe('/dev/mail access', () => {
  let n: TestNotification;

  beforeAll(async () => {
    // Listening on every interface, as a misconfigured host might: the route itself must refuse strangers.
    n = await startNotification({ LISTEN_HOST: '0.0.0.0' });
  });

  afterAll(async () => {
    await n?.svc.stop();
    if (n) await dropSchemas([n.schema]);
  });

  it('answers loopback clients', async () => {
    const res = await fetch(`${n.base}/dev/mail.json`);
    expect(res.status).toBe(200);
    expect(Array.isArray(await res.json())).toBe(true);
  });

  it('refuses a request relayed by a reverse proxy on this machine (forwarding headers)', async () => {
    const variants: Record<string, string>[] = [{ 'X-Forwarded-For': '203.0.113.9' }, { Forwarded: 'for=203.0.113.9' }, { 'X-Real-IP': '203.0.113.9' }];
    for (const headers of variants) {
      const res = await fetch(`${n.base}/dev/mail.json`, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
  });

  it.skipIf(!external)('refuses a client from the network with 403 and a German detail, whatever X-Forwarded-For says', async () => {
    for (const p of ['/dev/mail.json', '/dev/mail', '/dev/mail/', '/dev/mail/00000000-0000-0000-0000-000000000000/attachments/0']) {
      const res = await fetch(`http://${external}:${n.svc.httpPort}${p}`, { headers: { 'X-Forwarded-For': '127.0.0.1' } });
      expect(res.status, p).toBe(403);
      expect(((await res.json()) as { detail: string }).detail).toBe(
        'Diese Seite ist nur auf dem Rechner erreichbar, auf dem der Stundenplan-Assistent läuft.',
      );
    }
  });

  it('is on by default only in embedded mode with the local outbox', () => {
    const key = 'A'.repeat(43) + '=';
    const cfg = (env: Record<string, string>) => devMailEnabled(loadConfig({ SERVICE_TOKEN_KEY: key, ...env }));
    expect(cfg({ EVENT_BUS: 'memory', MAIL_TRANSPORT: 'outbox' })).toBe(true);
    expect(cfg({ EVENT_BUS: 'kafka', KAFKA_BROKERS: 'kafka:9092', MAIL_TRANSPORT: 'outbox' })).toBe(false);
    expect(cfg({ EVENT_BUS: 'memory', MAIL_TRANSPORT: 'ses' })).toBe(false);
    expect(cfg({ EVENT_BUS: 'kafka', KAFKA_BROKERS: 'kafka:9092', DEV_MAIL_ENABLED: 'false' })).toBe(false);
  });
});
