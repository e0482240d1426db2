import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Client, createClass, minimalPdf, signUp, startTestStack, uniqueEmail } from './helpers.js';
import { addDays, berlin, labels, weekday } from './makeups-fixture.js';

/**
 * Deleting an account or a class leaves nothing of the person or the class (docs/privacy/loeschkonzept.md): after
 * a semester with lessons, cancellations with their reasons, make-ups, a swap, a sent plan and a contact message,
 * every row of every table of every service's schema is searched for the person's id, address and name and for
 * the reasons given; nothing may be found but the announcements of the deletions (kept like every delivered event).
 * The whole product runs (embedded mode) on its own database.
 */

let stack: Awaited<ReturnType<typeof startTestStack>>;
let teacher: Client;
const today = berlin(new Date()).date;
// The first lesson day at least three days ahead, so that a student's cancellation still gives a make-up.
const D1 = addDays(today, 3);
const WD = String(weekday(D1));
const MORNING = labels(9 * 60, 12 * 60);
const REASONS = ['krank', 'Arzttermin (Therapie)'];

interface Person {
  client: Client;
  userId: string;
  email: string;
  name: string;
}

async function student(name: string, shortcut: string): Promise<Person> {
  const email = uniqueEmail(name.split(' ')[0]!.toLowerCase());
  const client = await signUp(stack.base, { name, email, role: 'student' });
  expect((await client.post('/api/students/join-class', { register_shortcut: shortcut, duration: 45 })).status).toBe(200);
  expect((await client.put('/api/me/available-times', { available_times: { [WD]: MORNING } })).status).toBe(200);
  const userId = (await client.get<{ user_id: string }>('/api/profile')).body.user_id;
  return { client, userId, email, name };
}

/** A class of the teacher with two students, their lessons (9:00 and 10:30, 45 minutes) planned and sent. */
async function semesterClass(className: string, names: [string, string]) {
  const created = await createClass(teacher, className);
  const classId = created.class_id;
  expect((await teacher.put(`/api/classes/${classId}/available-times`, { available_times: { [WD]: MORNING } })).status).toBe(200);
  const a = await student(names[0], created.register_shortcut);
  const b = await student(names[1], created.register_shortcut);
  const members = (await teacher.get<{ members: { member_id: string; email: string | null }[] }>(`/api/classes/${classId}/members`)).body.members;
  const memberOf = (p: Person) => members.find((m) => m.email?.toLowerCase() === p.email.toLowerCase())!.member_id;
  const slots = (from: number, p: Person) => labels(from, from + 45).map((l) => [l, memberOf(p)] as [string, string]);
  const plan = { [WD]: [...slots(9 * 60, a), ...slots(10 * 60 + 30, b)] };
  expect((await teacher.post(`/api/classes/${classId}/schedules`, { name: 'Semester', available_times: plan })).status).toBe(201);
  const form = new FormData();
  form.append('pdf', new Blob([new Uint8Array(minimalPdf())], { type: 'application/pdf' }), 'stundenplan.pdf');
  form.append('class_id', classId);
  form.append('until', addDays(today, 60));
  const sent = await teacher.post('/api/send-schedule-to-students', form);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return { classId, a: { ...a, memberId: memberOf(a) }, b: { ...b, memberId: memberOf(b) } };
}

/** The semester's changes around `a`: a cancellation of their own ('krank'), one by the teacher, a swap with `b`. */
async function semesterChanges(classId: string, a: Person & { memberId: string }, b: Person & { memberId: string }) {
  const own = await a.client.post('/api/lessons/cancel', { class_id: classId, member_id: a.memberId, date: D1, reason: REASONS[0] });
  expect(own.status, JSON.stringify(own.body)).toBe(200);
  const byTeacher = await teacher.post('/api/lessons/cancel', { class_id: classId, member_id: a.memberId, date: addDays(D1, 7), reason: REASONS[1] });
  expect(byTeacher.status, JSON.stringify(byTeacher.body)).toBe(200);
  const asked = await a.client.post<{ request_id: string }>('/api/lessons/swap-requests', {
    class_id: classId,
    member_id: a.memberId,
    with_member_id: b.memberId,
    date: addDays(D1, 14),
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  const accepted = await b.client.post(`/api/lessons/swap-requests/${asked.body.request_id}/accept`);
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
}

/** Every row of every table of the services' schemas that mentions one of `needles` (case-insensitive): "schema.table: row". */
async function rowsMentioning(needles: string[]): Promise<string[]> {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    const tables = await db.query<{ s: string; t: string }>(
      `SELECT table_schema AS s, table_name AS t FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
    );
    expect(tables.rows.length).toBeGreaterThan(20);
    const found: string[] = [];
    for (const { s, t } of tables.rows) {
      // The announcements of the deletions themselves stay like every delivered event, up to OUTBOX_RETENTION_HOURS.
      const announcement = t === 'outbox_events' ? ` WHERE topic NOT IN ('user.deleted.v1', 'member.removed.v1', 'class.deleted.v1')` : '';
      const rows = await db.query<{ row: string }>(`SELECT r::text AS row FROM "${s}"."${t}" r${announcement}`);
      for (const { row } of rows.rows) {
        const lower = row.toLowerCase();
        const hit = needles.find((n) => lower.includes(n.toLowerCase()));
        if (hit) found.push(`${s}.${t} (${hit}): ${row.slice(0, 200)}`);
      }
    }
    return found;
  } finally {
    await db.end();
  }
}

/** Deletion runs through events: the rows go within a few seconds. */
async function leftAfterDeletion(needles: string[]): Promise<string[]> {
  // The deletion reaches the other services as an event; on a loaded machine (the whole suite beside the browser
  // tests) a delivery retried after a timed-out call took longer than 15 s once.
  const until = Date.now() + 40_000;
  for (;;) {
    const left = await rowsMentioning(needles);
    if (!left.length || Date.now() > until) return left;
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe('deleting leaves nothing behind', () => {
  beforeAll(async () => {
    stack = await startTestStack(inject('databaseUrl'), { port: 22180, portOffset: 16100 });
    teacher = await signUp(stack.base, { name: 'Clara Löschlehrerin', email: uniqueEmail('loesch-lehrerin'), role: 'teacher' });
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('a deleted account: no row of any service names the person or the reasons of their cancellations', async () => {
    const { classId, a, b } = await semesterClass('Klavier Löschtest', ['Anna Löschbar', 'Ben Bleibt']);
    await semesterChanges(classId, a, b);
    expect(
      (await a.client.post('/api/contact', { type: 'feedback', name: a.name, email: a.email, subject: 'Frage', message: 'Eine Frage von mir' })).status,
    ).toBe(200);
    const needles = [a.userId, a.email, a.name, ...REASONS];
    // The contact mail is made from its event a moment later: the deletion is to remove what exists by then.
    const until = Date.now() + 15_000;
    while (!(await rowsMentioning(needles)).some((row) => row.startsWith('notification.mails') && row.includes('[Kontakt')) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await rowsMentioning(needles)).length).toBeGreaterThan(5);

    expect((await a.client.del('/api/me')).status).toBe(200);
    expect(await leftAfterDeletion(needles)).toEqual([]);
    // Ben's own lessons and account stay.
    expect((await b.client.get<{ lessons: unknown[] }>('/api/me/lessons')).body.lessons.length).toBeGreaterThan(0);
  }, 120_000);

  it('a deleted class: no row names the class or the reasons; the teacher’s copy of their data has none of it', async () => {
    const { classId, a, b } = await semesterClass('Geige Löschkurs', ['Carla Kurslos', 'Dora Kurslos']);
    await semesterChanges(classId, a, b);
    const needles = [classId, 'Geige Löschkurs', ...REASONS];
    expect((await rowsMentioning(needles)).length).toBeGreaterThan(5);

    expect((await teacher.del(`/api/classes/${classId}`)).status).toBe(200);
    expect(await leftAfterDeletion(needles)).toEqual([]);
    const copy = await teacher.get<{ notification: { cancellations: unknown[]; makeups: unknown[]; swaps: unknown[]; schedule_sendings: unknown[] } }>(
      '/api/me/export',
    );
    expect(copy.status).toBe(200);
    expect(JSON.stringify(copy.body)).not.toContain(classId);
  }, 120_000);
});
