import type { Logger } from './logger.js';

export interface RunningService {
  name: string;
  httpPort: number;
  grpcPort?: number;
  stop(): Promise<void>;
}

/**
 * Stop hooks run in reverse registration order: register pools first, servers last,
 * consumers after servers, so shutdown is consumers -> servers -> connections.
 */
export class Lifecycle {
  private readonly hooks: { name: string; fn: () => Promise<void> }[] = [];
  onStop(name: string, fn: () => Promise<void>): void {
    this.hooks.push({ name, fn });
  }
  async stop(log?: Logger): Promise<void> {
    for (const h of this.hooks.splice(0).reverse()) {
      try {
        await h.fn();
      } catch (e) {
        log?.warn({ hook: h.name, err: (e as Error).message }, 'stop hook failed');
      }
    }
  }
}

/** Standalone entry: start, then stop gracefully on SIGTERM/SIGINT. */
export function runStandalone(name: string, start: () => Promise<RunningService>, log: Logger): void {
  start().then(
    (svc) => {
      log.info({ httpPort: svc.httpPort, grpcPort: svc.grpcPort }, `${name} started`);
      let stopping = false;
      const shutdown = (signal: string) => {
        if (stopping) return;
        stopping = true;
        log.info({ signal }, `${name} stopping`);
        svc.stop().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.on('SIGTERM', () => shutdown('SIGTERM'));
      process.on('SIGINT', () => shutdown('SIGINT'));
      exitOnUncaught(name, svc, log);
    },
    (err: unknown) => {
      log.fatal({ err }, `${name} failed to start`);
      process.exit(1);
    },
  );
}

/** How long a failed process may take to stop before it exits anyway. */
const UNCAUGHT_STOP_MS = 5000;

/**
 * A failure nothing caught (an `uncaughtException`, or a rejected promise nobody awaited) leaves the
 * process in an unknown state: it is logged as fatal through the service's logger (message and stack,
 * no request data), the service is stopped (at most UNCAUGHT_STOP_MS) and the process exits with 1, so
 * the orchestrator starts a fresh one.
 */
function exitOnUncaught(name: string, svc: Pick<RunningService, 'stop'>, log: Logger): void {
  let failing = false;
  const fail = (kind: string, err: unknown) => {
    log.fatal({ err, kind }, `${name}: ${kind}, exiting`);
    if (failing) return;
    failing = true;
    const exit = () => process.exit(1);
    setTimeout(exit, UNCAUGHT_STOP_MS).unref();
    svc.stop().then(exit, exit);
  };
  process.on('uncaughtException', (err) => fail('uncaughtException', err));
  process.on('unhandledRejection', (reason) => fail('unhandledRejection', reason));
}
