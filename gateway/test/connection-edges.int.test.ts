import { createServer, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { closeServer, createLogger, listen, MemoryStore } from '@stundenplan/base';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGatewayApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { servicesAt } from './gateway-fixture.js';

/**
 * Requests over a plain TCP socket, as a script or a simple client sends them: the whole request is
 * written first and the answer read only afterwards, so an answer the server follows with a reset
 * (closing while the body still arrives) is lost, as it is for such clients on a real network.
 */
interface SocketAnswer {
  /** The status line, or '' when no answer arrived. */
  statusLine: string;
  body: string;
  error?: string;
  ms: number;
}

function socketRequest(port: number, head: string, body: Buffer, opts: { readAfterSending: boolean; giveUpMs?: number }): Promise<SocketAnswer> {
  return new Promise((resolve) => {
    const started = Date.now();
    const s = net.connect(port, '127.0.0.1');
    if (opts.readAfterSending) s.pause();
    const chunks: Buffer[] = [];
    let error: string | undefined;
    const answer = () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      const head = end === -1 ? text : text.slice(0, end);
      const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
      const body = end === -1 ? '' : text.slice(end + 4);
      return { statusLine: head.split('\r\n')[0] ?? '', body, complete: length !== undefined && Buffer.byteLength(body) >= Number(length) };
    };
    const giveUp = setTimeout(() => s.destroy(), opts.giveUpMs ?? 20_000);
    const finish = () => {
      clearTimeout(giveUp);
      const { statusLine, body } = answer();
      resolve({ statusLine, body, error, ms: Date.now() - started });
    };
    s.on('data', (d: Buffer) => {
      chunks.push(d);
      // A kept-alive connection stays open: the whole answer is enough.
      if (answer().complete) s.destroy();
    });
    s.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    s.on('close', finish);
    s.write(head);
    let offset = 0;
    const pump = () => {
      while (offset < body.length) {
        const chunk = body.subarray(offset, offset + 64 * 1024);
        offset += chunk.length;
        if (!s.write(chunk)) return void s.once('drain', pump);
      }
      s.resume();
    };
    pump();
  });
}

/** An upstream that reads every body and answers 200. */
async function startUpstream(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}'));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

// Both proxies (GATEWAY_PROXY, docs/adr/0005): these edges are where a proxy goes wrong first.
describe.each(['builtin', 'library'])('answers that reach a client still sending, and bodies that never arrive (GATEWAY_PROXY=%s)', (proxy) => {
  let gateway: Server;
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  let port = 0;
  const BODY_TIMEOUT_MS = 400;
  const UPSTREAM_TIMEOUT_MS = 1200;
  const log = createLogger('gateway-test');
  const warn = vi.spyOn(log, 'warn');

  beforeAll(async () => {
    upstream = await startUpstream();
    const cfg = loadConfig({
      PORT: '0',
      ...servicesAt(upstream.url, ['AUTH', 'CLASSES', 'DOCUMENT', 'NOTIFICATION']),
      BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS),
      // The proxy gives up on a service after this: short, so a stalled upload shows whether it counts as the service's failure.
      REQUEST_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
      LOG_LEVEL: 'silent',
      GATEWAY_PROXY: proxy,
    });
    gateway = await listen(createGatewayApp({ cfg, log, store: new MemoryStore() }), 0, '127.0.0.1');
    port = (gateway.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await closeServer(gateway);
    await closeServer(upstream.server);
  });

  const SIX_MB = Buffer.alloc(6 * 1024 * 1024, 'a');
  const uploadHead = (extra: string, length = SIX_MB.length) =>
    `POST /api/extract-hmtm-csv HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${length}\r\n${extra}\r\n`;

  it.each([
    ['keep-alive', ''],
    ['Connection: close', 'Connection: close\r\n'],
  ])('a 6 MB upload gets its 413 over a raw socket that reads only after sending (%s, 10 tries)', async (_label, extra) => {
    for (let i = 0; i < 10; i++) {
      const res = await socketRequest(port, uploadHead(extra), SIX_MB, { readAfterSending: true, giveUpMs: 8000 });
      expect(res.statusLine, `try ${i + 1}: ${res.error ?? ''}`).toBe('HTTP/1.1 413 Payload Too Large');
      expect(JSON.parse(res.body)).toEqual({ detail: 'Die Datei ist zu groß (maximal 5 MB).' });
    }
  });

  it('an HTTP/1.0 upload over 5 MB gets its 413 too', async () => {
    const head = uploadHead('').replace('HTTP/1.1', 'HTTP/1.0');
    const res = await socketRequest(port, head, SIX_MB, { readAfterSending: true, giveUpMs: 8000 });
    expect(res.statusLine).toBe('HTTP/1.1 413 Payload Too Large');
  });

  it.each([
    ['a JSON body', 'POST /api/auth/login', 'application/json', '{"email":"a@b.de"'],
    ['an upload', 'POST /api/extract-hmtm-csv', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="f"\r\n\r\nab'],
  ])('%s shorter than its Content-Length is answered 408 once it stops arriving', async (_label, line, type, partial) => {
    const head = `${line} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${type}\r\nContent-Length: ${partial.length + 100}\r\n\r\n`;
    const res = await socketRequest(port, head, Buffer.from(partial), { readAfterSending: false, giveUpMs: 15_000 });
    expect(res.statusLine).toBe('HTTP/1.1 408 Request Timeout');
    expect(JSON.parse(res.body)).toEqual({ detail: 'Die Anfrage ist nicht vollständig angekommen. Bitte versuche es erneut.' });
    // Stalled for the timeout, detected within twice that (plus scheduling on a busy machine).
    expect(res.ms).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS);
    expect(res.ms).toBeLessThan(BODY_TIMEOUT_MS * 2 + 1500);
    // The upload's upstream request is ended quietly: the client's stall is no failure of the service.
    await new Promise((r) => setTimeout(r, UPSTREAM_TIMEOUT_MS + 300));
    expect(warn).not.toHaveBeenCalled();
  });

  it('a slow but steady body is not cut off', async () => {
    const body = '{"email":"langsam@example.org","password":"x"}';
    const head = `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    const s = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    s.on('data', (d: Buffer) => chunks.push(d));
    const closed = new Promise<void>((r) => s.on('close', () => r()));
    s.write(head);
    // Byte groups every 150 ms: longer than the timeout in total, never idle as long as it.
    for (let i = 0; i < body.length; i += 4) {
      await new Promise((r) => setTimeout(r, 150));
      s.write(body.slice(i, i + 4));
    }
    await closed;
    expect(Buffer.concat(chunks).toString('utf8').split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
  });

  it('the default body timeout answers within 30 s', () => {
    expect(loadConfig({}).BODY_TIMEOUT_MS * 2).toBeLessThanOrEqual(30_000);
  });
});
