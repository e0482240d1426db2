import { afterEach, describe, expect, it, vi } from 'vitest';
import { startExclusiveJob, type ExclusiveJobOptions } from './exclusive-job.js';
import { createLogger } from './logger.js';

/** A lock held by one caller at a time, as withSessionLock over one database is. */
function fakeLock() {
  const held = new Set<string>();
  const keys: string[] = [];
  const exclusively = async <T>(key: string, work: () => Promise<T>): Promise<T | null> => {
    keys.push(key);
    if (held.has(key)) return null;
    held.add(key);
    try {
      return await work();
    } finally {
      held.delete(key);
    }
  };
  return { exclusively, keys, held };
}

const options = (lock: ReturnType<typeof fakeLock>, over: Partial<ExclusiveJobOptions> = {}): ExclusiveJobOptions => ({
  lockKey: 'app:job',
  intervalMs: 0,
  exclusively: lock.exclusively,
  log: createLogger('exclusive-job-test'),
  failure: 'job failed',
  ...over,
});

afterEach(() => vi.useRealTimers());

describe('startExclusiveJob', () => {
  it('runs the pass under its lock and answers its result', async () => {
    const lock = fakeLock();
    const job = startExclusiveJob(options(lock), async () => 7);
    expect(await job.runOnce()).toBe(7);
    expect(lock.keys).toEqual(['app:job']);
    await job.stop();
  });

  it('answers null while a pass runs here, and when another replica holds the lock', async () => {
    const lock = fakeLock();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const job = startExclusiveJob(options(lock), async () => {
      await gate;
      return 'done';
    });
    const first = job.runOnce();
    expect(await job.runOnce()).toBeNull();
    release();
    expect(await first).toBe('done');

    lock.held.add('app:job');
    expect(await job.runOnce()).toBeNull();
    await job.stop();
  });

  it('runs the first pass after the delay, then every interval; stop waits for the pass under way', async () => {
    vi.useFakeTimers();
    const lock = fakeLock();
    let passes = 0;
    const job = startExclusiveJob(options(lock, { intervalMs: 60_000 }), async () => ++passes);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(passes).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(passes).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(passes).toBe(2);
    await job.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(passes).toBe(2);
  });

  it('a failing timed pass is logged and the next one still runs', async () => {
    vi.useFakeTimers();
    const lock = fakeLock();
    const log = createLogger('exclusive-job-test');
    const warn = vi.spyOn(log, 'warn').mockImplementation(() => undefined);
    let calls = 0;
    const job = startExclusiveJob(options(lock, { intervalMs: 1_000, firstPassDelayMs: 500, log }), async () => {
      calls += 1;
      if (calls === 1) throw new Error('database gone');
      return calls;
    });
    await vi.advanceTimersByTimeAsync(500);
    expect(warn).toHaveBeenCalledWith({ err: 'database gone' }, 'job failed');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    await job.stop();
  });
});
