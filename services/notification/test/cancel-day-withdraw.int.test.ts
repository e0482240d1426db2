import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  callApi,
  classes,
  issuer,
  mailEventsTo,
  n,
  newClass,
  person,
  plannedDates,
  send,
  setupCalendar,
  slot,
  TEACHER_EMAIL,
  teacherCookie,
} from './calendar-fixture.js';
import { sql } from './helpers.js';

/**
 * The teacher's side of the semester (docs/product/semester.md): a whole day cancelled at once ("Ich bin krank")
 * with a make-up and a mail for every student hit, the student told before a late cancellation (the answer of
 * GET /api/me/lessons carries the rule), and a cancellation withdrawn while the lesson is still ahead — by the
 * student who cancelled or by the teacher, refused once the make-up is booked. Classes is a gRPC stub.
 */

setupCalendar();

const semester = { firstDay: '2027-01-04', lastDay: '2027-01-29', state: 'BE' as const, breaks: [] as { from: string; to: string; label: string }[] };

/** A teacher of their own with two classes: "Klavier" (Anna Monday 9:00, Ben Monday 10:00) and "Theorie" (Carla Monday 11:00). */
async function teacherWithTwoClasses() {
  const teacherId = randomUUID();
  const cookie = await issuer.cookie({ userId: teacherId, role: 'teacher', email: TEACHER_EMAIL, name: 'Clara Schumann' });
  const anna = person('Anna Alt');
  const ben = person('Ben Bauer');
  const carla = person('Carla Czerny');
  const piano = newClass({ '0': [...slot(['9.00', '9.15'], anna.memberId), ...slot(['10.00', '10.15'], ben.memberId)] }, [anna, ben]);
  const theory = newClass({ '0': slot(['11.00', '11.15'], carla.memberId) }, [carla]);
  for (const [id, name] of [
    [piano, 'Klavier'],
    [theory, 'Theorie'],
  ] as const) {
    Object.assign(classes.get(id)!, { teacherId, name: `${name} ${randomUUID().slice(0, 4)}`, semester: { ...semester } });
    expect((await send(id, undefined, cookie)).status).toBe(200);
  }
  const studentCookie = (p: ReturnType<typeof person>) => issuer.cookie({ userId: p.userId, role: 'student', email: p.email, name: p.name });
  return { teacherId, cookie, piano, theory, anna, ben, carla, annaCookie: await studentCookie(anna), benCookie: await studentCookie(ben) };
}

type Lesson = { member_id: string; date: string; start: string; status: string; reason: string | null; makeup_id?: string; cancelled_by?: string };
const lessonsOf = async (classId: string, cookie: string) => (await callApi('GET', `/api/classes/${classId}/lessons`, cookie)).body.lessons as Lesson[];
const cancelMails = async (to: string) => (await mailEventsTo(to)).filter((m) => /fällt aus/.test(m.subject));

describe('the teacher cancels a whole day', () => {
  it('every lesson of the day in all the teacher’s classes: a make-up and a mail for each student, the calendars without the day', async () => {
    const t = await teacherWithTwoClasses();
    const res = await callApi('POST', '/api/lessons/cancel-day', t.cookie, { date: '2027-01-11', reason: 'Ich bin krank.' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('cancelled');
    expect(res.body.skipped).toBe(0);
    const cancelled = res.body.cancelled as { class_id: string; name: string; start: string; makeup_id: string }[];
    expect(cancelled.map((l) => [l.class_id, l.name, l.start])).toEqual([
      [t.piano, 'Anna Alt', '09:00'],
      [t.piano, 'Ben Bauer', '10:00'],
      [t.theory, 'Carla Czerny', '11:00'],
    ]);
    expect(cancelled.every((l) => /^[0-9a-f-]{36}$/.test(l.makeup_id))).toBe(true);
    expect(res.body.message).toBe(
      'Am 11.01.2027 sind 3 Termine abgesagt (Anna Alt, Ben Bauer, Carla Czerny). Alle bekommen eine E-Mail und können den Termin nachholen.',
    );

    for (const p of [t.anna, t.ben, t.carla]) {
      const mails = await cancelMails(p.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('Grund: Ich bin krank.');
    }
    const piano = await lessonsOf(t.piano, t.cookie);
    expect(piano.filter((l) => l.date === '2027-01-11').map((l) => [l.member_id, l.status, l.reason, l.cancelled_by])).toEqual([
      [t.anna.memberId, 'cancelled', 'Ich bin krank.', 'teacher'],
      [t.ben.memberId, 'cancelled', 'Ich bin krank.', 'teacher'],
    ]);
    expect(piano.filter((l) => l.date === '2027-01-18').every((l) => l.status === 'planned')).toBe(true);
    const makeups = (await callApi('GET', `/api/classes/${t.theory}/makeups`, t.cookie)).body.makeups as { status: string; cancelled_date: string }[];
    expect(makeups).toEqual([expect.objectContaining({ status: 'open', cancelled_date: '2027-01-11' })]);
    const ics = (await callApi('GET', '/api/me/calendar.ics', t.annaCookie)).text;
    expect(plannedDates(ics)).toEqual(['2027-01-04T09:00:00', '2027-01-18T09:00:00', '2027-01-25T09:00:00']);

    // The same day again: nothing left to cancel.
    const again = await callApi('POST', '/api/lessons/cancel-day', t.cookie, { date: '2027-01-11' });
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe('Am 11.01.2027 hast du keinen Unterricht mehr, der noch abgesagt werden kann.');
  });

  it('one class only; a lesson the student cancelled already is skipped; refusals in German', async () => {
    const t = await teacherWithTwoClasses();
    expect(
      (await callApi('POST', '/api/lessons/cancel', t.annaCookie, { class_id: t.piano, member_id: t.anna.memberId, date: '2027-01-18', reason: 'Konzert' }))
        .status,
    ).toBe(200);
    const res = await callApi('POST', '/api/lessons/cancel-day', t.cookie, { date: '2027-01-18', class_id: t.piano });
    expect(res.status, res.text).toBe(200);
    expect((res.body.cancelled as { name: string }[]).map((l) => l.name)).toEqual(['Ben Bauer']);
    expect(res.body.skipped).toBe(1);
    expect(res.body.message).toBe(
      'Am 18.01.2027 ist 1 Termin abgesagt (Ben Bauer). Die Person bekommt eine E-Mail und kann den Termin nachholen. 1 Termin war schon abgesagt oder hatte schon begonnen.',
    );
    // Anna's own cancellation keeps its reason; the other class is untouched.
    const piano = await lessonsOf(t.piano, t.cookie);
    expect(piano.find((l) => l.member_id === t.anna.memberId && l.date === '2027-01-18')).toMatchObject({ reason: 'Konzert', cancelled_by: 'student' });
    expect((await lessonsOf(t.theory, t.cookie)).find((l) => l.date === '2027-01-18')).toMatchObject({ status: 'planned' });

    const refusals: [string | undefined, unknown, number, string?][] = [
      [undefined, { date: '2027-01-25' }, 401],
      [t.annaCookie, { date: '2027-01-25' }, 403],
      [t.cookie, { date: '25.01.2027' }, 400, 'Das Datum muss ein gültiges Datum im Format JJJJ-MM-TT sein.'],
      [t.cookie, { date: '2027-01-25', class_id: 'klavier' }, 400, 'Die Klassen-ID ist ungültig.'],
      [t.cookie, { date: '2027-01-25', reason: 'x'.repeat(501) }, 400, 'Der Grund darf höchstens 500 Zeichen lang sein.'],
      [t.cookie, { date: '2020-01-06' }, 409, 'Dieser Tag liegt in der Vergangenheit. Absagen kannst du nur Termine, die noch bevorstehen.'],
      [t.cookie, { date: '2027-01-26' }, 404, 'Am 26.01.2027 hast du keinen Unterricht mehr, der noch abgesagt werden kann.'],
      // Another teacher's class.
      [teacherCookie, { date: '2027-01-25', class_id: t.piano }, 404],
    ];
    for (const [cookie, body, status, detail] of refusals) {
      const r = await callApi('POST', '/api/lessons/cancel-day', cookie, body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      if (detail) expect(r.body.detail).toBe(detail);
    }
    expect((await lessonsOf(t.piano, t.cookie)).filter((l) => l.date === '2027-01-25').every((l) => l.status === 'planned')).toBe(true);
  });
});

describe('the student knows before cancelling whether a make-up follows', () => {
  it('each own lesson carries the class’s notice hours and the last moment a cancellation still gives a make-up', async () => {
    const t = await teacherWithTwoClasses();
    expect(
      (await callApi('PUT', `/api/classes/${t.piano}/lesson-rules`, t.cookie, { cancel_notice_hours: 48, makeup_weeks: 2, swaps_need_approval: false })).status,
    ).toBe(200);
    const own = (await callApi('GET', '/api/me/lessons', t.annaCookie)).body.lessons as {
      date: string;
      cancel_notice_hours: number;
      cancel_in_time_until: string;
    }[];
    // Monday 4 January 2027, 9:00 in Berlin (UTC+1) is 8:00 UTC; 48 hours before.
    expect(own[0]).toMatchObject({ date: '2027-01-04', cancel_notice_hours: 48, cancel_in_time_until: '2027-01-02T08:00:00.000Z' });
    const carla = await issuer.cookie({ userId: t.carla.userId, role: 'student', email: t.carla.email, name: t.carla.name });
    const hers = (await callApi('GET', '/api/me/lessons', carla)).body.lessons as { cancel_notice_hours: number; cancel_in_time_until: string }[];
    expect(hers[0]).toMatchObject({ cancel_notice_hours: 24, cancel_in_time_until: '2027-01-03T10:00:00.000Z' });
  });
});

describe('withdrawing a cancellation', () => {
  it('the student withdraws her own: the lesson takes place, the make-up is gone, the teacher is told', async () => {
    const t = await teacherWithTwoClasses();
    const body = { class_id: t.piano, member_id: t.anna.memberId, date: '2027-01-11' };
    expect((await callApi('POST', '/api/lessons/withdraw-cancellation', t.annaCookie, body)).body.detail).toBe('Dein Termin am 11.01.2027 ist nicht abgesagt.');
    const cancelled = await callApi('POST', '/api/lessons/cancel', t.annaCookie, { ...body, reason: 'krank' });
    expect(cancelled.body.makeup_id).toEqual(expect.any(String));
    expect((await lessonsOf(t.piano, t.cookie)).find((l) => l.member_id === t.anna.memberId && l.date === '2027-01-11')).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'student',
    });

    // Ben may not withdraw it; nobody without a session.
    expect((await callApi('POST', '/api/lessons/withdraw-cancellation', t.benCookie, body)).status).toBe(404);
    expect((await callApi('POST', '/api/lessons/withdraw-cancellation', undefined, body)).status).toBe(401);

    const res = await callApi('POST', '/api/lessons/withdraw-cancellation', t.annaCookie, body);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ status: 'planned', message: 'Deine Absage ist zurückgenommen: Dein Termin am 11.01.2027 um 09:00 Uhr findet statt.' });
    const lesson = (await callApi('GET', '/api/me/lessons', t.annaCookie)).body.lessons.find((l: Lesson) => l.date === '2027-01-11') as Lesson;
    expect(lesson).toMatchObject({ status: 'planned', reason: null });
    expect(lesson.makeup_id).toBeUndefined();
    expect(lesson.cancelled_by).toBeUndefined();
    expect((await callApi('GET', '/api/me/makeups', t.annaCookie)).body.makeups).toEqual([]);
    expect(plannedDates((await callApi('GET', '/api/me/calendar.ics', t.annaCookie)).text)).toContain('2027-01-11T09:00:00');
    const told = (await mailEventsTo(TEACHER_EMAIL)).filter(
      (m) => m.replyTo === t.anna.email && m.subject === 'Absage zurückgenommen: Anna Alt am 11.01.2027 um 09:00 Uhr',
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('Der Termin findet statt.');

    // Twice: nothing is cancelled any more; the lesson can be cancelled again.
    expect((await callApi('POST', '/api/lessons/withdraw-cancellation', t.annaCookie, body)).status).toBe(404);
    expect((await callApi('POST', '/api/lessons/cancel', t.annaCookie, body)).status).toBe(200);
  });

  it('the teacher withdraws any cancellation of the class; a student cannot withdraw the teacher’s', async () => {
    const t = await teacherWithTwoClasses();
    const ben = { class_id: t.piano, member_id: t.ben.memberId, date: '2027-01-11' };
    expect((await callApi('POST', '/api/lessons/cancel', t.cookie, { ...ben, reason: 'Ich bin krank.' })).status).toBe(200);
    const refused = await callApi('POST', '/api/lessons/withdraw-cancellation', t.benCookie, ben);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('Diesen Termin hat deine Lehrkraft abgesagt. Nur sie kann die Absage zurücknehmen.');
    const res = await callApi('POST', '/api/lessons/withdraw-cancellation', t.cookie, ben);
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe('Die Absage ist zurückgenommen: Der Termin von Ben Bauer am 11.01.2027 um 10:00 Uhr findet statt.');
    const mail = (await mailEventsTo(t.ben.email)).find((m) => m.subject === 'Dein Unterricht am 11.01.2027 um 10:00 Uhr findet doch statt');
    expect(mail?.text).toContain('Der Nachholtermin dafür entfällt.');

    // A student's cancellation, withdrawn by the teacher.
    const anna = { class_id: t.piano, member_id: t.anna.memberId, date: '2027-01-18' };
    expect((await callApi('POST', '/api/lessons/cancel', t.annaCookie, anna)).status).toBe(200);
    expect((await callApi('POST', '/api/lessons/withdraw-cancellation', t.cookie, anna)).status).toBe(200);
    expect((await lessonsOf(t.piano, t.cookie)).filter((l) => l.status === 'cancelled')).toEqual([]);

    const refusals: [unknown, number, string?][] = [
      [{ ...anna, class_id: 'x' }, 400, 'Die Klassen-ID ist ungültig.'],
      [{ ...anna, member_id: 'x' }, 400, 'Die Mitglieds-ID ist ungültig.'],
      [{ ...anna, date: '2027-02-30' }, 400, 'Das Datum muss ein gültiges Datum im Format JJJJ-MM-TT sein.'],
      [{ ...anna, date: '2020-01-06' }, 409, 'Dieser Termin liegt in der Vergangenheit. Die Absage kann nicht mehr zurückgenommen werden.'],
      [anna, 404, 'Der Termin von Anna Alt am 18.01.2027 ist nicht abgesagt.'],
    ];
    for (const [body, status, detail] of refusals) {
      const r = await callApi('POST', '/api/lessons/withdraw-cancellation', t.cookie, body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      if (detail) expect(r.body.detail).toBe(detail);
    }
    // Another teacher: as unknown.
    expect((await callApi('POST', '/api/lessons/withdraw-cancellation', teacherCookie, anna)).status).toBe(404);
  });

  it('refused once the make-up is booked; a withdrawal racing the booking: exactly one of them happens', async () => {
    const t = await teacherWithTwoClasses();
    const anna = { class_id: t.piano, member_id: t.anna.memberId, date: '2027-01-11' };
    const { makeup_id } = (await callApi('POST', '/api/lessons/cancel', t.annaCookie, anna)).body as { makeup_id: string };
    await n.svc.deps.makeups.book(makeup_id, t.teacherId, { date: '2027-01-12', start: '09:00', end: '09:30' }, null);
    const refused = await callApi('POST', '/api/lessons/withdraw-cancellation', t.annaCookie, anna);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(
      'Für diesen Termin ist schon ein Nachholtermin gebucht (12.01.2027, 09:00 Uhr). Die Absage kann deshalb nicht mehr zurückgenommen werden.',
    );
    expect((await lessonsOf(t.piano, t.cookie)).filter((l) => l.member_id === t.anna.memberId && l.date >= '2027-01-11' && l.date <= '2027-01-12')).toEqual([
      expect.objectContaining({ date: '2027-01-11', status: 'cancelled' }),
      expect.objectContaining({ date: '2027-01-12', status: 'makeup' }),
    ]);
    expect((await mailEventsTo(TEACHER_EMAIL)).filter((m) => m.replyTo === t.anna.email && m.subject.startsWith('Absage zurückgenommen'))).toEqual([]);

    for (const date of ['2027-01-18', '2027-01-25']) {
      const body = { class_id: t.piano, member_id: t.ben.memberId, date };
      const made = (await callApi('POST', '/api/lessons/cancel', t.benCookie, body)).body as { makeup_id: string };
      const [withdrawn, booked] = await Promise.allSettled([
        callApi('POST', '/api/lessons/withdraw-cancellation', t.benCookie, body),
        n.svc.deps.makeups.book(made.makeup_id, t.teacherId, { date: date === '2027-01-18' ? '2027-01-26' : '2027-01-27', start: '09:00', end: '09:30' }, null),
      ]);
      const withdrawOk = withdrawn.status === 'fulfilled' && withdrawn.value.status === 200;
      const bookOk = booked.status === 'fulfilled';
      expect(withdrawOk !== bookOk, `${date}: withdrawn ${withdrawOk}, booked ${bookOk}`).toBe(true);
      const rows = await sql<{ n: string }>(
        `SELECT count(*) AS n FROM "${n.schema}".makeups m JOIN "${n.schema}".lesson_cancellations c ON c.id = m.cancellation_id WHERE m.id = $1::uuid`,
        [made.makeup_id],
      );
      expect(Number(rows[0]!.n)).toBe(bookOk ? 1 : 0);
    }
  });
});
