import net from 'node:net';
import type { RunningService } from '@stundenplan/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressKey } from '../src/connection-limits.js';
import { loadConfig } from '../src/config.js';
import { start } from '../src/main.js';

/**
 * A client that opens many connections and sends nothing must not lock anybody else out: the gateway as
 * `npm start` runs it (with the accept copies), over real sockets on loopback. The flood comes from
 * 127.0.0.1, the other client binds 127.0.0.2 (the whole of 127.0.0.0/8 is loopback on Linux).
 */
const PER_ADDRESS = 5;
const TOTAL = 12;
const HEADERS_TIMEOUT_MS = 800;

interface Idle {
  socket: net.Socket;
  /** Resolves when the gateway closed it, with what it sent before (a 408, or nothing for a refused one). */
  closed: Promise<{ after: number; got: string }>;
}

function openIdle(port: number, localAddress: string): Promise<Idle> {
  return new Promise((resolve, reject) => {
    const opened = Date.now();
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    let got = '';
    socket.on('data', (d: Buffer) => (got += d.toString('latin1')));
    socket.on('error', () => undefined);
    const closed = new Promise<{ after: number; got: string }>((r) => socket.once('close', () => r({ after: Date.now() - opened, got })));
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

/** One GET over a fresh connection from `localAddress`; the status line, or the error. */
function get(port: number, localAddress: string, path = '/healthz'): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress });
    let text = '';
    const timer = setTimeout(() => socket.destroy(), 10_000);
    socket.on('data', (d: Buffer) => {
      text += d.toString('latin1');
      if (text.includes('\r\n\r\n')) socket.destroy();
    });
    socket.on('error', (e: NodeJS.ErrnoException) => (text ||= `error ${e.code}`));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(text.split('\r\n')[0] || 'closed without an answer');
    });
    socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
  });
}

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('connection flood', () => {
  let gateway: RunningService;
  let port = 0;

  beforeAll(async () => {
    gateway = await start({
      PORT: '0',
      HOST: '127.0.0.1',
      METRICS_PORT: '0',
      LISTEN_HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      GATEWAY_MAX_CONNECTIONS: String(TOTAL),
      GATEWAY_MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
      GATEWAY_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      GATEWAY_ACCEPT_COPIES: '4',
    });
    port = gateway.httpPort;
  });

  afterAll(async () => {
    await gateway?.stop();
  });

  it('closes the connections one address opens beyond its cap at once, and still answers another address', async () => {
    const flood = await Promise.all(Array.from({ length: PER_ADDRESS * 3 }, () => openIdle(port, '127.0.0.1')));
    // Those over the cap are closed without a byte, long before any timeout; the others are held.
    const early = await Promise.all(flood.map((c) => Promise.race([c.closed, settle(HEADERS_TIMEOUT_MS / 2).then(() => null)])));
    const refused = early.filter((c) => c !== null);
    expect(refused).toHaveLength(PER_ADDRESS * 2);
    for (const c of refused) expect(c!.got).toBe('');
    // The flood holds its share; somebody else is answered meanwhile.
    expect(await get(port, '127.0.0.2')).toBe('HTTP/1.1 200 OK');
    for (const c of flood) c.socket.destroy();
    await Promise.all(flood.map((c) => c.closed));
  });

  it('caps the connections held in total, across addresses', async () => {
    const first = await Promise.all(Array.from({ length: PER_ADDRESS }, () => openIdle(port, '127.0.0.3')));
    const second = await Promise.all(Array.from({ length: PER_ADDRESS }, () => openIdle(port, '127.0.0.4')));
    const third = await Promise.all(Array.from({ length: PER_ADDRESS }, () => openIdle(port, '127.0.0.5')));
    await settle(HEADERS_TIMEOUT_MS / 2);
    const open = [...first, ...second, ...third].filter((c) => !c.socket.closed);
    expect(open).toHaveLength(TOTAL);
    for (const c of [...first, ...second, ...third]) c.socket.destroy();
    await Promise.all([...first, ...second, ...third].map((c) => c.closed));
    // Closed ones are counted off: the gateway answers again.
    expect(await get(port, '127.0.0.6')).toBe('HTTP/1.1 200 OK');
  });

  it('closes a connection that sends nothing, or only part of a request, after the header timeout', async () => {
    const silent = await openIdle(port, '127.0.0.7');
    const partial = await openIdle(port, '127.0.0.7');
    partial.socket.write('GET /healthz HTTP/1.1\r\nHost: loc');
    // Closed within a few timeouts (Node checks about ten times per timeout), not Node's 60 s.
    const late = settle(HEADERS_TIMEOUT_MS * 6).then(() => ({ after: Infinity, got: 'still open' }));
    const [a, b] = await Promise.all([Promise.race([silent.closed, late]), Promise.race([partial.closed, late])]);
    silent.socket.destroy();
    partial.socket.destroy();
    for (const c of [a!, b!]) {
      expect(c.after).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
      expect(c.got.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    }
  });
});

describe('connection limits: configuration and addresses', () => {
  it('has defaults that hold a school behind one address and close idle connections within seconds', () => {
    const cfg = loadConfig({});
    expect(cfg.GATEWAY_MAX_CONNECTIONS).toBe(4096);
    expect(cfg.GATEWAY_MAX_CONNECTIONS_PER_ADDRESS).toBe(256);
    expect(cfg.GATEWAY_HEADERS_TIMEOUT_MS).toBeLessThanOrEqual(10_000);
    expect(cfg.GATEWAY_KEEP_ALIVE_TIMEOUT_MS).toBe(5000);
    expect(loadConfig({ GATEWAY_MAX_CONNECTIONS_PER_ADDRESS: '0' }).GATEWAY_MAX_CONNECTIONS_PER_ADDRESS).toBe(0);
    expect(() => loadConfig({ GATEWAY_MAX_CONNECTIONS: '0' })).toThrow(/GATEWAY_MAX_CONNECTIONS/);
    expect(() => loadConfig({ GATEWAY_HEADERS_TIMEOUT_MS: '120000' })).toThrow(/GATEWAY_HEADERS_TIMEOUT_MS/);
  });

  it.each([
    ['127.0.0.2', '127.0.0.2'],
    ['::ffff:127.0.0.2', '127.0.0.2'],
    ['::FFFF:10.1.2.3', '10.1.2.3'],
    ['2001:db8:1:2:aaaa::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    [undefined, undefined],
  ])('counts %s as %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });
});
