import { describe, expect, it } from 'vitest';
import { callApi, mailEventsTo, n, sentClass, setupCalendar, TEACHER_EMAIL, teacherCookie } from './calendar-fixture.js';
import { sql } from './helpers.js';

/**
 * Changes of one class's dated lessons fired at the same time (docs/product/semester.md "Changes at
 * the same time"): of two swaps of one lesson, or a swap and a cancellation of it, one happens; the other answers 409
 * in German and nobody is mailed for it. Real service on real PostgreSQL; classes and availability are gRPC stubs.
 */

setupCalendar();

const RACED = 'Dieser Termin wurde gerade schon getauscht oder abgesagt.';
/** Anna Mondays 9:00, Dora Tuesdays 9:00, Ben Wednesdays 10:00 (30 minutes each): Anna and Dora each fit Ben's lesson. */
async function raceClass() {
  const { classId, className, people } = await sentClass('Geige', [
    { name: 'Anna Alt', day: 0, labels: ['9.00', '9.15'], times: { '0': ['9.00', '9.15'], '2': ['10.00', '10.15'] } },
    { name: 'Ben Bauer', day: 2, labels: ['10.00', '10.15'], times: { '0': ['9.00', '9.15'], '1': ['9.00', '9.15'], '2': ['10.00', '10.15'] } },
    { name: 'Dora Dorn', day: 1, labels: ['9.00', '9.15'], times: { '1': ['9.00', '9.15'], '2': ['10.00', '10.15'] } },
  ]);
  const [anna, ben, dora] = people as [(typeof people)[number], (typeof people)[number], (typeof people)[number]];
  return { classId, className, anna, ben, dora, annaCookie: anna.cookie, benCookie: ben.cookie, doraCookie: dora.cookie };
}

const call = (path: string, cookie: string, body?: unknown) => callApi('POST', path, cookie, body);

const ask = async (cookie: string, classId: string, memberId: string, withMemberId: string, date: string) => {
  const r = await call('/api/lessons/swap-requests', cookie, { class_id: classId, member_id: memberId, with_member_id: withMemberId, date });
  expect(r.status, r.text).toBe(201);
  return r.body.request_id as string;
};

const swapMails = async (to: string) => (await mailEventsTo(to)).filter((m) => m.subject.startsWith('Stunden getauscht') || m.subject.startsWith('Getauschte'));
type Lesson = { name: string; date: string; start: string; status: string };
const lessonsOf = async (classId: string) => {
  const res = await fetch(`${n.base}/api/classes/${classId}/lessons`, { headers: { Cookie: teacherCookie } });
  return ((await res.json()) as { lessons: Lesson[] }).lessons;
};

// Three rounds each: both requests are in flight together; what the fix guarantees holds in every round.
const ROUNDS = [1, 2, 3];

describe('two swap requests for the same lesson accepted at once', () => {
  it.each(ROUNDS)('round %i: one swap happens and is mailed; the other answers 409 and mails nobody', async () => {
    const { classId, className, anna, ben, dora, annaCookie, benCookie, doraCookie } = await raceClass();
    const fromAnna = await ask(annaCookie, classId, anna.memberId, ben.memberId, '2027-01-11');
    const fromDora = await ask(doraCookie, classId, dora.memberId, ben.memberId, '2027-01-12');

    const answers = await Promise.all([fromAnna, fromDora].map((id) => call(`/api/lessons/swap-requests/${id}/accept`, benCookie)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const lost = answers.find((a) => a.status === 409)!;
    expect([
      RACED,
      'Der Tausch ist nicht mehr möglich: Die Stunden haben sich geändert, wurden abgesagt oder die Zeiten passen nicht mehr. Bitte fragt neu an.',
    ]).toContain(lost.body.detail);
    const winner = answers[0]!.status === 200 ? anna : dora;
    const loser = winner === anna ? dora : anna;

    // Mailed: the two who swapped and the teacher, once each; the other asker nothing about a swap.
    expect(await swapMails(winner.email)).toHaveLength(1);
    expect(await swapMails(ben.email)).toHaveLength(1);
    expect(await swapMails(loser.email)).toEqual([]);
    expect((await mailEventsTo(TEACHER_EMAIL)).filter((m) => m.subject === `Getauschte Stunden in „${className}“`)).toHaveLength(1);
    const rows = await sql<{ status: string }>(`SELECT status FROM "${n.schema}".lesson_swaps WHERE class_id = $1 ORDER BY status`, [classId]);
    expect(rows.map((r) => r.status)).toEqual(['pending', 'swapped']);
    // Ben's lesson of that week went to exactly one of them.
    const swapped = (await lessonsOf(classId)).filter((l) => l.status === 'swapped');
    expect(swapped.map((l) => l.name).sort()).toEqual(['Ben Bauer', winner.name].sort());
  });
});

describe('a cancellation racing a swap of the same lesson', () => {
  it.each(ROUNDS)('round %i: either the swap or the cancellation happens, never a make-up for a lesson that stays', async () => {
    const { classId, className, anna, ben, annaCookie, benCookie } = await raceClass();
    const request = await ask(annaCookie, classId, anna.memberId, ben.memberId, '2027-01-11');

    const [accepted, cancelled] = await Promise.all([
      call(`/api/lessons/swap-requests/${request}/accept`, benCookie),
      call('/api/lessons/cancel', annaCookie, { class_id: classId, member_id: anna.memberId, date: '2027-01-11', reason: 'krank' }),
    ]);
    expect(
      [accepted.status, cancelled.status].filter((s) => s === 200),
      `${accepted.text} ${cancelled.text}`,
    ).toHaveLength(1);
    const lessons = await lessonsOf(classId);
    const cancellations = await sql(`SELECT 1 FROM "${n.schema}".lesson_cancellations WHERE class_id = $1`, [classId]);
    const makeups = await sql(`SELECT 1 FROM "${n.schema}".makeups WHERE class_id = $1`, [classId]);
    const absage = (await mailEventsTo(TEACHER_EMAIL)).filter((m) => m.subject.startsWith('Absage: Anna Alt') && m.text.includes(className));
    if (accepted.status === 200) {
      // The swap won: no cancellation, no make-up, no mail about one.
      expect(cancelled.status).toBe(cancelled.body.detail === RACED ? 409 : 404);
      expect(cancellations).toEqual([]);
      expect(makeups).toEqual([]);
      expect(absage).toEqual([]);
      expect(lessons.filter((l) => l.status === 'swapped')).toHaveLength(2);
    } else {
      // The cancellation won: the lesson is cancelled with its make-up, nothing swapped, nobody mailed about a swap.
      expect(accepted.status).toBe(409);
      expect(cancellations).toHaveLength(1);
      expect(makeups).toHaveLength(1);
      expect(lessons.filter((l) => l.status === 'swapped')).toEqual([]);
      expect(lessons.find((l) => l.name === 'Anna Alt' && l.date === '2027-01-11')!.status).toBe('cancelled');
      expect(await swapMails(anna.email)).toEqual([]);
      expect(await swapMails(ben.email)).toEqual([]);
    }
  });
});

describe('a weekly swap after a cancellation in its weeks', () => {
  it('the cancelled lesson stays cancelled with its make-up; the other weeks change hands', async () => {
    const { classId, anna, ben, annaCookie, benCookie } = await raceClass();
    const cancelled = await call('/api/lessons/cancel', annaCookie, { class_id: classId, member_id: anna.memberId, date: '2027-01-18' });
    expect(cancelled.status, cancelled.text).toBe(200);
    const asked = await call('/api/lessons/swap-requests', annaCookie, { class_id: classId, member_id: anna.memberId, with_member_id: ben.memberId });
    expect(asked.status, asked.text).toBe(201);
    expect((await call(`/api/lessons/swap-requests/${asked.body.request_id}/accept`, benCookie)).body.status).toBe('swapped');
    const lessons = await lessonsOf(classId);
    const of = (name: string) => lessons.filter((l) => l.name === name).map((l) => [l.date, l.start, l.status]);
    expect(of('Anna Alt')).toEqual([
      ['2027-01-06', '10:00', 'swapped'],
      ['2027-01-13', '10:00', 'swapped'],
      ['2027-01-18', '09:00', 'cancelled'],
      ['2027-01-27', '10:00', 'swapped'],
    ]);
    expect(of('Ben Bauer')).toEqual([
      ['2027-01-04', '09:00', 'swapped'],
      ['2027-01-11', '09:00', 'swapped'],
      ['2027-01-20', '10:00', 'planned'],
      ['2027-01-25', '09:00', 'swapped'],
    ]);
  });
});
