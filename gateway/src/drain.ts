import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Most of a refused body the gateway reads and discards so the client gets its answer intact. */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;

/** How long a connection closed after an early answer keeps reading what the client still sends. */
const LINGER_MS = 10_000;

/**
 * An answer given before the request body was read (413, 411, a service's early 401/403) must reach
 * the client: closing while the client still sends makes the kernel reset the connection, and the
 * browser shows a network error instead of the answer. So the rest of the body is read and thrown
 * away; only a body beyond DRAIN_MAX_BYTES ends the connection (after the answer).
 */
export function drainRequest(req: IncomingMessage & { draining?: boolean }, res: ServerResponse): void {
  if (req.readableEnded || req.draining) return;
  req.draining = true;
  req.unpipe();
  lingerOnClose(req.socket);
  let seen = 0;
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > DRAIN_MAX_BYTES && res.writableFinished) req.socket.destroy();
  });
  req.resume();
}

/**
 * When the connection ends with this answer (the client sent `Connection: close`, HTTP/1.0, or the
 * body is beyond DRAIN_MAX_BYTES), Node's server destroys the socket as soon as the answer is
 * written (socket.destroySoon). The body still arriving then meets a closed socket, the kernel
 * answers with a reset, and a client that reads after sending loses the answer (RFC 9112, 9.6:
 * close in stages). So only the sending side is closed here; the socket goes on reading (the drain
 * above discards it) until the client closes too, DRAIN_MAX_BYTES is passed, or LINGER_MS is over.
 */
function lingerOnClose(socket: Socket & { lingering?: boolean }): void {
  if (socket.lingering) return;
  socket.lingering = true;
  socket.destroySoon = function lingeringClose(this: Socket) {
    if (this.destroyed) return;
    if (this.writable) this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
  };
}
