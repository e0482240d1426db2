import type { IncomingMessage, ServerResponse } from 'node:http';

const BODY_TIMEOUT_DETAIL = 'Die Anfrage ist nicht vollständig angekommen. Bitte versuche es erneut.';
const ANSWER = Buffer.from(JSON.stringify({ detail: BODY_TIMEOUT_DETAIL }));

/** `bodyTimedOut`: set when the gateway gave up on the body (the proxy then ends its upstream request quietly). */
export type WatchedRequest = IncomingMessage & { bodyTimedOut?: boolean };

/**
 * A request whose body stops arriving before its declared length (a client that died, or one that
 * holds connections open on purpose) is answered 408 and its connection closed once no byte of it
 * came for `idleMs`: it is noticed between `idleMs` and twice that. A body that arrives slowly but
 * steadily is never cut off. Bytes the gateway itself has not taken yet (the service reads an
 * upload slowly) do not count as the client's stall.
 */
export function watchBody(req: WatchedRequest, res: ServerResponse, idleMs: number): void {
  const socket = req.socket;
  let seen = socket.bytesRead;
  const timer = setTimeout(function check() {
    if (req.complete || req.destroyed || socket.destroyed) return;
    if (socket.bytesRead !== seen || req.readableLength > 0) {
      seen = socket.bytesRead;
      timer.refresh();
      return;
    }
    giveUp(req, res);
  }, idleMs);
  const stop = () => clearTimeout(timer);
  req.once('end', stop);
  req.once('close', stop);
}

function giveUp(req: WatchedRequest, res: ServerResponse): void {
  req.bodyTimedOut = true;
  if (res.headersSent) {
    // An answer is out already (or on its way): the connection cannot carry another, end it.
    if (res.writableFinished) req.socket.destroy();
    else res.once('finish', () => req.socket.destroy());
    return;
  }
  // Connection: close, so Node ends the connection after the answer; the rest of the body never comes.
  res.writeHead(408, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': ANSWER.length, Connection: 'close' });
  res.end(ANSWER);
}
