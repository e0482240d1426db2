import type { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import { currentRequestId } from './request-context.js';

export type { Logger };

const level = () => globalLevel;
let globalLevel = 'info';

/** Set once by a service's config; child loggers inherit it. */
export function setLogLevel(l: string): void {
  globalLevel = l;
  root.level = l;
}

const streams = pino.multistream([{ level: 'trace', stream: pino.destination({ dest: 1, sync: true }) }]);

const root: Logger = pino(
  {
    level: level(),
    base: undefined,
    redact: { paths: ['password', '*.password', 'token', '*.token', 'req.headers.cookie', 'headers.cookie'], remove: true },
    // Every line written while a request is served carries its id, whichever module logger writes it.
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  },
  streams,
);

/** A second destination for every log line (tests read what a service logged); answers a function that removes it again. */
export function addLogDestination(stream: Writable): () => void {
  // pino's typings omit lastId: the id of the stream just added.
  const id = (streams.add({ level: 'trace', stream }) as unknown as { lastId: number }).lastId;
  return () => void streams.remove(id);
}

export function createLogger(name: string, bindings: Record<string, unknown> = {}): Logger {
  return root.child({ name, ...bindings });
}
