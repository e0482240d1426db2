import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

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
