import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  callApi,
  classes,
  issuer,
  mailEventsTo,
  memberTimes,
  n,
  newClass,
  person,
  send,
  slot,
  setupCalendar,
  TEACHER_EMAIL,
  teacherCookie,
  plannedDates,
} from './calendar-fixture.js';
import { sql } from './helpers.js';

/**
 * Swaps between two students (docs/product/semester.md "Swaps"): the options name only classmates whose times
 * and lesson lengths fit, a request mails the other student, the answer swaps both dated lessons and both
 * calendars and tells the teacher; nobody else gets a mail. Classes and availability are gRPC stubs.
 */

setupCalendar();

const semester = { firstDay: '2027-01-04', lastDay: '2027-01-29', state: 'BE' as const, breaks: [] as { from: string; to: string; label: string }[] };

/**
 * Anna Mondays 9:00-9:30, Ben Wednesdays 10:00-10:30, Carla Thursdays 14:00-14:30 (all 30 minutes).
 * Anna and Ben are free at each other's lesson; Carla only at her own (she fits nobody).
 */
async function swapClass() {
  const anna = person('Anna Alt');
  const ben = person('Ben Bauer');
  const carla = person('Carla Czerny');
  const classId = newClass(
    { '0': slot(['9.00', '9.15'], anna.memberId), '2': slot(['10.00', '10.15'], ben.memberId), '3': slot(['14.00', '14.15'], carla.memberId) },
    [anna, ben, carla],
  );
  classes.get(classId)!.semester = { ...semester };
  // A class name of its own: the teacher's mails of this class are told apart by it.
  const className = `Klavier ${randomUUID().slice(0, 4)}`;
  classes.get(classId)!.name = className;
  memberTimes.set(anna.memberId, { '0': ['9.00', '9.15'], '2': ['10.00', '10.15'] });
  memberTimes.set(ben.memberId, { '0': ['9.00', '9.15', '9.30'], '2': ['10.00', '10.15'] });
  memberTimes.set(carla.memberId, { '3': ['14.00', '14.15'], '0': ['9.00', '9.15'] });
  expect((await send(classId)).status).toBe(200);
  const cookie = (p: { userId: string; email: string; name: string }) => issuer.cookie({ userId: p.userId, role: 'student', email: p.email, name: p.name });
  const teacherMails = async () => (await mailEventsTo(TEACHER_EMAIL)).filter((m) => m.subject.includes(className));
  return { classId, className, teacherMails, anna, ben, carla, annaCookie: await cookie(anna), benCookie: await cookie(ben), carlaCookie: await cookie(carla) };
}

/** The mails about swaps (the plan's own mail from sending it left out). */
const swapMails = async (to: string) => (await mailEventsTo(to)).filter((m) => !m.subject.startsWith('Dein Stundenplan'));

describe('swaps between two students', () => {
  it('two students whose times fit swap for one date: both dated lessons, both calendars, the teacher told; the third is not offered', async () => {
    const { classId, className, teacherMails, anna, ben, carla, annaCookie, benCookie } = await swapClass();
    const options = await callApi('GET', `/api/lessons/swap-options?class_id=${classId}&member_id=${anna.memberId}&date=2027-01-11`, annaCookie);
    expect(options.status).toBe(200);
    // Both lessons of the pair (swap-times.int.test.ts), nobody's full name, nothing of the one who does not fit.
    expect(options.body).toEqual({ date: '2027-01-11', options: [expect.objectContaining({ member_id: ben.memberId, name: 'Ben B.' })] });
    expect(options.text).not.toMatch(/Bauer|Czerny|14:00/);
    // Without a date: the weekly slots for the rest of the semester, the same classmate.
    const weekly = await callApi('GET', `/api/lessons/swap-options?class_id=${classId}&member_id=${anna.memberId}`, annaCookie);
    expect(weekly.body).toEqual({ date: null, options: [expect.objectContaining({ member_id: ben.memberId, name: 'Ben B.' })] });

    const asked = await callApi('POST', '/api/lessons/swap-requests', annaCookie, {
      class_id: classId,
      member_id: anna.memberId,
      with_member_id: ben.memberId,
      date: '2027-01-11',
    });
    expect(asked.status).toBe(201);
    expect(asked.body.message).toBe('Ben B. wurde per E-Mail gefragt. Du bekommst Bescheid, sobald Ben B. antwortet.');
    const [request] = await swapMails(ben.email);
    expect(request!.text).toContain(`Anna A. aus „${className}“ möchte am 11.01.2027 die Unterrichtsstunde mit dir tauschen.`);
    expect(await swapMails(anna.email)).toEqual([]);
    expect(await teacherMails()).toEqual([]);

    const incoming = await callApi('GET', '/api/me/swap-requests', benCookie);
    expect(incoming.body.requests).toEqual([
      expect.objectContaining({
        request_id: asked.body.request_id,
        incoming: true,
        with_name: 'Anna A.',
        date: '2027-01-11',
        status: 'pending',
        member_id: ben.memberId,
      }),
    ]);

    const accepted = await callApi('POST', `/api/lessons/swap-requests/${asked.body.request_id}/accept`, benCookie);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ status: 'swapped', message: 'Die Stunden sind getauscht. Eure Kalender zeigen die neuen Termine.' });

    const lessons = (await callApi('GET', `/api/classes/${classId}/lessons`, teacherCookie)).body.lessons as {
      name: string;
      date: string;
      start: string;
      status: string;
      reason: string | null;
    }[];
    const of = (name: string) => lessons.filter((l) => l.name === name).map((l) => [l.date, l.start, l.status, l.reason]);
    expect(of('Anna Alt')).toEqual([
      ['2027-01-04', '09:00', 'planned', null],
      ['2027-01-13', '10:00', 'swapped', 'Getauscht mit Ben B.'],
      ['2027-01-18', '09:00', 'planned', null],
      ['2027-01-25', '09:00', 'planned', null],
    ]);
    expect(of('Ben Bauer')).toEqual([
      ['2027-01-06', '10:00', 'planned', null],
      ['2027-01-11', '09:00', 'swapped', 'Getauscht mit Anna A.'],
      ['2027-01-20', '10:00', 'planned', null],
      ['2027-01-27', '10:00', 'planned', null],
    ]);
    expect(of('Carla Czerny').every(([, , status]) => status === 'planned')).toBe(true);
    const own = (await callApi('GET', '/api/me/lessons', annaCookie)).body.lessons as { date: string; status: string }[];
    expect(own.map((l) => [l.date, l.status])).toEqual([
      ['2027-01-04', 'planned'],
      ['2027-01-13', 'swapped'],
      ['2027-01-18', 'planned'],
      ['2027-01-25', 'planned'],
    ]);

    // Both calendar files (and the feed) carry the new dates and not the old ones.
    expect(plannedDates((await callApi('GET', '/api/me/calendar.ics', annaCookie)).text)).toEqual([
      '2027-01-04T09:00:00',
      '2027-01-13T10:00:00',
      '2027-01-18T09:00:00',
      '2027-01-25T09:00:00',
    ]);
    const made = await fetch(`${n.base}/api/me/calendar-subscription`, { method: 'POST', headers: { Cookie: benCookie } });
    const feed = new URL(((await made.json()) as { url: string }).url).pathname;
    expect(plannedDates((await callApi('GET', feed)).text)).toEqual([
      '2027-01-06T10:00:00',
      '2027-01-11T09:00:00',
      '2027-01-20T10:00:00',
      '2027-01-27T10:00:00',
    ]);

    // The teacher and both students are told once; the third student nothing.
    const [teacherMail] = await teacherMails();
    expect(teacherMail!.text).toContain(`Anna Alt und Ben Bauer haben am 11.01.2027 ihre Unterrichtsstunden in „${className}“ getauscht.`);
    expect(teacherMail!.text).toContain('Neu für Anna Alt: Mittwoch, 13.01.2027, 10:00–10:30\nNeu für Ben Bauer: Montag, 11.01.2027, 09:00–09:30\n');
    expect(await teacherMails()).toHaveLength(1);
    // Each student's mail gives their new time.
    expect((await swapMails(anna.email))[0]!.text).toContain('Dein neuer Termin: Mittwoch, 13.01.2027, 10:00–10:30\n');
    expect((await swapMails(ben.email)).find((m) => m.subject.startsWith('Stunden getauscht'))!.text).toContain(
      'Dein neuer Termin: Montag, 11.01.2027, 09:00–09:30\n',
    );
    expect(await swapMails(anna.email)).toHaveLength(1);
    expect(await swapMails(ben.email)).toHaveLength(2);
    expect(await swapMails(carla.email)).toEqual([]);

    // Answered once: a second accept is refused.
    const again = await callApi('POST', `/api/lessons/swap-requests/${asked.body.request_id}/accept`, benCookie);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('Diese Tauschanfrage wurde schon beantwortet.');
  });

  it('without a date the weekly slots change hands from today to the end of the semester', async () => {
    const { classId, teacherMails, anna, ben, annaCookie, benCookie } = await swapClass();
    const asked = await callApi('POST', '/api/lessons/swap-requests', annaCookie, {
      class_id: classId,
      member_id: anna.memberId,
      with_member_id: ben.memberId,
    });
    expect(asked.status).toBe(201);
    expect((await callApi('POST', `/api/lessons/swap-requests/${asked.body.request_id}/accept`, benCookie)).body.status).toBe('swapped');
    const lessons = (await callApi('GET', `/api/classes/${classId}/lessons`, teacherCookie)).body.lessons as { name: string; date: string; status: string }[];
    expect(lessons.filter((l) => l.name === 'Anna Alt').map((l) => [l.date, l.status])).toEqual([
      ['2027-01-06', 'swapped'],
      ['2027-01-13', 'swapped'],
      ['2027-01-20', 'swapped'],
      ['2027-01-27', 'swapped'],
    ]);
    const [teacherMail] = (await teacherMails()).slice(-1);
    expect(teacherMail!.text).toContain('jede Woche ab dem');
  });
});

describe('swaps that no longer fit or need approval', () => {
  it('a classmate who does not fit cannot be asked; a request that no longer fits is refused at accept time', async () => {
    const { classId, teacherMails, anna, ben, carla, annaCookie, benCookie, carlaCookie } = await swapClass();
    const notCarla = await callApi('POST', '/api/lessons/swap-requests', annaCookie, {
      class_id: classId,
      member_id: anna.memberId,
      with_member_id: carla.memberId,
      date: '2027-01-11',
    });
    expect(notCarla.status).toBe(409);
    expect(notCarla.body.detail).toBe('Mit Carla C. kannst du nicht tauschen: Eure Zeiten oder die Länge eurer Stunden passen nicht zueinander.');
    expect(
      (await callApi('GET', `/api/lessons/swap-options?class_id=${classId}&member_id=${carla.memberId}&date=2027-01-14`, carlaCookie)).body.options,
    ).toEqual([]);

    const asked = await callApi('POST', '/api/lessons/swap-requests', annaCookie, {
      class_id: classId,
      member_id: anna.memberId,
      with_member_id: ben.memberId,
      date: '2027-01-18',
    });
    expect(asked.status).toBe(201);
    const twice = await callApi('POST', '/api/lessons/swap-requests', annaCookie, {
      class_id: classId,
      member_id: anna.memberId,
      with_member_id: ben.memberId,
      date: '2027-01-18',
    });
    expect(twice.status).toBe(409);
    // Ben's times change: he is no longer free on Mondays.
    memberTimes.set(ben.memberId, { '2': ['10.00', '10.15'] });
    const refused = await callApi('POST', `/api/lessons/swap-requests/${asked.body.request_id}/accept`, benCookie);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(
      'Der Tausch ist nicht mehr möglich: Die Stunden haben sich geändert, wurden abgesagt oder die Zeiten passen nicht mehr. Bitte fragt neu an.',
    );
    expect(await teacherMails()).toEqual([]);

    // A lesson cancelled after the request: refused too.
    memberTimes.set(ben.memberId, { '0': ['9.00', '9.15'], '2': ['10.00', '10.15'] });
    const later = await callApi('POST', '/api/lessons/swap-requests', annaCookie, {
      class_id: classId,
      member_id: anna.memberId,
      with_member_id: ben.memberId,
      date: '2027-01-25',
    });
    expect(later.status).toBe(201);
    const cancelled = await callApi('POST', '/api/lessons/cancel', benCookie, { class_id: classId, member_id: ben.memberId, date: '2027-01-27' });
    expect(cancelled.status, cancelled.text).toBe(200);
    const refusedAgain = await callApi('POST', `/api/lessons/swap-requests/${later.body.request_id}/accept`, benCookie);
    expect(refusedAgain.status).toBe(409);
    expect(refusedAgain.body.detail).toMatch(/^Der Tausch ist nicht mehr möglich/);
  });

  it('with swaps_need_approval the teacher approves first; declining ends a request', async () => {
    const { classId, className, teacherMails, anna, ben, annaCookie, benCookie } = await swapClass();
    await sql(`INSERT INTO "${n.schema}".lesson_rules (class_id, swaps_need_approval) VALUES ($1, true)`, [classId]);
    const asked = await callApi('POST', '/api/lessons/swap-requests', annaCookie, {
      class_id: classId,
      member_id: anna.memberId,
      with_member_id: ben.memberId,
      date: '2027-01-25',
    });
    const accepted = await callApi('POST', `/api/lessons/swap-requests/${asked.body.request_id}/accept`, benCookie);
    expect(accepted.body).toEqual({ status: 'awaiting_approval', message: 'Danke! Deine Lehrkraft muss dem Tausch noch zustimmen. Ihr bekommt Bescheid.' });
    expect((await teacherMails())[0]!.subject).toBe(`Tausch wartet auf deine Zustimmung: „${className}“`);
    const before = (await callApi('GET', `/api/classes/${classId}/lessons`, teacherCookie)).body.lessons as { status: string }[];
    expect(before.every((l) => l.status === 'planned')).toBe(true);
    const listed = await callApi('GET', `/api/classes/${classId}/swap-requests`, teacherCookie);
    expect(listed.body.requests).toEqual([
      expect.objectContaining({ request_id: asked.body.request_id, name: 'Anna Alt', with_name: 'Ben Bauer', status: 'awaiting_approval' }),
    ]);

    // Another teacher cannot approve; the class's teacher can.
    const other = await issuer.cookie({ userId: randomUUID(), role: 'teacher', email: 'x@example.org', name: 'X' });
    expect((await callApi('POST', `/api/lessons/swap-requests/${asked.body.request_id}/approve`, other)).status).toBe(404);
    const approved = await callApi('POST', `/api/lessons/swap-requests/${asked.body.request_id}/approve`, teacherCookie);
    expect(approved.body.status).toBe('swapped');
    const after = (await callApi('GET', `/api/classes/${classId}/lessons`, teacherCookie)).body.lessons as { date: string; status: string }[];
    expect(after.filter((l) => l.status === 'swapped').map((l) => l.date)).toEqual(['2027-01-25', '2027-01-27']);

    // A declined request changes nothing and cannot be accepted afterwards.
    const second = await callApi('POST', '/api/lessons/swap-requests', annaCookie, {
      class_id: classId,
      member_id: anna.memberId,
      with_member_id: ben.memberId,
      date: '2027-01-11',
    });
    const declined = await callApi('POST', `/api/lessons/swap-requests/${second.body.request_id}/decline`, benCookie);
    expect(declined.body).toEqual({ status: 'declined', message: 'Die Tauschanfrage wurde abgelehnt.' });
    expect((await callApi('POST', `/api/lessons/swap-requests/${second.body.request_id}/accept`, benCookie)).status).toBe(409);
    const mine = (await callApi('GET', '/api/me/swap-requests', annaCookie)).body.requests as { status: string; incoming: boolean; with_name: string }[];
    expect(mine.map((r) => [r.status, r.incoming, r.with_name])).toEqual([
      ['declined', false, 'Ben B.'],
      ['swapped', false, 'Ben B.'],
    ]);
  });
});

describe('swaps: wrong callers', () => {
  it('wrong callers: anonymous 401, a teacher on student routes 403, another student or teacher 404; bad ids and dates 400 in German', async () => {
    const { classId, anna, ben, annaCookie, carlaCookie } = await swapClass();
    const asked = await callApi('POST', '/api/lessons/swap-requests', annaCookie, {
      class_id: classId,
      member_id: anna.memberId,
      with_member_id: ben.memberId,
      date: '2027-01-11',
    });
    const id = asked.body.request_id as string;
    const q = `class_id=${classId}&member_id=${anna.memberId}`;

    for (const [method, path] of [
      ['GET', `/api/lessons/swap-options?${q}`],
      ['POST', '/api/lessons/swap-requests'],
      ['POST', `/api/lessons/swap-requests/${id}/accept`],
      ['POST', `/api/lessons/swap-requests/${id}/decline`],
      ['POST', `/api/lessons/swap-requests/${id}/approve`],
      ['GET', '/api/me/swap-requests'],
      ['GET', `/api/classes/${classId}/swap-requests`],
    ] as const) {
      expect((await callApi(method, path, undefined, method === 'POST' ? {} : undefined)).status, path).toBe(401);
    }
    expect((await callApi('GET', `/api/lessons/swap-options?${q}`, teacherCookie)).status).toBe(403);
    expect((await callApi('POST', `/api/lessons/swap-requests/${id}/accept`, teacherCookie)).status).toBe(403);
    expect((await callApi('POST', `/api/lessons/swap-requests/${id}/approve`, annaCookie)).status).toBe(403);
    expect((await callApi('GET', `/api/classes/${classId}/swap-requests`, annaCookie)).status).toBe(403);

    // Another student: not their membership, not their request to answer.
    const carlaOnAnna = await callApi('GET', `/api/lessons/swap-options?${q}`, carlaCookie);
    expect(carlaOnAnna.status).toBe(404);
    expect(carlaOnAnna.body.detail).toBe('Diese Teilnahme gibt es nicht.');
    expect((await callApi('POST', `/api/lessons/swap-requests/${id}/accept`, carlaCookie)).status).toBe(404);
    expect((await callApi('POST', `/api/lessons/swap-requests/${id}/decline`, carlaCookie)).status).toBe(404);
    // The asking student cannot accept their own request.
    expect((await callApi('POST', `/api/lessons/swap-requests/${id}/accept`, annaCookie)).status).toBe(404);
    const outsider = await issuer.cookie({ userId: randomUUID(), role: 'teacher', email: 'y@example.org', name: 'Y' });
    expect((await callApi('GET', `/api/classes/${classId}/swap-requests`, outsider)).status).toBe(404);
    expect((await callApi('POST', `/api/lessons/swap-requests/${id}/decline`, outsider)).status).toBe(404);
    expect((await callApi('POST', `/api/lessons/swap-requests/${randomUUID()}/accept`, annaCookie)).status).toBe(404);

    const bad = async (path: string, body?: unknown) => {
      const res = await callApi(body === undefined ? 'GET' : 'POST', path, annaCookie, body);
      expect(res.status, path).toBe(400);
      return res.body.detail as string;
    };
    expect(await bad(`/api/lessons/swap-options?class_id=abc&member_id=${anna.memberId}`)).toBe('Bitte gib einen gültigen Kurs an.');
    expect(await bad(`/api/lessons/swap-options?class_id=${classId}&member_id=x`)).toBe('Bitte gib eine gültige Teilnahme an.');
    expect(await bad(`/api/lessons/swap-options?${q}&date=2027-02-30`)).toBe('Bitte gib ein gültiges Datum im Format JJJJ-MM-TT an.');
    expect(await bad(`/api/lessons/swap-options?${q}&date=11.01.2027`)).toBe('Bitte gib ein gültiges Datum im Format JJJJ-MM-TT an.');
    expect(await bad(`/api/lessons/swap-options?${q}&date=2020-01-06`)).toBe('Dieser Termin liegt in der Vergangenheit.');
    expect(await bad('/api/lessons/swap-requests', { class_id: classId, member_id: anna.memberId, with_member_id: 'nope', date: '2027-01-11' })).toBe(
      'Bitte wähle aus, mit wem du tauschen möchtest.',
    );
    expect(await bad('/api/lessons/swap-requests', { class_id: classId, member_id: anna.memberId, with_member_id: ben.memberId, date: 20270111 })).toBe(
      'Bitte gib ein gültiges Datum im Format JJJJ-MM-TT an.',
    );
    expect(await bad('/api/lessons/swap-requests/not-an-id/accept', {})).toBe('Diese Tauschanfrage gibt es nicht.');
    // A date without a lesson of the caller: 404 in German.
    const none = await callApi('GET', `/api/lessons/swap-options?${q}&date=2027-01-12`, annaCookie);
    expect(none.status).toBe(404);
    expect(none.body.detail).toBe('An diesem Tag hast du keinen geplanten Unterricht.');
  });
});
