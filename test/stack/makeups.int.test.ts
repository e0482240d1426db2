import { describe, expect, it } from 'vitest';
import { Client, createClass, mails, uniqueEmail, waitForMail, minimalPdf } from './helpers.js';
import {
  C,
  H,
  addDays,
  berlin,
  labels,
  occurrences,
  toMin,
  today,
  weekday,
  type Makeup,
  type Suggestion,
  stack,
  teacher,
  other,
  s,
  email,
  member,
  piano,
  theory,
  voice,
  holidays,
  breakDays,
  planAndSend,
  useMakeupStack,
} from './makeups-fixture.js';

/**
 * Cancellations and make-up lessons through the gateway (docs/product/semester.md "During the semester"), on the
 * whole stack: the suggestions come from the scheduling solver (SuggestMakeup) over the real times of the
 * availability service, the semester with its holidays from the classes service.
 *
 * One teacher, two classes. "Klavier": Anna 9:00-9:45 and Ben 10:30-11:15; "Theorie": Carla 11:15-12:00 — all on
 * the weekday of C, the lesson Anna loses: one week before a fixed nationwide holiday H (3 October or 25 December).
 * Teacher and students are free that weekday 9:00-12:00 only, so the one free time of such a day is 9:45-10:30
 * (filling Anna's gap: 45 idle minutes less); a break takes C+21, the holiday C+7.
 */

useMakeupStack();

let annaMakeup = '';
let first: Suggestion;

describe('cancellations and make-up lessons', () => {
  it('lesson rules: defaults, saved by the owner, refused in German when wrong, 404/403/401 for others', async () => {
    expect((await teacher.get(`/api/classes/${piano}/lesson-rules`)).body).toEqual({ cancel_notice_hours: 24, makeup_weeks: 4, swaps_need_approval: false });
    const saved = await teacher.put<{ makeup_weeks: number; message: string }>(`/api/classes/${piano}/lesson-rules`, {
      cancel_notice_hours: 24,
      makeup_weeks: 6,
      swaps_need_approval: false,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Die Regeln für Absagen, Nachholtermine und Tausch sind gespeichert.');
    expect((await teacher.get<{ makeup_weeks: number }>(`/api/classes/${piano}/lesson-rules`)).body.makeup_weeks).toBe(6);
    const bad = await teacher.put<{ detail: string }>(`/api/classes/${piano}/lesson-rules`, {
      cancel_notice_hours: -1,
      makeup_weeks: 6,
      swaps_need_approval: false,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('Die Absagefrist (cancel_notice_hours) muss eine ganze Zahl von 0 bis 336 Stunden sein.');
    expect((await teacher.put(`/api/classes/${piano}/lesson-rules`, { cancel_notice_hours: 24, makeup_weeks: 0, swaps_need_approval: false })).status).toBe(
      400,
    );
    expect((await teacher.put(`/api/classes/${piano}/lesson-rules`, { cancel_notice_hours: 24, makeup_weeks: 4, swaps_need_approval: 'ja' })).status).toBe(400);
    expect((await teacher.get<{ makeup_weeks: number }>(`/api/classes/${piano}/lesson-rules`)).body.makeup_weeks).toBe(6);
    expect((await other.get(`/api/classes/${piano}/lesson-rules`)).status).toBe(404);
    expect((await other.put(`/api/classes/${piano}/lesson-rules`, { cancel_notice_hours: 1, makeup_weeks: 1, swaps_need_approval: true })).status).toBe(404);
    expect((await s.Anna!.get(`/api/classes/${piano}/lesson-rules`)).status).toBe(403);
    expect((await new Client(stack.base).get(`/api/classes/${piano}/lesson-rules`)).status).toBe(401);
  });

  it('the teacher cancels: an open make-up whose suggestions lie in both parties’ times and avoid lessons, holidays and breaks', async () => {
    const refusals: [Client, unknown, number, string?][] = [
      [new Client(stack.base), { class_id: piano, member_id: member.Anna, date: C }, 401],
      [other, { class_id: piano, member_id: member.Anna, date: C }, 404],
      [s.Ben!, { class_id: piano, member_id: member.Anna, date: C }, 404],
      [teacher, { class_id: 'klavier', member_id: member.Anna, date: C }, 400, 'Die Klassen-ID ist ungültig.'],
      [teacher, { class_id: piano, member_id: 'anna', date: C }, 400, 'Die Mitglieds-ID ist ungültig.'],
      [teacher, { class_id: piano, member_id: member.Anna, date: C, reason: 'x'.repeat(501) }, 400, 'Der Grund darf höchstens 500 Zeichen lang sein.'],
      [teacher, { class_id: piano, member_id: member.Anna, date: '2027-02-30' }, 400, 'Das Datum muss ein gültiges Datum im Format JJJJ-MM-TT sein.'],
      [
        teacher,
        { class_id: piano, member_id: member.Anna, date: addDays(today, -7) },
        409,
        'Dieser Termin liegt in der Vergangenheit und kann nicht mehr abgesagt werden.',
      ],
      [
        teacher,
        { class_id: piano, member_id: member.Anna, date: addDays(C, 1) },
        404,
        `Anna Alt hat am ${addDays(C, 1).split('-').reverse().join('.')} keinen Unterricht.`,
      ],
      // The holiday: no lesson that day.
      [teacher, { class_id: piano, member_id: member.Anna, date: H }, 404],
    ];
    for (const [who, body, status, detail] of refusals) {
      const res = await who.post<{ detail: string }>('/api/lessons/cancel', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (detail) expect(res.body.detail).toBe(detail);
    }

    const res = await teacher.post<{ status: string; makeup_id: string; message: string }>('/api/lessons/cancel', {
      class_id: piano,
      member_id: member.Anna,
      date: C,
      reason: 'Ich bin krank.',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', makeup_id: expect.any(String) });
    expect(res.body.message).toContain('Nachholtermin ist bis zum');
    annaMakeup = res.body.makeup_id;
    const again = await teacher.post<{ detail: string }>('/api/lessons/cancel', { class_id: piano, member_id: member.Anna, date: C });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('Dieser Termin ist bereits abgesagt.');

    // Anna is told, with the reason; Ben is not.
    const mail = await waitForMail(stack.base, email.Anna!, /fällt aus/);
    expect(mail.text).toContain('Grund: Ich bin krank.');
    expect((await mails(stack.base)).filter((m) => m.to.includes(email.Ben!) && /fällt aus/.test(m.subject))).toEqual([]);

    const lessons = (
      await teacher.get<{ lessons: { member_id: string; date: string; status: string; reason: string | null }[] }>(`/api/classes/${piano}/lessons`)
    ).body.lessons;
    expect(lessons.find((l) => l.member_id === member.Anna && l.date === C)).toMatchObject({ status: 'cancelled', reason: 'Ich bin krank.' });
    expect(lessons.find((l) => l.member_id === member.Ben && l.date === C)).toMatchObject({ status: 'planned' });

    const list = (await teacher.get<{ makeups: Makeup[] }>(`/api/classes/${piano}/makeups`)).body.makeups;
    expect(list).toEqual([
      expect.objectContaining({ makeup_id: annaMakeup, member_id: member.Anna, cancelled_date: C, status: 'open', booked: null, expires_on: addDays(C, 42) }),
    ]);
    expect((await s.Anna!.get<{ makeups: Makeup[] }>('/api/me/makeups')).body.makeups.map((m) => m.makeup_id)).toEqual([annaMakeup]);
    expect((await s.Ben!.get<{ makeups: Makeup[] }>('/api/me/makeups')).body.makeups).toEqual([]);
    expect((await other.get(`/api/classes/${piano}/makeups`)).status).toBe(404);
    expect((await s.Anna!.get(`/api/classes/${piano}/makeups`)).status).toBe(403);
    expect((await new Client(stack.base).get('/api/me/makeups')).status).toBe(401);
    expect((await teacher.get('/api/me/makeups')).status).toBe(403);

    // The weekday of C in the 6 weeks after it, without holidays and the break: 9:45-10:30 is the one free time
    // (Anna's own lesson 9:00, Ben's 10:30 and Carla's 11:15 in the other class), filling a 45-minute gap.
    const expected = [7, 14, 21, 28, 35, 42]
      .map((d) => addDays(C, d))
      .filter((d) => !holidays.includes(d) && !breakDays.includes(d))
      .slice(0, 3)
      .map((date) => ({ date, start: '09:45', end: '10:30', idle_added_minutes: -45 }));
    expect(expected.length).toBeGreaterThan(0);
    for (const who of [teacher, s.Anna!]) {
      const sug = await who.get<{ suggestions: Suggestion[] }>(`/api/makeups/${annaMakeup}/suggestions`);
      expect(sug.status, JSON.stringify(sug.body)).toBe(200);
      expect(sug.body.suggestions).toEqual(expected);
    }
    first = expected[0]!;
    expect((await s.Ben!.get(`/api/makeups/${annaMakeup}/suggestions`)).status).toBe(404);
    expect((await other.get(`/api/makeups/${annaMakeup}/suggestions`)).status).toBe(404);
    expect((await new Client(stack.base).get(`/api/makeups/${annaMakeup}/suggestions`)).status).toBe(401);
    const badId = await teacher.get<{ detail: string }>('/api/makeups/nicht-da/suggestions');
    expect(badId.status).toBe(400);
    expect(badId.body.detail).toBe('Die ID des Nachholtermins ist ungültig.');
    expect((await teacher.get('/api/makeups/0b1c2d3e-1111-4222-8333-444455556666/suggestions')).status).toBe(404);
  });
});

describe('make-up lessons booked and refused', () => {
  it('booking the first suggestion makes a make-up lesson in both lists and the student’s calendar; the same time again is 409', async () => {
    expect((await s.Ben!.post(`/api/makeups/${annaMakeup}/book`, { date: first.date, start: first.start })).status).toBe(404);
    expect((await other.post(`/api/makeups/${annaMakeup}/book`, { date: first.date, start: first.start })).status).toBe(404);
    expect((await new Client(stack.base).post(`/api/makeups/${annaMakeup}/book`, { date: first.date, start: first.start })).status).toBe(401);
    const badStart = await s.Anna!.post<{ detail: string }>(`/api/makeups/${annaMakeup}/book`, { date: first.date, start: '9:45' });
    expect(badStart.status).toBe(400);
    expect(badStart.body.detail).toBe('Die Startzeit muss eine Uhrzeit im Format HH:MM in Viertelstunden sein.');
    const badDate = await s.Anna!.post<{ detail: string }>(`/api/makeups/${annaMakeup}/book`, { date: '15.01.2027', start: first.start });
    expect(badDate.status).toBe(400);
    expect(badDate.body.detail).toBe('Das Datum muss ein gültiges Datum im Format JJJJ-MM-TT sein.');
    // Inside the times but on Ben's lesson: not a valid time.
    expect((await s.Anna!.post(`/api/makeups/${annaMakeup}/book`, { date: first.date, start: '10:30' })).status).toBe(409);

    const booked = await s.Anna!.post<{ makeup: Makeup; message: string }>(`/api/makeups/${annaMakeup}/book`, { date: first.date, start: first.start });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.body.makeup).toMatchObject({ status: 'booked', booked: { date: first.date, start: '09:45', end: '10:30' } });
    expect((await s.Anna!.post(`/api/makeups/${annaMakeup}/book`, { date: first.date, start: first.start })).status).toBe(409);
    expect((await s.Anna!.get(`/api/makeups/${annaMakeup}/suggestions`)).status).toBe(409);

    // The teacher is told (the other party); the lesson is a make-up in both lists.
    expect((await waitForMail(stack.base, email.teacher!, /Nachholtermin: Anna/)).text).toContain('09:45 bis 10:30');
    const mine = (await s.Anna!.get<{ lessons: { date: string; start: string; status: string }[] }>('/api/me/lessons')).body.lessons;
    expect(mine.filter((l) => l.status === 'makeup')).toEqual([expect.objectContaining({ date: first.date, start: '09:45', status: 'makeup' })]);
    expect(mine.find((l) => l.date === C)).toMatchObject({ status: 'cancelled' });
    const theirs = (await teacher.get<{ lessons: { member_id: string; date: string; start: string; status: string }[] }>(`/api/classes/${piano}/lessons`)).body
      .lessons;
    expect(theirs.filter((l) => l.status === 'makeup')).toEqual([expect.objectContaining({ member_id: member.Anna, date: first.date, start: '09:45' })]);

    // Anna's calendar file and feed: the make-up in, C out; Ben's calendar has neither change.
    const ics = (await s.Anna!.get<string>('/api/me/calendar.ics')).body;
    const dates = occurrences(ics);
    expect(dates).toContain(`${first.date}T09:45:00`);
    expect(dates).not.toContain(`${C}T09:00:00`);
    const planned = [28, 35, 42].map((d) => addDays(C, d)).filter((d) => !holidays.includes(d) && !breakDays.includes(d));
    for (const d of planned) expect(dates).toContain(`${d}T09:00:00`);
    const sub = await s.Anna!.post<{ url: string }>('/api/me/calendar-subscription');
    const feed = await (await fetch(new URL(new URL(sub.body.url).pathname, stack.base))).text();
    expect(occurrences(feed)).toEqual(dates);
    const benDates = occurrences((await s.Ben!.get<string>('/api/me/calendar.ics')).body);
    expect(benDates).toContain(`${C}T10:30:00`);
    expect(benDates.filter((d) => d.endsWith('T09:45:00'))).toEqual([]);

    // Ben's make-up (the teacher cancels his lesson C too) cannot take Anna's time.
    const ben = await teacher.post<{ makeup_id: string }>('/api/lessons/cancel', { class_id: piano, member_id: member.Ben, date: C });
    expect(ben.status).toBe(200);
    const taken = await s.Ben!.post<{ detail: string }>(`/api/makeups/${ben.body.makeup_id}/book`, { date: first.date, start: first.start });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toMatch(/kein Nachholtermin möglich|vergeben/);
    const benSug = (await s.Ben!.get<{ suggestions: Suggestion[] }>(`/api/makeups/${ben.body.makeup_id}/suggestions`)).body.suggestions;
    expect(benSug.some((x) => x.date === first.date)).toBe(false);
  });

  it('two make-ups racing for one teacher time: one wins, the other gets 409 in German', async () => {
    // Ben (Klavier) and Carla (Theorie, the same teacher) both lose their lesson of C and book one time at once.
    expect((await teacher.put(`/api/classes/${theory}/lesson-rules`, { cancel_notice_hours: 24, makeup_weeks: 6, swaps_need_approval: false })).status).toBe(
      200,
    );
    const carla = await teacher.post<{ makeup_id: string }>('/api/lessons/cancel', { class_id: theory, member_id: member.Carla, date: C });
    expect(carla.status, JSON.stringify(carla.body)).toBe(200);
    const ben = (await teacher.get<{ makeups: Makeup[] }>(`/api/classes/${piano}/makeups`)).body.makeups.find((m) => m.member_id === member.Ben)!;
    const target = (await s.Ben!.get<{ suggestions: Suggestion[] }>(`/api/makeups/${ben.makeup_id}/suggestions`)).body.suggestions[0]!;
    expect(target).toBeDefined();
    const results = await Promise.all([
      s.Ben!.post<{ detail?: string }>(`/api/makeups/${ben.makeup_id}/book`, { date: target.date, start: target.start }),
      s.Carla!.post<{ detail?: string }>(`/api/makeups/${carla.body.makeup_id}/book`, { date: target.date, start: target.start }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.detail).toMatch(/^(Diese Zeit ist inzwischen vergeben|Zu dieser Zeit ist kein Nachholtermin möglich)/);
    const lessons = [
      ...(await teacher.get<{ lessons: { date: string; start: string; status: string }[] }>(`/api/classes/${piano}/lessons`)).body.lessons,
      ...(await teacher.get<{ lessons: { date: string; start: string; status: string }[] }>(`/api/classes/${theory}/lessons`)).body.lessons,
    ].filter((l) => l.status === 'makeup' && l.date === target.date && l.start === target.start);
    expect(lessons).toHaveLength(1);
  });

  it('a student cancelling 2 hours before with a 24-hour notice gets no make-up, and the answer says why', async () => {
    const soon = berlin(new Date(Date.now() + 2 * 3_600_000));
    let start = Math.ceil(soon.minutes / 15) * 15;
    // Late in the evening a 45-minute lesson no longer fits into the day: it moves to 0:00 of the next
    // day, still less than 24 hours ahead.
    if (start > 23 * 60 + 15) {
      soon.date = addDays(soon.date, 1);
      start = 0;
    }
    await planAndSend(voice, String(weekday(soon.date)), [['Dora', start]]);
    const res = await s.Dora!.post<{ status: string; makeup_id: string | null; message: string }>('/api/lessons/cancel', {
      class_id: voice,
      member_id: member.Dora,
      date: soon.date,
      reason: 'Zug fällt aus',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.makeup_id).toBeNull();
    expect(res.body.message).toContain('Für einen Nachholtermin ist es zu spät: Dafür musst du mindestens 24 Stunden vor dem Unterricht absagen.');
    expect((await s.Dora!.get<{ makeups: Makeup[] }>('/api/me/makeups')).body.makeups).toEqual([]);
    // The teacher is told, with the reason; another student of the class may not cancel Dora's lesson.
    const mail = await waitForMail(stack.base, email.teacher!, /Absage: Dora/);
    expect(mail.text).toContain('Grund: Zug fällt aus');
    expect(mail.text).toContain('Es gibt keinen Nachholtermin.');
    expect((await s.Anna!.post('/api/lessons/cancel', { class_id: voice, member_id: member.Dora, date: soon.date })).status).toBe(404);
  });
});

describe('make-up lessons at class size', () => {
  it('a 99-student class with a full teacher week: suggestions through the gateway, timed', async () => {
    const big = await createClass(teacher, 'Großklasse');
    const WEEK = Object.fromEntries(Array.from({ length: 7 }, (_, d) => [String(d), labels(7 * 60, 23 * 60)]));
    expect((await teacher.put(`/api/classes/${big.class_id}/available-times`, { available_times: WEEK })).status).toBe(200);
    const students = Array.from({ length: 99 }, (_, i) => ({ name: `Person ${i + 1}`, duration: 45, email: uniqueEmail(`gross${i + 1}`) }));
    const added = await teacher.post<{ members: { member_id: string }[] }>(`/api/classes/${big.class_id}/members/new`, { students });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const ids = added.body.members.map((m) => m.member_id);
    expect(ids).toHaveLength(99);
    // About 14 lessons a day, one after another from 7:00 with a gap of 0 or 15 minutes.
    const at = Array(7).fill(7 * 60);
    const available_times: Record<string, [string, string][]> = {};
    const lessonOf = new Map<string, { day: number; from: number }>();
    ids.forEach((id, i) => {
      const day = i % 7;
      const from = at[day] + (i % 2) * 15;
      at[day] = from + 45;
      lessonOf.set(id, { day, from });
      (available_times[String(day)] ??= []).push(...labels(from, from + 45).map((l) => [l, id] as [string, string]));
    });
    expect(Math.max(...at)).toBeLessThanOrEqual(23 * 60);
    expect((await teacher.post(`/api/classes/${big.class_id}/schedules`, { name: 'Voll', available_times })).status).toBe(201);
    const form = new FormData();
    form.append('pdf', new Blob([new Uint8Array(minimalPdf())], { type: 'application/pdf' }), 'stundenplan.pdf');
    form.append('class_id', big.class_id);
    form.append('until', addDays(today, 120));
    const sent = await teacher.post('/api/send-schedule-to-students', form);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    // The member whose lesson is in three days loses it; the teacher entered wide times for them.
    const date = addDays(today, 3);
    const who = ids.find((id) => lessonOf.get(id)!.day === weekday(date))!;
    expect((await teacher.put(`/api/classes/${big.class_id}/members/${who}/update`, { available_times: WEEK })).status).toBe(200);
    const cancelled = await teacher.post<{ makeup_id: string }>('/api/lessons/cancel', { class_id: big.class_id, member_id: who, date });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const times: number[] = [];
    let answer: Suggestion[] = [];
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now();
      const res = await teacher.get<{ suggestions: Suggestion[] }>(`/api/makeups/${cancelled.body.makeup_id}/suggestions`);
      times.push(performance.now() - t0);
      expect(res.status).toBe(200);
      answer = res.body.suggestions;
    }
    expect(answer).toHaveLength(3);
    // Each one after the cancelled date, on the day of no lesson of this class at that time.
    for (const x of answer) {
      expect(x.date > date).toBe(true);
      const clash = [...lessonOf.values()].some((l) => l.day === weekday(x.date) && l.from < toMin(x.end) && toMin(x.start) < l.from + 45);
      expect(clash, JSON.stringify(x)).toBe(false);
    }
    times.sort((a, b) => a - b);
    const median = times[5]!;
    console.log(
      `make-up suggestions through the gateway, 99-student class: median ${median.toFixed(0)} ms (min ${times[0]!.toFixed(0)}, max ${times[9]!.toFixed(0)})`,
    );
    // Generous on a busy machine; bench/makeup.js holds the solver's part to 300 ms.
    expect(median).toBeLessThan(1500);
  });
});
