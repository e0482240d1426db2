import { readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, MemoryStore } from '@stundenplan/base';
import { rawRequest } from '@stundenplan/base/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createGatewayApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { start } from '../src/main.js';

/**
 * The operator's switches of the gateway's performance pieces (docs/adr/): each can be turned off and the
 * gateway still answers. The answers themselves with GATEWAY_FAST_API_PATH=false are checked by the whole of
 * gateway.int.test.ts and path-and-input.int.test.ts, which run once per setting.
 */

/** Open file descriptors of this process (each copy of the listening socket is one). */
const openDescriptors = () => readdirSync('/proc/self/fd').length;

/** The URL of a port nothing listens on. */
async function closedPortUrl(): Promise<string> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return `http://127.0.0.1:${port}`;
}

const env = (more: Record<string, string>) => ({ PORT: '0', HOST: '127.0.0.1', METRICS_PORT: '0', LISTEN_HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...more });

describe('performance switches of the gateway', () => {
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    stop = undefined;
  });

  it('default to today’s behaviour and parse the off values', () => {
    const defaults = loadConfig({});
    expect(defaults.GATEWAY_FAST_API_PATH).toBe(true);
    expect(defaults.GATEWAY_ACCEPT_COPIES).toBe(64);
    const off = loadConfig({ GATEWAY_FAST_API_PATH: 'false', GATEWAY_ACCEPT_COPIES: '0' });
    expect(off.GATEWAY_FAST_API_PATH).toBe(false);
    expect(off.GATEWAY_ACCEPT_COPIES).toBe(0);
    expect(() => loadConfig({ GATEWAY_ACCEPT_COPIES: '-1' })).toThrow(/GATEWAY_ACCEPT_COPIES/);
    expect(() => loadConfig({ GATEWAY_FAST_API_PATH: 'no' })).toThrow(/GATEWAY_FAST_API_PATH/);
    expect(defaults.GATEWAY_PROXY).toBe('builtin');
    expect(loadConfig({ GATEWAY_PROXY: 'library' }).GATEWAY_PROXY).toBe('library');
    expect(() => loadConfig({ GATEWAY_PROXY: 'undici' })).toThrow(/GATEWAY_PROXY/);
  });

  it('GATEWAY_FAST_API_PATH=false hands every request to Express’s router (the listener is the Express app)', () => {
    const log = createLogger('gateway-test');
    const fast = createGatewayApp({ cfg: loadConfig(env({})), log, store: new MemoryStore() });
    const ordinary = createGatewayApp({ cfg: loadConfig(env({ GATEWAY_FAST_API_PATH: 'false' })), log, store: new MemoryStore() });
    expect('handle' in fast).toBe(false);
    expect('handle' in ordinary && 'use' in ordinary).toBe(true);
  });

  it.each([
    ['both pieces on (default)', {}, true],
    ['both pieces off', { GATEWAY_FAST_API_PATH: 'false', GATEWAY_ACCEPT_COPIES: '0' }, false],
  ])('a started gateway answers with %s', async (_name, more: Record<string, string>, copies) => {
    const closed = await closedPortUrl();
    const before = openDescriptors();
    const running = await start(env({ CLASSES_SERVICE_URL: closed, ...more }));
    stop = running.stop;
    // Copies of the listening socket: 64 more descriptors, or none.
    const added = openDescriptors() - before;
    if (copies) expect(added).toBeGreaterThanOrEqual(64);
    else expect(added).toBeLessThan(10);
    const base = `http://127.0.0.1:${running.httpPort}`;

    const spec = await rawRequest(base, { method: 'GET', path: '/api/openapi.json' });
    expect(spec.status).toBe(200);
    expect((spec.json as { openapi: string }).openapi).toMatch(/^3\.1/);
    const unknown = await rawRequest(base, { method: 'GET', path: '/api/gibt-es-nicht' });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ detail: 'Diese Schnittstelle gibt es nicht.' });
    const dots = await rawRequest(base, { method: 'GET', path: '/api/classes/%2e%2e' });
    expect(dots.status).toBe(400);
    expect(dots.headers['x-content-type-options']).toBe('nosniff');
    // No classes service runs here: the proxy answers 502 with its German detail.
    const proxied = await rawRequest(base, { method: 'GET', path: '/api/me/classes' });
    expect(proxied.status).toBe(502);
    expect((proxied.json as { detail: string }).detail).toMatch(/ist zurzeit nicht erreichbar/);
  });
});
