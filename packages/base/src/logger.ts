import { pino, type Logger } from 'pino';

export type { Logger };

const level = () => globalLevel;
let globalLevel = 'info';

/** Set once by a service's config; child loggers inherit it. */
export function setLogLevel(l: string): void {
  globalLevel = l;
  root.level = l;
}

const root: Logger = pino({
  level: level(),
  base: undefined,
  redact: { paths: ['password', '*.password', 'token', '*.token', 'req.headers.cookie', 'headers.cookie'], remove: true },
});

export function createLogger(name: string, bindings: Record<string, unknown> = {}): Logger {
  return root.child({ name, ...bindings });
}
