import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, createLogger, createMetrics, listen, MemoryStore } from '@stundenplan/base';
import { startTestIssuer, type TestIssuer } from '@stundenplan/base/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

/** Two replicas of the classes service behind the gateway; each answers after a short delay and counts its requests. */
async function replica(name: string) {
  const state = { name, count: 0, server: undefined as unknown as Server, url: '' };
  state.server = createServer((req, res) => {
    state.count++;
    const timer = setTimeout(() => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ replica: name }));
    }, 150);
    res.once('close', () => clearTimeout(timer));
  });
  await new Promise<void>((r) => state.server.listen(0, '127.0.0.1', r));
  state.url = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}`;
  return state;
}

describe.each(['builtin', 'library'])('gateway with two replicas of a service (GATEWAY_PROXY=%s)', (proxy) => {
  let gateway: Server;
  let base: string;
  let issuer: TestIssuer;
  let a: Awaited<ReturnType<typeof replica>>;
  let b: Awaited<ReturnType<typeof replica>>;

  beforeAll(async () => {
    a = await replica('a');
    b = await replica('b');
    issuer = await startTestIssuer();
    const other = a.url;
    const cfg = loadConfig({
      PORT: '0',
      AUTH_SERVICE_URL: other,
      CLASSES_SERVICE_URL: `${a.url},${b.url}`,
      AVAILABILITY_SERVICE_URL: other,
      SCHEDULING_SOLVER_SERVICE_URL: other,
      DOCUMENT_SERVICE_URL: other,
      NOTIFICATION_SERVICE_URL: other,
      LESSONS_SERVICE_URL: other,
      SCHOOL_SERVICE_URL: other,
      AUTH_JWKS_URL: issuer.jwksUrl,
      LOG_LEVEL: 'silent',
      GATEWAY_PROXY: proxy,
    });
    gateway = await listen(
      createGatewayApp({ cfg, log: createLogger('gateway-test'), store: new MemoryStore(), metrics: createMetrics('gateway-replicas') }),
      0,
      '127.0.0.1',
    );
    base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await closeServer(gateway);
    await closeServer(a.server);
    await closeServer(b.server);
    await issuer.close();
  });

  it('keeps both replicas in turn when a client leaves before the answer (no failure of the replica)', async () => {
    // A client that gives up mid-request (on whichever replica is in turn): that replica must stay in turn.
    const ctl = new AbortController();
    const pending = fetch(`${base}/api/classes/x/members`, { signal: ctl.signal }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 40));
    ctl.abort();
    await pending;
    await new Promise((r) => setTimeout(r, 50));
    const before = { a: a.count, b: b.count };
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) answers.push(((await (await fetch(`${base}/api/classes/x/members`)).json()) as { replica: string }).replica);
    expect(a.count - before.a).toBe(3);
    expect(b.count - before.b).toBe(3);
    expect(answers.filter((r) => r === 'a')).toHaveLength(3);
  });
});
