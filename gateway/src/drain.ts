import type { IncomingMessage, ServerResponse } from 'node:http';

/** Most of a refused body the gateway reads and discards so the client gets its answer intact. */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;

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
  let seen = 0;
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > DRAIN_MAX_BYTES && res.writableFinished) req.socket.destroy();
  });
  req.resume();
}
