import { spawn, type SendHandle } from 'node:child_process';
import type { Server as HttpServer } from 'node:http';
import { createServer, type Server as NetServer, type Socket } from 'node:net';
import type { Logger } from '@stundenplan/base';

/**
 * More ways in for new connections while the gateway is busy. Since libuv 1.45 (Node.js 20) a
 * listening socket accepts one connection per event-loop turn; under full load one turn of the
 * gateway takes tens of milliseconds, so 200 connections opened at once waited seconds in the
 * kernel's queue before their first request was even read (nodejs/node#57364). Each copy of the
 * listening socket is watched on its own and accepts one connection per turn, so with 64 copies a
 * burst of new connections is taken in within a few turns. The copies are made once at start by a
 * short-lived helper process that sends the socket back to us (Node.js duplicates a file descriptor
 * only by passing it between processes); every connection goes to the one HTTP server.
 */
export const ACCEPT_COPIES = 64;
const HELPER_TIMEOUT_MS = 5000;

/**
 * The helper: receives the listening socket and sends it back `copies` times, then closes its own and
 * ends; it never accepts. `on`, not `once`: the channel keeps the process alive while a listener exists,
 * and every send after the first waits for the acknowledgement of the one before.
 */
const HELPER = `
let started = false;
process.on('message', (m, handle) => {
  if (started) return;
  started = true;
  const wanted = Math.min(Math.max(0, Math.floor(Number(m && m.copies) || 0)), 1024);
  const done = (code) => { if (handle) handle.close(); process.exitCode = code; process.disconnect(); };
  if (!handle || !wanted) return done(1);
  let left = wanted;
  const next = (err) => (err ? done(1) : left-- <= 0 ? done(0) : process.send({ copy: true }, handle, {}, next));
  next();
});`;

export interface AcceptCopies {
  /** How many copies accept beside the server's own socket. */
  count: number;
  /**
   * Stops accepting on every copy at once. The connections they took in belong to the HTTP server and end with
   * it (closeAllConnections); waiting for them here would keep the port open while clients keep them busy.
   */
  close(): Promise<void>;
}

/** Adds `copies` accepting copies of `server`'s listening socket; on any failure the server keeps its one socket. */
export async function addAcceptCopies(server: HttpServer, log: Logger, copies = ACCEPT_COPIES): Promise<AcceptCopies> {
  const extra: NetServer[] = [];
  const close = async () => {
    for (const s of extra.splice(0)) s.close();
  };
  // The listening socket itself (not the net.Server: a server sent to a process starts accepting there).
  const handle = (server as unknown as { _handle?: SendHandle | null })._handle;
  if (!handle || copies <= 0) return { count: 0, close };
  const hand = (socket: Socket) => server.emit('connection', socket);
  try {
    await new Promise<void>((resolve, reject) => {
      const helper = spawn(process.execPath, ['-e', HELPER], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], serialization: 'json' });
      const timer = setTimeout(() => {
        helper.kill('SIGKILL');
        reject(new Error('the helper did not answer in time'));
      }, HELPER_TIMEOUT_MS);
      helper.on('message', (_m, copy) => {
        if (!copy) return;
        // Options of Node's HTTP server for its own sockets: no Nagle delay.
        const s = createServer({ noDelay: true }, hand);
        s.on('error', (e) => log.warn({ err: e }, 'accepting copy of the listening socket failed'));
        s.listen(copy as unknown as Parameters<NetServer['listen']>[0]);
        extra.push(s);
        if (extra.length === copies) {
          clearTimeout(timer);
          resolve();
        }
      });
      helper.once('error', reject);
      helper.once('exit', (code) => {
        clearTimeout(timer);
        if (extra.length < copies) reject(new Error(`the helper ended (${code}) after ${extra.length} copies`));
      });
      helper.send({ copies }, handle);
    });
  } catch (e) {
    log.warn(
      { err: (e as Error).message, copies: extra.length },
      'fewer copies of the listening socket than planned: new connections are taken in more slowly under load',
    );
  }
  return { count: extra.length, close };
}
