import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';

/**
 * The request being served, carried through every await by AsyncLocalStorage: the HTTP edge and the
 * gRPC server enter it, the logger stamps its id on every line written meanwhile, and outgoing gRPC
 * calls pass the id on as metadata. One id follows a request from the gateway to the last service.
 */
export interface RequestContext {
  requestId: string;
}

export const REQUEST_ID_HEADER = 'x-request-id';
/** gRPC metadata key of the request id (metadata keys are lower case, like HTTP/2 headers). */
export const REQUEST_ID_METADATA = REQUEST_ID_HEADER;

/**
 * The client's address as the gateway judged it (with its TRUST_PROXY): the gateway sets it on every request it
 * forwards, replacing one a client sent. Only the gateway reaches the services' HTTP ports (network policy), so
 * a service reads the client from here; behind the gateway its own view (`req.ip`) is the gateway.
 */
export const CLIENT_ADDRESS_HEADER = 'x-client-address';

/** The client address of a request at a service: the gateway's header when it holds an IP address, else `req.ip`. */
export function clientAddressOf(req: { headers: Record<string, string | string[] | undefined>; ip?: string | undefined }): string {
  const v = req.headers[CLIENT_ADDRESS_HEADER];
  const address = typeof v === 'string' && isIP(v) ? v : (req.ip ?? 'unknown');
  // One spelling per IPv4 client, whether the socket was IPv4 or dual-stack IPv6.
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Ids from outside are taken only in a plain shape (no log injection, bounded length); otherwise a fresh one. */
const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/;

export function acceptRequestId(raw: unknown): string {
  const v = Array.isArray(raw) ? raw[0] : raw;
  return typeof v === 'string' && REQUEST_ID_RE.test(v) ? v : randomUUID();
}

export function runInRequest<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

/** The id of the request being served, or undefined outside of one (startup, timers, event consumers). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
