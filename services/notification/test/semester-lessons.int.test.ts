import { randomUUID } from 'node:crypto';
import { addDays, berlinToday } from '@stundenplan/timegrid';
import { describe, expect, it } from 'vitest';
import { classes, issuer, mailEventsTo, n, newClass, parse, send, setupCalendar, teacherCookie, plannedDates } from './calendar-fixture.js';

/**
 * The dated lessons of the plan last sent over the class's semester (GET /api/classes/{id}/lessons,
 * GET /api/me/lessons) and the student's calendar file and feed without its holidays and breaks.
 * The classes service is a gRPC stub answering ListSemesters with the holiday library's holidays, as classes does.
 */

setupCalendar();

const semester = { firstDay: '2027-01-04', lastDay: '2027-01-15', state: 'BY' as const, breaks: [] as { from: string; to: string; label: string }[] };

/** Anna (a registered student) on Wednesdays 10:00-10:45, Ben on Mondays 9:00-9:15; a semester in Bavaria. */
async function bavarianClass() {
  const anna = { memberId: randomUUID(), userId: randomUUID(), name: 'Anna Alt', email: `anna-${randomUUID().slice(0, 6)}@example.org` };
  const ben = { memberId: randomUUID(), userId: randomUUID(), name: 'Ben Bauer', email: `ben-${randomUUID().slice(0, 6)}@example.org` };
  const classId = newClass(
    {
      '0': [['9.00', ben.memberId]],
      '2': [
        ['10.00', anna.memberId],
        ['10.15', anna.memberId],
        ['10.30', anna.memberId],
      ],
    },
    [anna, ben],
  );
  classes.get(classId)!.semester = { ...semester };
  expect((await send(classId)).status).toBe(200);
  const annaCookie = await issuer.cookie({ userId: anna.userId, role: 'student', email: anna.email, name: anna.name });
  return { classId, anna, ben, annaCookie };
}

const get = async (path: string, cookie?: string) => {
  const res = await fetch(`${n.base}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  const text = await res.text();
  return { status: res.status, text, body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null };
};

describe('dated lessons over the semester', () => {
  it('Bavaria: 6 January is a holiday, 13 January planned; Berlin: both planned; a break makes 13 January a break', async () => {
    const { classId, anna, ben } = await bavarianClass();
    const lessons = async () => (await get(`/api/classes/${classId}/lessons`, teacherCookie)).body.lessons;
    const a = { member_id: anna.memberId, name: 'Anna Alt', start: '10:00', end: '10:45', week: null };
    const b = { member_id: ben.memberId, name: 'Ben Bauer', start: '09:00', end: '09:15', status: 'planned', reason: null, week: null };
    expect(await lessons()).toEqual([
      { ...b, date: '2027-01-04' },
      { ...a, date: '2027-01-06', status: 'holiday', reason: 'Heilige Drei Könige' },
      { ...b, date: '2027-01-11' },
      { ...a, date: '2027-01-13', status: 'planned', reason: null },
    ]);

    classes.get(classId)!.semester = { ...semester, state: 'BE' };
    expect((await lessons()).filter((l: { name: string }) => l.name === 'Anna Alt')).toEqual([
      { ...a, date: '2027-01-06', status: 'planned', reason: null },
      { ...a, date: '2027-01-13', status: 'planned', reason: null },
    ]);

    classes.get(classId)!.semester = { ...semester, state: 'BE', breaks: [{ from: '2027-01-11', to: '2027-01-15', label: 'Prüfungswoche' }] };
    expect(await lessons()).toEqual([
      { ...b, date: '2027-01-04' },
      { ...a, date: '2027-01-06', status: 'planned', reason: null },
      { ...b, date: '2027-01-11', status: 'break', reason: 'Prüfungswoche' },
      { ...a, date: '2027-01-13', status: 'break', reason: 'Prüfungswoche' },
    ]);
  });

  it('biweekly lessons sharing an hour alternate: A weeks are the odd weeks from the first day; the calendar every other week', async () => {
    const anna = {
      memberId: randomUUID(),
      userId: randomUUID(),
      name: 'Anna Alt',
      email: `anna-${randomUUID().slice(0, 6)}@example.org`,
      frequency: 'biweekly' as const,
    };
    const ben = {
      memberId: randomUUID(),
      userId: randomUUID(),
      name: 'Ben Bauer',
      email: `ben-${randomUUID().slice(0, 6)}@example.org`,
      frequency: 'biweekly' as const,
    };
    const hour = ['9.00', '9.15', '9.30', '9.45'];
    const classId = newClass(
      {
        '0': hour.flatMap((l): [string, string, 'A' | 'B'][] => [
          [l, ben.memberId, 'B'],
          [l, anna.memberId, 'A'],
        ]),
      },
      [anna, ben],
    );
    // From a Wednesday: that week is the first (A); its Monday lies before the semester.
    classes.get(classId)!.semester = { firstDay: '2027-01-06', lastDay: '2027-02-07', state: 'BE', breaks: [] };
    expect((await send(classId)).status).toBe(200);
    const lessons = (await get(`/api/classes/${classId}/lessons`, teacherCookie)).body.lessons as { name: string; date: string; week: string }[];
    expect(lessons.map((l) => [l.date, l.name, l.week])).toEqual([
      ['2027-01-11', 'Ben Bauer', 'B'],
      ['2027-01-18', 'Anna Alt', 'A'],
      ['2027-01-25', 'Ben Bauer', 'B'],
      ['2027-02-01', 'Anna Alt', 'A'],
    ]);
    const annaCookie = await issuer.cookie({ userId: anna.userId, role: 'student', email: anna.email, name: anna.name });
    const ics = (await get('/api/me/calendar.ics', annaCookie)).text;
    expect(ics).toContain('INTERVAL=2');
    expect(plannedDates(ics)).toEqual(['2027-01-18T09:00:00', '2027-02-01T09:00:00']);
  });

  it('a lesson sent without a week follows its member switched to biweekly: A weeks; switched back, every week', async () => {
    const anna = { memberId: randomUUID(), userId: randomUUID(), name: 'Anna Alt', email: `anna-${randomUUID().slice(0, 6)}@example.org` };
    // Mondays 9:00-9:30, sent while Anna was weekly; a four-week semester from Monday 4 January (Berlin, no holidays).
    const classId = newClass(
      {
        '0': [
          ['9.00', anna.memberId],
          ['9.15', anna.memberId],
        ],
      },
      [anna],
    );
    classes.get(classId)!.semester = { firstDay: '2027-01-04', lastDay: '2027-01-31', state: 'BE', breaks: [] };
    expect((await send(classId)).status).toBe(200);
    const annaCookie = await issuer.cookie({ userId: anna.userId, role: 'student', email: anna.email, name: anna.name });
    const teacherList = async () =>
      ((await get(`/api/classes/${classId}/lessons`, teacherCookie)).body.lessons as { date: string; week: string | null }[]).map((l) => [l.date, l.week]);
    const ownList = async () =>
      ((await get('/api/me/lessons', annaCookie)).body.lessons as { class_id: string; date: string; week: string | null }[])
        .filter((l) => l.class_id === classId)
        .map((l) => [l.date, l.week]);
    const calendar = async () => plannedDates((await get('/api/me/calendar.ics', annaCookie)).text);
    expect(await teacherList()).toEqual([
      ['2027-01-04', null],
      ['2027-01-11', null],
      ['2027-01-18', null],
      ['2027-01-25', null],
    ]);

    classes.get(classId)!.members[0]!.frequency = 'biweekly';
    const aWeeks = [
      ['2027-01-04', 'A'],
      ['2027-01-18', 'A'],
    ];
    expect(await teacherList()).toEqual(aWeeks);
    expect(await ownList()).toEqual(aWeeks);
    expect(await calendar()).toEqual(['2027-01-04T09:00:00', '2027-01-18T09:00:00']);
    // Sent again while biweekly: the mailed file is every other week as well.
    expect((await send(classId)).status).toBe(200);
    const mails = await mailEventsTo(anna.email);
    const attached = mails.at(-1)!.attachments.find((x) => x.filename === 'unterricht.ics')!;
    expect(plannedDates(Buffer.from(attached.contentBase64!, 'base64').toString('utf8'))).toEqual(['2027-01-04T09:00:00', '2027-01-18T09:00:00']);
    expect(await teacherList()).toEqual(aWeeks);

    classes.get(classId)!.members[0]!.frequency = 'weekly';
    expect(await teacherList()).toEqual([
      ['2027-01-04', null],
      ['2027-01-11', null],
      ['2027-01-18', null],
      ['2027-01-25', null],
    ]);
    expect(await calendar()).toHaveLength(4);
  });
});

describe('dated lessons: what students see', () => {
  it("the student's own list holds only their lessons, in all their classes", async () => {
    const { classId, anna, annaCookie } = await bavarianClass();
    // Anna in a second class without a semester: its sent weekly series, every date planned.
    const other = { ...anna, memberId: randomUUID() };
    const second = newClass({ '4': [['12.00', other.memberId]] }, [other]);
    classes.get(second)!.name = 'Kammermusik';
    expect((await send(second, addDays(berlinToday(), 20))).status).toBe(200);

    const res = await get('/api/me/lessons', annaCookie);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('Ben Bauer');
    const own = res.body.lessons as { class_id: string; member_id: string; date: string; status: string; class_name: string }[];
    expect(own.filter((l) => l.class_id === classId)).toEqual([
      expect.objectContaining({ member_id: anna.memberId, date: '2027-01-06', status: 'holiday', class_name: 'Klavier Hauptfach' }),
      expect.objectContaining({ member_id: anna.memberId, date: '2027-01-13', status: 'planned' }),
    ]);
    const chamber = own.filter((l) => l.class_id === second);
    expect(chamber.length).toBe(3); // three Fridays in the 21 days from today
    expect(chamber.every((l) => l.member_id === other.memberId && l.status === 'planned' && l.class_name === 'Kammermusik')).toBe(true);
  });

  it("the student's calendar file, the feed and the mailed file leave out holidays and breaks; the feed follows the semester", async () => {
    const { classId, anna, annaCookie } = await bavarianClass();
    const file = await get('/api/me/calendar.ics', annaCookie);
    expect(file.status).toBe(200);
    expect(plannedDates(file.text)).toEqual(['2027-01-13T10:00:00']);
    const [mail] = await mailEventsTo(anna.email);
    const attached = mail!.attachments.find((x) => x.filename === 'unterricht.ics')!;
    expect(plannedDates(Buffer.from(attached.contentBase64!, 'base64').toString('utf8'))).toEqual(['2027-01-13T10:00:00']);

    const made = await fetch(`${n.base}/api/me/calendar-subscription`, { method: 'POST', headers: { Cookie: annaCookie } });
    const feed = new URL(((await made.json()) as { url: string }).url).pathname;
    expect(plannedDates((await get(feed)).text)).toEqual(['2027-01-13T10:00:00']);

    classes.get(classId)!.semester = { ...semester, state: 'BE' };
    expect(plannedDates((await get(feed)).text)).toEqual(['2027-01-06T10:00:00', '2027-01-13T10:00:00']);
    classes.get(classId)!.semester = { ...semester, state: 'BE', breaks: [{ from: '2027-01-11', to: '2027-01-15', label: 'Prüfungswoche' }] };
    expect(plannedDates((await get(feed)).text)).toEqual(['2027-01-06T10:00:00']);
    // Every date falls out: no event at all.
    classes.get(classId)!.semester = { ...semester, breaks: [{ from: '2027-01-04', to: '2027-01-15', label: 'Ferien' }] };
    expect(parse((await get('/api/me/calendar.ics', annaCookie)).text).getAllSubcomponents('vevent')).toHaveLength(0);
    // The semester removed: the weekly series as sent (from the sending day on).
    delete classes.get(classId)!.semester;
    const series = plannedDates((await get(feed)).text);
    expect(series[0]! >= berlinToday()).toBe(true);
    expect(series).toHaveLength(15);
  });

  it('refuses another teacher (404), a student (403) and visitors (401); students only have their own list', async () => {
    const { classId, annaCookie } = await bavarianClass();
    const otherTeacher = await issuer.cookie({ userId: randomUUID(), role: 'teacher', email: 'fremd@hmtm.de', name: 'Fremd' });
    for (const [path, cookie] of [
      [`/api/classes/${classId}/lessons`, otherTeacher],
      [`/api/classes/${randomUUID()}/lessons`, teacherCookie],
      ['/api/classes/not-a-uuid/lessons', teacherCookie],
    ] as const) {
      const res = await get(path, cookie);
      expect(res.status, path).toBe(404);
      expect(res.body.detail).toBe('Klasse/Kurs nicht gefunden');
    }
    const student = await get(`/api/classes/${classId}/lessons`, annaCookie);
    expect(student.status).toBe(403);
    expect(student.body.detail).toBe('Du hast keine Berechtigung für diese Aktion');
    expect((await get(`/api/classes/${classId}/lessons`)).status).toBe(401);
    expect((await get('/api/me/lessons', teacherCookie)).status).toBe(403);
    expect((await get('/api/me/lessons')).status).toBe(401);
    // A student without sent lessons has an empty list.
    const nobody = await issuer.cookie({ userId: randomUUID(), role: 'student', email: 'niemand@example.org', name: 'Niemand' });
    expect((await get('/api/me/lessons', nobody)).body).toEqual({ lessons: [] });
  });
});
