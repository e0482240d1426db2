import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { reserveMailBudget } from './mail-budget.js';
import { MemoryStore } from './store.js';

describe('reserveMailBudget', () => {
  it('counts recipients up to the limit, then answers 429 with wait_time and counts nothing more', async () => {
    let now = 1_000_000;
    const store = new MemoryStore(() => now);
    await reserveMailBudget(store, 't1', 6, 10);
    await reserveMailBudget(store, 't1', 4, 10);
    now += 60_000;
    const err = await reserveMailBudget(store, 't1', 1, 10).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).httpStatus).toBe(429);
    expect((err as AppError).toJSON()).toEqual({ detail: expect.stringContaining('höchstens 10 Empfänger*innen pro Tag'), wait_time: 24 * 3600 - 60 });
    // Another teacher has an own budget.
    await expect(reserveMailBudget(store, 't2', 10, 10)).resolves.toBeDefined();
  });

  it('a refused sending costs nothing, a released one is given back, and the window ends after 24 hours', async () => {
    let now = 0;
    const store = new MemoryStore(() => now);
    await reserveMailBudget(store, 't', 8, 10);
    await expect(reserveMailBudget(store, 't', 3, 10)).rejects.toBeInstanceOf(AppError);
    const r = await reserveMailBudget(store, 't', 2, 10);
    await r.release();
    await expect(reserveMailBudget(store, 't', 2, 10)).resolves.toBeDefined();
    await expect(reserveMailBudget(store, 't', 1, 10)).rejects.toBeInstanceOf(AppError);
    now += 24 * 3600 * 1000;
    await expect(reserveMailBudget(store, 't', 10, 10)).resolves.toBeDefined();
  });
});
