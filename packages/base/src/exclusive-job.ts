// A periodic job that runs in one replica at a time: the retention passes of the auth and classes services.
import type { Logger } from './logger.js';

/** Default delay of the first pass after start: the service is up, its neighbours have had a moment to start. */
const EXCLUSIVE_JOB_FIRST_PASS_MS = 10_000;

export interface ExclusiveJobOptions {
  /** The lock's name, unique in the database (e.g. `${schema}:class-retention`). */
  lockKey: string;
  /** Time between passes; 0 runs no timer (only runOnce). */
  intervalMs: number;
  /** Delay of the first pass after start (at most intervalMs); EXCLUSIVE_JOB_FIRST_PASS_MS when absent. */
  firstPassDelayMs?: number;
  /** Runs `work` unless another replica holds the lock `key` (then null): withSessionLock over the service's pool. */
  exclusively<T>(key: string, work: () => Promise<T>): Promise<T | null>;
  log: Logger;
  /** The log's words when a timed pass fails, e.g. 'class data retention failed'. */
  failure: string;
}

export interface ExclusiveJob<T> {
  /** One pass, unless one runs here already or in another replica (then null). */
  runOnce(): Promise<T | null>;
  /** Stops the timer and waits for a pass under way. */
  stop(): Promise<void>;
}

/** Runs `pass` shortly after start and then every `intervalMs`, one replica at a time (a session advisory lock). */
export function startExclusiveJob<T>(opts: ExclusiveJobOptions, pass: () => Promise<T>): ExclusiveJob<T> {
  let current: Promise<unknown> = Promise.resolve();
  let running = false;
  const runOnce = async (): Promise<T | null> => {
    if (running) return null;
    running = true;
    const p = opts.exclusively(opts.lockKey, pass);
    current = p.catch(() => undefined);
    try {
      return await p;
    } finally {
      running = false;
    }
  };
  const tick = () => {
    runOnce().catch((e: unknown) => opts.log.warn({ err: (e as Error).message }, opts.failure));
  };
  const timer = opts.intervalMs > 0 ? setInterval(tick, opts.intervalMs) : undefined;
  const first = opts.intervalMs > 0 ? setTimeout(tick, Math.min(opts.firstPassDelayMs ?? EXCLUSIVE_JOB_FIRST_PASS_MS, opts.intervalMs)) : undefined;
  timer?.unref();
  first?.unref();
  return {
    runOnce,
    stop: async () => {
      clearInterval(timer);
      clearTimeout(first);
      await current;
    },
  };
}
