import type { NextFunction, Request, Response } from 'express';

/** 127.0.0.0/8, ::1 and their IPv4-mapped IPv6 forms. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

const LOOPBACK_ONLY_DETAIL = 'Diese Seite ist nur auf dem Rechner erreichbar, auf dem der Stundenplan-Assistent läuft.';

/** Headers a reverse proxy adds: a request carrying one came from elsewhere, even over loopback. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Lets only clients on this machine through, judged by the socket's peer address (never by
 * X-Forwarded-For, which a client can write itself). A request relayed by a reverse proxy on this
 * machine (it names a client in a forwarding header) is refused too. Others get 403 with a German detail.
 */
export function loopbackOnly() {
  return (req: Request, res: Response, next: NextFunction) => {
    const relayed = PROXY_HEADERS.some((h) => req.headers[h] !== undefined);
    if (!relayed && isLoopbackAddress(req.socket.remoteAddress)) return next();
    res.status(403).json({ detail: LOOPBACK_ONLY_DETAIL });
  };
}
