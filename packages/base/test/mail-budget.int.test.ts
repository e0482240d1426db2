import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../src/db.js';
import { AppError } from '../src/errors.js';
import { MAIL_BUDGET_SCHEMA, mailBudgetCounter, reserveMailBudget } from '../src/mail-budget.js';
import { MemoryStore } from '../src/store.js';
import { adminQuery, databaseUrl, dropSchemas, randomSchema } from './helpers.js';

/** In embedded mode (memory store) the budget is counted in PostgreSQL, so a restart forgets nothing. */
describe('mail budget with the memory store (PostgreSQL)', () => {
  const pools: Pool[] = [];
  const schemas: string[] = [];
  /** A service of its own (own schema, own pool, own memory store), as after a process start. */
  const service = async () => {
    const schema = randomSchema('t_budget');
    schemas.push(schema);
    await adminQuery(`CREATE SCHEMA "${schema}"`);
    const pool = createPool(databaseUrl(), schema, 2);
    pools.push(pool);
    return mailBudgetCounter({ STORE: 'memory', DATABASE_URL: databaseUrl() }, new MemoryStore(), pool);
  };
  afterAll(async () => {
    for (const p of pools) await p.end();
    await dropSchemas(...schemas);
  });

  it('two services and a restarted process count against one budget per teacher', async () => {
    const teacher = randomUUID();
    const [classes, notification] = await Promise.all([service(), service()]);
    await reserveMailBudget(classes, teacher, 1, 5);
    await reserveMailBudget(notification, teacher, 3, 5);
    // "Restart": new pool, new (empty) memory store.
    const restarted = await service();
    const err = await reserveMailBudget(restarted, teacher, 2, 5).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).httpStatus).toBe(429);
    expect((err as AppError).toJSON()).toEqual({ detail: expect.stringContaining('höchstens 5 Empfänger*innen pro Tag'), wait_time: expect.any(Number) });
    const wait = (err as AppError).toJSON().wait_time as number;
    expect(wait).toBeGreaterThan(24 * 3600 - 60);
    expect(wait).toBeLessThanOrEqual(24 * 3600);
    // The refused reservation counted nothing: exactly one more fits, then none.
    const last = await reserveMailBudget(restarted, teacher, 1, 5);
    await expect(reserveMailBudget(classes, teacher, 1, 5)).rejects.toBeInstanceOf(AppError);
    // A released reservation is given back; another teacher has a budget of their own.
    await last.release();
    await expect(reserveMailBudget(notification, teacher, 1, 5)).resolves.toBeDefined();
    await expect(reserveMailBudget(notification, randomUUID(), 5, 5)).resolves.toBeDefined();
  });

  it('the window ends 24 hours after the first mail; then the budget is whole again', async () => {
    const teacher = randomUUID();
    const counter = await service();
    await reserveMailBudget(counter, teacher, 5, 5);
    await expect(reserveMailBudget(counter, teacher, 1, 5)).rejects.toBeInstanceOf(AppError);
    await adminQuery(`UPDATE "${MAIL_BUDGET_SCHEMA}".counters SET expires_at = now() - interval '1 second' WHERE key = $1`, [`mail-budget:${teacher}`]);
    await expect(reserveMailBudget(counter, teacher, 5, 5)).resolves.toBeDefined();
    await expect(reserveMailBudget(counter, teacher, 1, 5)).rejects.toBeInstanceOf(AppError);
  });

  it('parallel reservations never lose a count', async () => {
    const teacher = randomUUID();
    const [a, b] = await Promise.all([service(), service()]);
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => reserveMailBudget(i % 2 ? a : b, teacher, 1, 10)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
  });
});
