import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SWAP_TRANSITIONS, type SwapTransition } from '../src/domain/swap-status.js';
import { dropSchemas, sql, startNotification, type TestNotification } from './helpers.js';

/** The swap request's state machine: one typed table of moves, and the statuses held by a CHECK constraint. */

let n: TestNotification;
beforeAll(async () => {
  n = await startNotification();
});
afterAll(async () => {
  await n?.svc.stop();
  await dropSchemas(n ? [n.schema] : []);
});

const insert = (status: string) =>
  sql(
    `INSERT INTO "${n.schema}".lesson_swaps (class_id, teacher_id, member_id, user_id, member_name, with_member_id, with_user_id, with_member_name, from_date, status)
     VALUES ($1, $2, $3, $4, 'Anna', $5, $6, 'Ben', '2027-03-01', $7) RETURNING id::text`,
    [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID(), status],
  );

describe('swap request status', () => {
  it('the database takes exactly the statuses of the transition table', async () => {
    for (const status of Object.keys(SWAP_TRANSITIONS)) expect(await insert(status)).toHaveLength(1);
    await expect(insert('approved')).rejects.toThrow(/lesson_swaps_status_check/);
    await expect(insert('')).rejects.toThrow(/lesson_swaps_status_check/);
  });

  it('a decision moves only along the table: a swapped or declined request never moves again', async () => {
    expect(SWAP_TRANSITIONS.swapped).toEqual([]);
    expect(SWAP_TRANSITIONS.declined).toEqual([]);
    const [row] = await insert('pending');
    const id = (row as { id: string }).id;
    expect(await n.svc.deps.swaps.decide(id, { from: 'pending', to: 'declined' }, [])).toBe(true);
    // Declined is final: no move out of it is even expressible.
    // @ts-expect-error not a transition of SWAP_TRANSITIONS
    const back: SwapTransition = { from: 'declined', to: 'pending' };
    expect(back.from).toBe('declined');
    // A second answer to a request that moved on finds it answered.
    expect(await n.svc.deps.swaps.decide(id, { from: 'pending', to: 'swapped' }, [])).toBe(false);
    const [after] = await sql<{ status: string }>(`SELECT status FROM "${n.schema}".lesson_swaps WHERE id = $1`, [id]);
    expect(after!.status).toBe('declined');
  });
});
