import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchemas, sql, startNotification, type TestNotification } from './helpers.js';

/**
 * Booking make-ups on real PostgreSQL, many at once: under the teacher's advisory lock no two booked make-ups of
 * one teacher overlap on a day, whichever start they ask for; one make-up is booked once.
 */

let n: TestNotification;
const classId = randomUUID();

beforeAll(async () => {
  n = await startNotification();
});

afterAll(async () => {
  await n?.svc.stop();
  await dropSchemas(n ? [n.schema] : []);
});

async function openMakeup(teacherId: string, date = '2027-01-13'): Promise<string> {
  const { makeupId } = await n.svc.deps.makeups.cancel(
    { classId, memberId: randomUUID(), teacherId, date, start: '10:00', end: '10:45', byRole: 'teacher', reason: null },
    { expiresOn: '2027-02-10' },
    null,
  );
  return makeupId!;
}

const settle = (ps: Promise<unknown>[]) => Promise.allSettled(ps);

describe('booking make-ups in parallel', () => {
  it('eight make-ups of one teacher asking for overlapping times at once: exactly one is booked, the others 409', async () => {
    const teacherId = randomUUID();
    const ids = await Promise.all(Array.from({ length: 8 }, () => openMakeup(teacherId)));
    // Starts 9:00, 9:15, 9:30 for 45 minutes: every pair overlaps (also those with different starts).
    const starts = ['09:00', '09:15', '09:30', '09:00', '09:15', '09:30', '09:15', '09:30'];
    const end = (s: string) =>
      `${String(Number(s.slice(0, 2)) + (Number(s.slice(3)) + 45 >= 60 ? 1 : 0)).padStart(2, '0')}:${String((Number(s.slice(3)) + 45) % 60).padStart(2, '0')}`;
    const results = await settle(
      ids.map((id, i) => n.svc.deps.makeups.book(id, teacherId, { date: '2027-01-20', start: starts[i]!, end: end(starts[i]!) }, null)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        code: 'CONFLICT',
        detail: 'Diese Zeit ist inzwischen vergeben. Bitte wähle einen anderen Termin.',
      });
    }
    const booked = await sql<{ n: string }>(`SELECT count(*) AS n FROM "${n.schema}".makeups WHERE teacher_id = $1 AND booked_date IS NOT NULL`, [teacherId]);
    expect(Number(booked[0]!.n)).toBe(1);
  });

  it('adjacent times, another day or another teacher do not clash; one make-up is booked once', async () => {
    const teacherId = randomUUID();
    const [a, b, c, d] = await Promise.all([openMakeup(teacherId), openMakeup(teacherId), openMakeup(teacherId), openMakeup(randomUUID())]);
    const results = await settle([
      n.svc.deps.makeups.book(a!, teacherId, { date: '2027-01-20', start: '09:00', end: '09:45' }, null),
      n.svc.deps.makeups.book(b!, teacherId, { date: '2027-01-20', start: '09:45', end: '10:30' }, null),
      n.svc.deps.makeups.book(c!, teacherId, { date: '2027-01-21', start: '09:00', end: '09:45' }, null),
      n.svc.deps.makeups.book(d!, randomUUID(), { date: '2027-01-20', start: '09:00', end: '09:45' }, null),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    const twice = await settle([
      n.svc.deps.makeups.book(a!, teacherId, { date: '2027-01-22', start: '09:00', end: '09:45' }, null),
      n.svc.deps.makeups.book(a!, teacherId, { date: '2027-01-23', start: '09:00', end: '09:45' }, null),
    ]);
    expect(twice.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((twice[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT', detail: 'Dieser Nachholtermin ist bereits gebucht.' });
  });

  it('a lesson is cancelled once: the second cancellation of it is 409', async () => {
    const teacherId = randomUUID();
    const memberId = randomUUID();
    const cancel = () =>
      n.svc.deps.makeups.cancel(
        { classId, memberId, teacherId, date: '2027-01-27', start: '10:00', end: '10:45', byRole: 'student', reason: null },
        null,
        null,
      );
    const results = await settle([cancel(), cancel(), cancel()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({
      code: 'CONFLICT',
      detail: 'Dieser Termin ist bereits abgesagt.',
    });
  });
});
