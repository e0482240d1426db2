import { randomSchema } from '@stundenplan/base/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClassRetentionRepository } from '../src/data/class-retention-repository.js';
import { runClassRetention } from '../src/domain/class-retention.js';
import { addMembers, createClass, dropSchema, startHarness, type Actor, type Harness, type Json } from './helpers.js';

/**
 * Retention of a class's data (docs/privacy/loeschkonzept.md) with a controllable clock (the job's `now`): the
 * teacher's warning 14 days before, the deletion on the due day (RETENTION_DAYS_AFTER_SEMESTER, default 180, after
 * the semester's last day or the class's last change), each exactly once with two replicas running at the same time.
 */

const at = (day: string) => new Date(`${day}T10:00:00Z`);
let clock = at('2030-01-01');
const now = () => clock;
const NO_TIMERS = { AUTO_REMINDER_INTERVAL_MS: '0', RETENTION_INTERVAL_MS: '0' };

let a: Harness;
let b: Harness;
let teacher: Actor;
let schema = '';

beforeAll(async () => {
  schema = randomSchema('t_classes');
  a = await startHarness({ schema, now, env: NO_TIMERS });
  b = await startHarness({ schema, now, env: NO_TIMERS });
  teacher = await a.teacher({ name: 'Clara Frist' });
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
  await dropSchema(schema);
});

const warnings = async (): Promise<Json[]> =>
  (await a.outbox('mail.requested.v1')).filter((m) => m.to === teacher.email && String(m.subject).startsWith('Daten des Kurses'));

/**
 * Every way a pass can run at once: the job on both replicas (one holds the lock, the other skips) and the use case
 * itself on both replicas without any lock, so only the markers keep it to once.
 */
async function passEverywhere(): Promise<void> {
  const direct = (h: Harness) =>
    runClassRetention(
      {
        store: new ClassRetentionRepository(h.svc.ctx.pool!, async () => undefined),
        log: h.svc.ctx.log,
        daysAfter: 180,
        now,
        exclusively: async (_k, w) => w(),
      },
      clock,
    );
  for (let round = 0; round < 3; round++) {
    await Promise.all([a.svc.classRetention.runOnce(), b.svc.classRetention.runOnce(), direct(a), direct(b), direct(a), direct(b)]);
  }
}

/** A class with two members without an account and one student with an account; its id. */
async function classWithMembers(name: string): Promise<{ classId: string; student: Actor }> {
  const c = await createClass(a, teacher, name);
  await addMembers(a, teacher, c.class_id, [
    { name: `${name} Ohnekonto1`, email: `${name.toLowerCase().replace(/\W/g, '')}.1@example.org` },
    { name: `${name} Ohnekonto2` },
  ]);
  const student = await a.student({ name: `${name} Mitkonto` });
  expect((await a.call('POST', '/api/students/join-class', student, { register_shortcut: c.register_shortcut, duration: 45 })).status).toBe(200);
  return { classId: c.class_id, student };
}

const membersOf = async (classId: string) =>
  (await a.sql<{ name: string; user_id: string | null }>('SELECT name, user_id FROM members WHERE class_id = $1 ORDER BY name', [classId])).map((m) => m.name);

describe('retention of class data (controllable clock, two replicas)', () => {
  it('warns 14 days before and deletes on the due day exactly the data that is due, once', async () => {
    // Due 2030-08-27: the semester ended 2030-02-28 (+180 days).
    const due = await classWithMembers('Frist Semester');
    expect(
      (await a.call('PUT', `/api/classes/${due.classId}/semester`, teacher, { first_day: '2029-10-01', last_day: '2030-02-28', state: 'BY', breaks: [] }))
        .status,
    ).toBe(200);
    // Due 2030-08-27 as well: no semester, last change 2030-02-28 (Berlin).
    const noSemester = await classWithMembers('Frist Ohne');
    await a.sql(`UPDATE classes SET created_at = '2030-02-28T10:00:00Z' WHERE class_id = $1`, [noSemester.classId]);
    await a.sql(`UPDATE members SET created_at = '2030-02-28T10:00:00Z', updated_at = '2030-02-28T10:00:00Z' WHERE class_id = $1`, [noSemester.classId]);
    // Not due: the semester ends later (2030-06-30, due 2030-12-27).
    const later = await classWithMembers('Frist Spaeter');
    expect(
      (await a.call('PUT', `/api/classes/${later.classId}/semester`, teacher, { first_day: '2030-04-01', last_day: '2030-06-30', state: 'BY', breaks: [] }))
        .status,
    ).toBe(200);
    // Semesters made now (2026) are older than the clock; their own change does not count after their last day.
    await a.sql(`UPDATE class_semesters SET updated_at = '2030-01-01T00:00:00Z'`);
    await a.sql(`UPDATE classes SET created_at = '2029-09-01T00:00:00Z' WHERE class_id <> $1`, [noSemester.classId]);
    await a.sql(`UPDATE members SET created_at = '2029-09-01T00:00:00Z', updated_at = '2029-09-01T00:00:00Z' WHERE class_id <> $1`, [noSemester.classId]);

    clock = at('2030-08-12'); // 15 days before
    await passEverywhere();
    expect(await warnings()).toHaveLength(0);

    clock = at('2030-08-13'); // 14 days before: one warning per due class
    await passEverywhere();
    const sent = await warnings();
    expect(sent.map((m) => m.subject).sort()).toEqual([
      'Daten des Kurses „Frist Ohne“ werden am 27.08.2030 gelöscht',
      'Daten des Kurses „Frist Semester“ werden am 27.08.2030 gelöscht',
    ]);
    expect(sent.find((m) => m.subject.includes('Semester'))!.text).toContain('180 Tage nach dem letzten Tag des Semesters');
    expect(sent.find((m) => m.subject.includes('Ohne'))!.text).toContain('180 Tage nach der letzten Änderung des Kurses');

    clock = at('2030-08-26'); // the day before: nothing goes
    await passEverywhere();
    expect(await a.outbox('class.data-expired.v1')).toHaveLength(0);
    expect(await membersOf(due.classId)).toHaveLength(3);

    clock = at('2030-08-27'); // due
    await passEverywhere();
    const expired = await a.outbox('class.data-expired.v1');
    expect(expired.map((e) => e.class_id).sort()).toEqual([due.classId, noSemester.classId].sort());
    expect(expired.every((e) => e.teacher_id === teacher.userId)).toBe(true);
    const removed = await a.outbox('member.removed.v1');
    expect(removed).toHaveLength(4);
    expect(removed.every((r) => r.user_id === null && [due.classId, noSemester.classId].includes(r.class_id))).toBe(true);
    // What is left: the members with an account; the class that is not due keeps everything.
    expect(await membersOf(due.classId)).toEqual(['Frist Semester Mitkonto']);
    expect(await membersOf(noSemester.classId)).toEqual(['Frist Ohne Mitkonto']);
    expect(await membersOf(later.classId)).toEqual(['Frist Spaeter Mitkonto', 'Frist Spaeter Ohnekonto1', 'Frist Spaeter Ohnekonto2']);
    expect(await a.sql('SELECT 1 FROM classes')).toHaveLength(3);

    clock = at('2030-09-30'); // later passes find nothing more to do
    await passEverywhere();
    expect(await a.outbox('class.data-expired.v1')).toHaveLength(2);
    expect(await a.outbox('member.removed.v1')).toHaveLength(4);
    expect(await warnings()).toHaveLength(2);

    // The class not due yet: warned 14 days before its own day, deleted on it, once.
    clock = at('2030-12-13');
    await passEverywhere();
    expect(await warnings()).toHaveLength(3);
    clock = at('2030-12-27');
    await passEverywhere();
    expect((await a.outbox('class.data-expired.v1')).filter((e) => e.class_id === later.classId)).toHaveLength(1);
    expect(await membersOf(later.classId)).toEqual(['Frist Spaeter Mitkonto']);
  });

  it('a later semester end after the warning moves the day: no deletion on the old day, a new warning for the new one', async () => {
    const moved = await classWithMembers('Frist Verschoben');
    const semester = (last: string) => ({ first_day: '2031-01-04', last_day: last, state: 'BY', breaks: [] });
    expect((await a.call('PUT', `/api/classes/${moved.classId}/semester`, teacher, semester('2031-02-28'))).status).toBe(200);
    await a.sql(`UPDATE class_semesters SET updated_at = '2031-01-01T00:00:00Z' WHERE class_id = $1`, [moved.classId]);
    await a.sql(`UPDATE classes SET created_at = '2031-01-01T00:00:00Z' WHERE class_id = $1`, [moved.classId]);
    await a.sql(`UPDATE members SET created_at = '2031-01-01T00:00:00Z', updated_at = '2031-01-01T00:00:00Z' WHERE class_id = $1`, [moved.classId]);
    const warned = async () => (await warnings()).filter((m) => m.subject.includes('Verschoben')).map((m) => m.subject);

    clock = at('2031-08-13'); // 14 days before 2031-08-27
    await passEverywhere();
    expect(await warned()).toEqual(['Daten des Kurses „Frist Verschoben“ werden am 27.08.2031 gelöscht']);

    expect((await a.call('PUT', `/api/classes/${moved.classId}/semester`, teacher, semester('2031-03-31'))).status).toBe(200);
    clock = at('2031-08-27');
    await passEverywhere();
    expect(await membersOf(moved.classId)).toHaveLength(3);
    expect((await a.outbox('class.data-expired.v1')).filter((e) => e.class_id === moved.classId)).toHaveLength(0);

    clock = at('2031-09-13'); // 14 days before 2031-09-27
    await passEverywhere();
    expect(await warned()).toHaveLength(2);
    clock = at('2031-09-27');
    await passEverywhere();
    expect(await membersOf(moved.classId)).toEqual(['Frist Verschoben Mitkonto']);
  });
});
