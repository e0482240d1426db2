import { describe, expect, it } from 'vitest';
import { classes, issuer, memberTimes, n, newClass, person, send, setupCalendar, slot, teacherCookie } from './calendar-fixture.js';

/**
 * What the swap and make-up screens need (docs/product/semester.md "Swaps", "Make-ups"): both lessons of a swap
 * in its options and open requests, the dates where anybody could swap, and more than three make-up times on
 * request. Classes, availability and the solver are gRPC stubs.
 */

setupCalendar();

/** Jonas Mondays 9:00, Lena Wednesdays 10:00 (each free at the other's lesson); Carla Thursdays 14:00 fits nobody. */
async function swapClass() {
  const jonas = person('Jonas Weber');
  const lena = person('Lena Vogel');
  const carla = person('Carla Czerny');
  const classId = newClass(
    { '0': slot(['9.00', '9.15'], jonas.memberId), '2': slot(['10.00', '10.15'], lena.memberId), '3': slot(['14.00', '14.15'], carla.memberId) },
    [jonas, lena, carla],
  );
  classes.get(classId)!.semester = { firstDay: '2027-01-04', lastDay: '2027-01-29', state: 'BE', breaks: [] };
  memberTimes.set(jonas.memberId, { '0': ['9.00', '9.15'], '2': ['10.00', '10.15'] });
  memberTimes.set(lena.memberId, { '0': ['9.00', '9.15'], '2': ['10.00', '10.15'] });
  memberTimes.set(carla.memberId, { '3': ['14.00', '14.15'] });
  expect((await send(classId)).status).toBe(200);
  const cookie = (p: { userId: string; email: string; name: string }) => issuer.cookie({ userId: p.userId, role: 'student', email: p.email, name: p.name });
  return { classId, jonas, lena, carla, jonasCookie: await cookie(jonas), lenaCookie: await cookie(lena), carlaCookie: await cookie(carla) };
}

const get = async (path: string, cookie: string) => {
  const res = await fetch(`${n.base}${path}`, { headers: { Cookie: cookie } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const post = async (path: string, cookie: string, body?: unknown) => {
  const res = await fetch(`${n.base}${path}`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const monday11 = { date: '2027-01-11', start: '09:00', end: '09:30' };
const wednesday13 = { date: '2027-01-13', start: '10:00', end: '10:30' };

describe('swaps show both lessons', () => {
  it('the options name each classmate with both lessons; a weekly swap its first pair', async () => {
    const { classId, jonas, lena, jonasCookie } = await swapClass();
    const dated = await get(`/api/lessons/swap-options?class_id=${classId}&member_id=${jonas.memberId}&date=2027-01-11`, jonasCookie);
    expect(dated.body).toEqual({ date: '2027-01-11', options: [{ member_id: lena.memberId, name: 'Lena V.', lesson: monday11, with_lesson: wednesday13 }] });
    const weekly = await get(`/api/lessons/swap-options?class_id=${classId}&member_id=${jonas.memberId}`, jonasCookie);
    expect(weekly.body.options).toEqual([
      {
        member_id: lena.memberId,
        name: 'Lena V.',
        lesson: { date: '2027-01-04', start: '09:00', end: '09:30' },
        with_lesson: { date: '2027-01-06', start: '10:00', end: '10:30' },
      },
    ]);
  });

  it('an open request shows both lessons to both students (each their own first) and to the teacher; an answered one none', async () => {
    const { classId, jonas, lena, jonasCookie, lenaCookie } = await swapClass();
    const asked = await post('/api/lessons/swap-requests', jonasCookie, {
      class_id: classId,
      member_id: jonas.memberId,
      with_member_id: lena.memberId,
      date: '2027-01-11',
    });
    expect(asked.status).toBe(201);
    const id = asked.body.request_id as string;
    const mine = (await get('/api/me/swap-requests', jonasCookie)).body.requests;
    expect(mine).toEqual([expect.objectContaining({ request_id: id, incoming: false, with_name: 'Lena V.', lesson: monday11, with_lesson: wednesday13 })]);
    const theirs = (await get('/api/me/swap-requests', lenaCookie)).body.requests;
    expect(theirs).toEqual([expect.objectContaining({ request_id: id, incoming: true, with_name: 'Jonas W.', lesson: wednesday13, with_lesson: monday11 })]);
    const teacher = (await get(`/api/classes/${classId}/swap-requests`, teacherCookie)).body.requests;
    expect(teacher).toEqual([
      expect.objectContaining({ request_id: id, name: 'Jonas Weber', with_name: 'Lena Vogel', lesson: monday11, with_lesson: wednesday13 }),
    ]);

    expect((await post(`/api/lessons/swap-requests/${id}/decline`, lenaCookie)).status).toBe(200);
    expect((await get('/api/me/swap-requests', jonasCookie)).body.requests).toEqual([
      expect.objectContaining({ request_id: id, status: 'declined', lesson: null, with_lesson: null }),
    ]);
  });

  it('swap-dates names the lessons somebody could swap: every planned one of Jonas, none of Carla', async () => {
    const { classId, jonas, jonasCookie, carlaCookie } = await swapClass();
    const dates = (await get('/api/me/swap-dates', jonasCookie)).body.dates;
    expect(dates).toEqual(['2027-01-04', '2027-01-11', '2027-01-18', '2027-01-25'].map((date) => ({ class_id: classId, member_id: jonas.memberId, date })));
    expect((await get('/api/me/swap-dates', carlaCookie)).body).toEqual({ dates: [] });
    expect((await get('/api/me/swap-dates', teacherCookie)).status).toBe(403);
  });
});

describe('make-up times: more than three on request', () => {
  it('answers three by default, up to twelve with limit, and refuses any other limit in German', async () => {
    const { classId, jonas } = await swapClass();
    const cancelled = await post('/api/lessons/cancel', teacherCookie, { class_id: classId, member_id: jonas.memberId, date: '2027-01-04' });
    expect(cancelled.status).toBe(200);
    const path = `/api/makeups/${cancelled.body.makeup_id as string}/suggestions`;
    expect((await get(path, teacherCookie)).body.suggestions).toHaveLength(3);
    const more = await get(`${path}?limit=12`, teacherCookie);
    expect(more.body.suggestions).toHaveLength(12);
    expect((more.body.suggestions as unknown[])[0]).toEqual({ date: '2027-01-05', start: '08:00', end: '08:30', idle_added_minutes: 0 });
    for (const limit of ['0', '13', 'drei', '2.5']) {
      const bad = await get(`${path}?limit=${limit}`, teacherCookie);
      expect(bad.status, limit).toBe(400);
      expect(bad.body.detail).toBe('Die Anzahl der Vorschläge (limit) muss eine ganze Zahl von 1 bis 12 sein.');
    }
  });
});
