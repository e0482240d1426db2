import { randomUUID } from 'node:crypto';
import { addDays, berlinToday } from '@stundenplan/timegrid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ics, icsTime, W_EUROPE_VTIMEZONE, winterWeeks, type IcsEvent } from './calendar-fixture.js';
import { person, span, startHarness, type Answer, type Harness, type Person } from './harness.js';

/** POST /api/me/calendar-import with an uploaded .ics file (docs/product/times.md "Aus Kalender übernehmen"). */

const CALENDAR_BAD_URL = 'Bitte gib einen gültigen Link zu deinem Kalender an (https:// oder webcal://).';

let h: Harness;
const { first, last, weeks } = winterWeeks();

beforeAll(async () => {
  h = await startHarness();
});

afterAll(async () => {
  await h?.stop();
});

async function upload(who: Person | undefined, text: string | Uint8Array, query = ''): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/calendar' }), 'kalender.ics');
  const res = await fetch(`${h.base}/api/me/calendar-import${query}`, { method: 'POST', body: form, headers: who ? { cookie: who.cookie } : {} });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A student in a class whose semester is the eight winter weeks. */
async function studentWithSemester(): Promise<Person> {
  const student = await person(h, 'student');
  const classId = h.classes.addClass(randomUUID());
  h.classes.semesters.set(classId, { firstDay: first, lastDay: last, state: 'BY', breaks: [], holidays: [] });
  h.classes.join(student.userId, classId);
  return student;
}

const weekly = (uid: string, summary: string, start: string, end: string, more: string[] = []): IcsEvent => ({
  uid,
  summary,
  lines: [start, end, 'RRULE:FREQ=WEEKLY', ...more],
});
const berlin = (date: string, clock: string) => `;TZID=Europe/Berlin:${icsTime(date, clock)}`;
/** Thursdays or Fridays of the given weeks (0-7) at 09:00 Berlin. */
const exdates = (day: number, idx: number[]) => `EXDATE;TZID=Europe/Berlin:${idx.map((i) => icsTime(addDays(weeks[i]!, day), '09:00')).join(',')}`;

const WEEK_TEXT = ics(
  [
    weekly('mon', 'Vorlesung Harmonielehre', `DTSTART${berlin(first, '10:00')}`, `DTEND${berlin(first, '12:00')}`),
    // A whole day every Wednesday: not a time of the week.
    weekly(
      'wed-all-day',
      'Blocktag',
      `DTSTART;VALUE=DATE:${addDays(first, 2).replaceAll('-', '')}`,
      `DTEND;VALUE=DATE:${addDays(first, 3).replaceAll('-', '')}`,
    ),
    // 13:00 UTC is 14:00 in Berlin in winter.
    weekly('tue-utc', 'Orchester', `DTSTART:${icsTime(addDays(first, 1), '13:00')}Z`, `DTEND:${icsTime(addDays(first, 1), '14:00')}Z`),
    // 08:00 in New York is 14:00 in Berlin in winter.
    weekly(
      'wed-ny',
      'Videocall',
      `DTSTART;TZID=America/New_York:${icsTime(addDays(first, 2), '08:00')}`,
      `DTEND;TZID=America/New_York:${icsTime(addDays(first, 2), '09:00')}`,
    ),
    // Cancelled in half of the weeks: not busy; in three of eight: busy.
    weekly('thu', 'Chorprobe', `DTSTART${berlin(addDays(first, 3), '09:00')}`, `DTEND${berlin(addDays(first, 3), '10:00')}`, [exdates(3, [0, 2, 4, 6])]),
    weekly('fri', 'Gehörbildung', `DTSTART${berlin(addDays(first, 4), '09:00')}`, `DTEND${berlin(addDays(first, 4), '10:00')}`, [exdates(4, [1, 3, 5])]),
    // Six Saturdays by RDATE (the first one and five more).
    {
      uid: 'sat-rdate',
      summary: 'Nebenjob',
      lines: [
        `DTSTART${berlin(addDays(first, 5), '10:00')}`,
        `DTEND${berlin(addDays(first, 5), '11:00')}`,
        `RDATE;TZID=Europe/Berlin:${[1, 2, 3, 4, 5].map((i) => icsTime(addDays(weeks[i]!, 5), '10:00')).join(',')}`,
      ],
    },
    weekly('sat-free', 'Nur vorgemerkt', `DTSTART${berlin(addDays(first, 5), '15:00')}`, `DTEND${berlin(addDays(first, 5), '16:00')}`, ['TRANSP:TRANSPARENT']),
    // A zone only the file defines (Outlook's Windows names).
    weekly(
      'sun-outlook',
      'Gottesdienst',
      `DTSTART;TZID="W. Europe Standard Time":${icsTime(addDays(first, 6), '18:00')}`,
      `DTEND;TZID="W. Europe Standard Time":${icsTime(addDays(first, 6), '19:00')}`,
    ),
  ],
  W_EUROPE_VTIMEZONE,
);

describe('POST /api/me/calendar-import with a file', () => {
  it('answers the busy quarter hours of a typical week of the semester in Berlin time, all-day and free events left out', async () => {
    const student = await studentWithSemester();
    const res = await upload(student, WEEK_TEXT);
    expect(res.status).toBe(200);
    expect(res.body.busy).toEqual({
      '0': span(40, 48),
      '1': span(56, 60),
      '2': span(56, 60),
      '3': [],
      '4': span(36, 40),
      '5': span(40, 44),
      '6': span(72, 76),
    });
    expect(res.body).toMatchObject({ from: first, to: last });
    expect(res.body.events).toEqual([
      { day: 0, start: '10.00', end: '12.00', summary: 'Vorlesung Harmonielehre' },
      { day: 1, start: '14.00', end: '15.00', summary: 'Orchester' },
      { day: 2, start: '14.00', end: '15.00', summary: 'Videocall' },
      { day: 4, start: '9.00', end: '10.00', summary: 'Gehörbildung' },
      { day: 5, start: '10.00', end: '11.00', summary: 'Nebenjob' },
      { day: 6, start: '18.00', end: '19.00', summary: 'Gottesdienst' },
    ]);
  });

  it('a weekly event cancelled by EXDATE in half of the weeks or more is not busy', async () => {
    const student = await studentWithSemester();
    const event = (uid: string, idx: number[]) =>
      weekly(uid, 'Probe', `DTSTART${berlin(addDays(first, 3), '09:00')}`, `DTEND${berlin(addDays(first, 3), '10:00')}`, [exdates(3, idx)]);
    expect((await upload(student, ics([event('half', [1, 3, 5, 7])]))).body.busy).toMatchObject({ '3': [] });
    expect((await upload(student, ics([event('more', [0, 1, 2, 3, 4])]))).body.busy).toMatchObject({ '3': [] });
    expect((await upload(student, ics([event('fewer', [0, 1, 2])]))).body.busy).toMatchObject({ '3': span(36, 40) });
  });

  it('saves nothing: the student’s times stay as they were', async () => {
    const student = await studentWithSemester();
    expect((await upload(student, WEEK_TEXT)).status).toBe(200);
    expect(await h.rows('SELECT user_id FROM user_times WHERE user_id = $1', [student.userId])).toEqual([]);
  });

  it('without a semester counts the next 8 weeks from today', async () => {
    const student = await person(h, 'student');
    const res = await upload(student, ics([]));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ from: berlinToday(), to: addDays(berlinToday(), 55), events: [] });
  });

  it('a teacher gets the same for the own class’s semester, and 404 for another teacher’s class', async () => {
    const teacher = await person(h, 'teacher');
    const classId = h.classes.addClass(teacher.userId);
    h.classes.semesters.set(classId, { firstDay: first, lastDay: last, state: 'BY', breaks: [], holidays: [] });
    const res = await upload(teacher, WEEK_TEXT, `?class_id=${classId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ from: first, to: last, busy: { '0': span(40, 48) } });
    const other = h.classes.addClass(randomUUID());
    expect((await upload(teacher, WEEK_TEXT, `?class_id=${other}`)).status).toBe(403);
  });

  it('refuses what is not a calendar, a file over 2 MB and a call without session, with German details', async () => {
    const student = await person(h, 'student');
    expect(await upload(student, 'Vorname;Nachname\nAnna;Muster\n')).toEqual({
      status: 400,
      body: { detail: 'Das ist kein Kalender im iCalendar-Format (.ics).' },
    });
    const big = `${ics([])}${'X'.repeat(3 * 1024 * 1024)}`;
    expect(await upload(student, big)).toEqual({ status: 413, body: { detail: 'Die Datei ist zu groß (maximal 2 MB)' } });
    expect((await upload(undefined, WEEK_TEXT)).status).toBe(401);
    const none = await fetch(`${h.base}/api/me/calendar-import`, {
      method: 'POST',
      headers: { cookie: student.cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await none.json()).toEqual({ detail: 'Bitte wähle eine Kalenderdatei (.ics) oder gib einen Link zu deinem Kalender an.' });
  });

  const NO_INPUT = 'Bitte wähle eine Kalenderdatei (.ics) oder gib einen Link zu deinem Kalender an.';
  const form = (fields: [string, string][]) => {
    const f = new FormData();
    for (const [k, v] of fields) f.append(k, v);
    return f;
  };

  it.each([
    ['a JSON url that is a number', JSON.stringify({ url: 42 }), NO_INPUT],
    ['a JSON url that is a list', JSON.stringify({ url: ['https://example.org/a.ics'] }), NO_INPUT],
    ['a JSON body that is a list', JSON.stringify([{ url: 'https://example.org/a.ics' }]), NO_INPUT],
    ['a blank url', JSON.stringify({ url: '   ' }), NO_INPUT],
    ['a url over 2048 characters', JSON.stringify({ url: `https://example.org/${'a'.repeat(3000)}.ics` }), CALENDAR_BAD_URL],
    ['a control character in the url', JSON.stringify({ url: 'https://example.org/\u0001.ics' }), 'Ungültige Zeichen in der Anfrage.'],
  ])('refuses %s with 400 and its German detail', async (_what, body, detail) => {
    const student = await person(h, 'student');
    const res = await fetch(`${h.base}/api/me/calendar-import`, {
      method: 'POST',
      headers: { cookie: student.cookie, 'content-type': 'application/json' },
      body,
    });
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 400, body: { detail } });
  });

  it.each([
    ['a text field in place of the file', form([['file', 'BEGIN:VCALENDAR']]), '', NO_INPUT],
    [
      'a repeated url field',
      form([
        ['url', 'https://example.org/a.ics'],
        ['url', 'https://example.org/b.ics'],
      ]),
      '',
      NO_INPUT,
    ],
    ['a repeated class', form([['url', 'https://example.org/a.ics']]), '?class_id=a&class_id=b', 'Ungültige Anfrage'],
  ])('refuses a form with %s with 400 and its German detail', async (_what, body, query, detail) => {
    const teacher = await person(h, 'teacher');
    const res = await fetch(`${h.base}/api/me/calendar-import${query}`, { method: 'POST', headers: { cookie: teacher.cookie }, body });
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 400, body: { detail } });
  });

  it.each([
    ['broken JSON', 'application/json', '{kein json'],
    ['null', 'application/json', 'null'],
    ['a url that is no string', 'application/json', JSON.stringify({ url: { href: 'https://example.org' }, class_id: [] })],
    ['a broken form', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.ics"\r\n\r\nBEGIN'],
  ])('answers %s with a 400 German detail, never a 5xx', async (_name, type, body) => {
    const student = await person(h, 'student');
    const res = await fetch(`${h.base}/api/me/calendar-import?class_id[]=x`, {
      method: 'POST',
      headers: { cookie: student.cookie, 'content-type': type },
      body,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/^[A-ZÄÖÜ]/);
  });
});
