import { execFileSync } from 'node:child_process';
import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { addAcceptCopies, type AcceptCopies } from './accept-copies.js';

const warnings: unknown[] = [];
const log = { warn: (o: unknown) => warnings.push(o), info: () => undefined } as never;

/** Opens `n` connections to `port` from another process and waits until the kernel has completed all of them. */
function connectFromOutside(port: number, n: number) {
  const script = `
    const net = require('node:net');
    let open = 0;
    for (let i = 0; i < ${n}; i++) net.connect(${port}, '127.0.0.1', () => { if (++open === ${n}) process.exit(0); });`;
  // Synchronous: this process's event loop does not turn (and accepts nothing) until all are connected.
  execFileSync(process.execPath, ['-e', script], { timeout: 20_000 });
}

/** How many connections the server takes in during one turn of the event loop (between two check phases). */
async function acceptedInOneTurn(server: Server, n: number): Promise<number> {
  let accepted = 0;
  let inOneTurn = -1;
  server.on('connection', (s) => {
    accepted++;
    s.destroy();
  });
  connectFromOutside((server.address() as AddressInfo).port, n);
  setImmediate(() => {
    const before = accepted;
    setImmediate(() => (inOneTurn = accepted - before));
  });
  while (accepted < n) await new Promise((r) => setTimeout(r, 5));
  return inOneTurn;
}

/** Nothing holds the port any more: a new server can listen on it. */
async function expectPortFree(port: number) {
  const again = createServer();
  await new Promise<void>((resolve, reject) => {
    again.once('error', reject);
    again.listen(port, '127.0.0.1', resolve);
  });
  await new Promise((r) => again.close(r));
}

const get = (port: number) =>
  new Promise<string>((resolve, reject) => {
    const r = request({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve(body));
    });
    r.on('error', reject);
    r.end();
  });

describe('accept copies of the gateway’s listening socket', () => {
  const servers: Server[] = [];
  const copies: AcceptCopies[] = [];
  const listen = async () => {
    const server = createServer((_req, res) => res.end('ok'));
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return server;
  };
  afterEach(async () => {
    for (const c of copies.splice(0)) await c.close();
    for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
    warnings.length = 0;
  });

  it('take in a burst of new connections within one turn of a busy event loop (one socket alone takes one per turn)', async () => {
    const alone = await listen();
    expect(await acceptedInOneTurn(alone, 40)).toBe(1);

    const withCopies = await listen();
    const c = await addAcceptCopies(withCopies, log, 48);
    copies.push(c);
    expect(c.count).toBe(48);
    expect(await acceptedInOneTurn(withCopies, 40)).toBe(40);
    expect(warnings).toEqual([]);
  });

  it('hand every connection to the one HTTP server, and free the port once closed', async () => {
    const server = await listen();
    const c = await addAcceptCopies(server, log, 8);
    expect(c.count).toBe(8);
    const port = (server.address() as AddressInfo).port;
    const answers = await Promise.all(Array.from({ length: 30 }, () => get(port)));
    expect(answers.every((a) => a === 'ok')).toBe(true);

    await c.close();
    await new Promise((r) => server.close(r));
    servers.splice(servers.indexOf(server), 1);
    await expectPortFree(port);
  });

  it('stop accepting at once on close, even while a client keeps a connection they took in busy', async () => {
    const server = await listen();
    const c = await addAcceptCopies(server, log, 64);
    const port = (server.address() as AddressInfo).port;
    // A keep-alive connection, taken in by any of the 65 sockets, used again and again.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const busy = setInterval(
      () =>
        request({ host: '127.0.0.1', port, path: '/', agent }, (res) => res.resume())
          .on('error', () => undefined)
          .end(),
      20,
    );
    try {
      await new Promise((r) => setTimeout(r, 100));
      await c.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      servers.splice(servers.indexOf(server), 1);
      await expectPortFree(port);
    } finally {
      clearInterval(busy);
      agent.destroy();
    }
  });

  it('leave the server with its own socket when there is nothing to copy', async () => {
    const notListening = createServer();
    const c = await addAcceptCopies(notListening, log, 8);
    expect(c.count).toBe(0);
    await c.close();
  });
});
