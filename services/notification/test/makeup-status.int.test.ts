import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { migrate, readMigrations } from '@stundenplan/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAKEUP_TRANSITIONS, type MakeupTransition } from '../src/domain/makeup-status.js';
import { databaseUrl, dropSchemas, randomSchema, sql, startNotification, type TestNotification } from './helpers.js';

/** The make-up's state machine: one typed table of moves, and its status held by CHECK constraints. */

let n: TestNotification;
beforeAll(async () => {
  n = await startNotification();
});
afterAll(async () => {
  await n?.svc.stop();
  await dropSchemas(n ? [n.schema] : []);
});

async function openMakeup(teacherId: string): Promise<string> {
  const { makeupId } = await n.svc.deps.makeups.cancel(
    { classId: randomUUID(), memberId: randomUUID(), teacherId, date: '2027-01-13', start: '10:00', end: '10:45', byRole: 'teacher', reason: null },
    { expiresOn: '2027-02-10' },
    null,
  );
  return makeupId!;
}

const statusOf = async (id: string) => (await sql<{ status: string }>(`SELECT status FROM "${n.schema}".makeups WHERE id = $1`, [id]))[0]!.status;

describe('make-up status', () => {
  it('is open until booked, then booked for good; the database takes no other status and no booking without its time', async () => {
    expect(MAKEUP_TRANSITIONS).toEqual({ open: ['booked'], booked: [] });
    const teacherId = randomUUID();
    const id = await openMakeup(teacherId);
    expect(await statusOf(id)).toBe('open');
    await n.svc.deps.makeups.book(id, teacherId, { date: '2027-01-20', start: '09:00', end: '09:45' }, null);
    expect(await statusOf(id)).toBe('booked');
    // Booked is final: no move out of it is even expressible.
    // @ts-expect-error not a transition of MAKEUP_TRANSITIONS
    const back: MakeupTransition = { from: 'booked', to: 'open' };
    expect(back.to).toBe('open');

    await expect(sql(`UPDATE "${n.schema}".makeups SET status = 'open' WHERE id = $1`, [id])).rejects.toThrow(/makeups_booked_check/);
    const other = await openMakeup(teacherId);
    await expect(sql(`UPDATE "${n.schema}".makeups SET status = 'expired' WHERE id = $1`, [other])).rejects.toThrow(/makeups_status_check/);
    await expect(sql(`UPDATE "${n.schema}".makeups SET status = 'booked' WHERE id = $1`, [other])).rejects.toThrow(/makeups_booked_check/);
  });

  it('an existing database keeps its make-ups: booked ones become booked, the others open', async () => {
    const schema = randomSchema();
    const all = await readMigrations(fileURLToPath(new URL('../prisma/migrations', import.meta.url)));
    const before = all.filter((m) => m.name < '20261229100000_makeup_status');
    try {
      await migrate(databaseUrl(), schema, before);
      const [c1, c2] = [randomUUID(), randomUUID()];
      for (const c of [c1, c2])
        await sql(
          `INSERT INTO "${schema}".lesson_cancellations (id, class_id, member_id, teacher_id, date, start, "end", by_role) VALUES ($1, $2, $3, 't', '2027-01-13', '10:00', '10:45', 'teacher')`,
          [c, randomUUID(), randomUUID()],
        );
      await sql(
        `INSERT INTO "${schema}".makeups (class_id, member_id, teacher_id, cancellation_id, cancelled_date, expires_on, booked_date, booked_start, booked_end)
         VALUES ($1, $2, 't', $3, '2027-01-13', '2027-02-10', '2027-01-20', '09:00', '09:45'), ($1, $2, 't', $4, '2027-01-13', '2027-02-10', NULL, NULL, NULL)`,
        [randomUUID(), randomUUID(), c1, c2],
      );
      await migrate(databaseUrl(), schema, all);
      const rows = await sql<{ cancellation_id: string; status: string }>(`SELECT cancellation_id::text, status FROM "${schema}".makeups ORDER BY status`);
      expect(rows).toEqual([
        { cancellation_id: c1, status: 'booked' },
        { cancellation_id: c2, status: 'open' },
      ]);
    } finally {
      await dropSchemas([schema]);
    }
  });
});
