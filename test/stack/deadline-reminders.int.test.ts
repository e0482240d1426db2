import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Client, linkFrom, mails, signUp, startTestStack, uniqueEmail, waitForMail, minimalPdf } from './helpers.js';

/** Deadlines and reminders across the services: deadline (classes -> availability over gRPC, auth profile), answered count, reminders (outbox -> notification -> /dev/mail); the semester (classes -> notification over gRPC) and the dated lessons. */
let stack: Awaited<ReturnType<typeof startTestStack>>;
let teacher: Client;
let student: Client;
let classId = '';
let shortcut = '';
const studentEmail = uniqueEmail('frist-student');
const openEmail = uniqueEmail('frist-offen');

beforeAll(async () => {
  // Own ports: others run the stack suites on theirs.
  stack = await startTestStack(inject('databaseUrl'), { port: 23780, portOffset: 15700 });
  teacher = await signUp(stack.base, { name: 'Clara Schumann', email: uniqueEmail('frist-lehrerin'), role: 'teacher' });
  student = await signUp(stack.base, { name: 'Johannes Brahms', email: studentEmail, role: 'student' });
  const created = await teacher.post<{ class_id: string; register_shortcut: string }>('/api/classes', {
    name: 'Frist Klavier',
    description: null,
    is_group: false,
    register_shortcut: '',
  });
  classId = created.body.class_id;
  shortcut = created.body.register_shortcut;
  expect((await student.post('/api/students/join-class', { register_shortcut: shortcut, duration: 45 })).status).toBe(200);
  expect((await teacher.post(`/api/classes/${classId}/members/new`, { students: [{ name: 'Olga Offen', duration: 30, email: openEmail }] })).status).toBe(201);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('deadline and reminders through the gateway', () => {
  it('the teacher sets a deadline; the student sees it in the profile and still saves on time', async () => {
    const set = await teacher.put(`/api/classes/${classId}/deadline`, { deadline: '2999-12-24', allow_late_changes: false });
    expect(set.status).toBe(200);
    expect((await student.put(`/api/classes/${classId}/deadline`, { deadline: null })).status).toBe(403);
    expect(set.body).toMatchObject({ deadline: '2999-12-24', allow_late_changes: false, auto_reminders: true });
    const off = await teacher.put<{ auto_reminders: boolean }>(`/api/classes/${classId}/deadline`, {
      deadline: '2999-12-24',
      allow_late_changes: false,
      auto_reminders: false,
    });
    expect(off.body.auto_reminders).toBe(false);
    expect((await teacher.get<{ auto_reminders: boolean }>(`/api/classes/${classId}/deadline`)).body.auto_reminders).toBe(false);
    const profile = await student.get<{ classes: { class_id: string; deadline: string | null; allow_late_changes: boolean }[] }>('/api/profile');
    expect(profile.body.classes.find((c) => c.class_id === classId)).toMatchObject({ deadline: '2999-12-24', allow_late_changes: false });
    expect((await student.put('/api/me/available-times', { available_times: { '0': ['9.00'] } })).status).toBe(200);
  });

  it('counts who has answered in /me/classes', async () => {
    const list = await teacher.get<{ classes: { class_id: string; member_count: number; answered_count: number | null }[] }>('/api/me/classes');
    expect(list.body.classes.find((c) => c.class_id === classId)).toMatchObject({ member_count: 2, answered_count: 1 });
  });

  it('reminds only the member without times, with the registration link, once a day', async () => {
    const res = await teacher.post<{ recipient_count: number }>(`/api/classes/${classId}/remind`);
    expect(res.status).toBe(200);
    expect(res.body.recipient_count).toBe(1);
    const mail = await waitForMail(stack.base, openEmail, /Erinnerung/);
    expect(mail.text).toContain('Bitte trage deine Zeiten bis 24.12.2999 ein');
    expect(linkFrom(mail, '/register/')).toContain(`/register/${shortcut}&memberId=`);
    expect((await teacher.post<{ recipient_count: number }>(`/api/classes/${classId}/remind`)).body.recipient_count).toBe(0);
    expect((await mails(stack.base)).filter((m) => m.to.toLowerCase() === studentEmail.toLowerCase() && /Erinnerung/.test(m.subject))).toHaveLength(0);
    expect((await student.post(`/api/classes/${classId}/remind`)).status).toBe(403);
  });

  it('after a passed deadline the student cannot change own times (409) until the teacher allows late changes', async () => {
    expect((await teacher.put(`/api/classes/${classId}/deadline`, { deadline: '2001-01-31', allow_late_changes: false })).status).toBe(200);
    const refused = await student.put<{ detail: string }>('/api/me/available-times', { available_times: { '0': ['9.00', '9.15'] } });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(
      'Die Frist für „Frist Klavier“ ist am 31.01.2001 abgelaufen. Deine Zeiten kannst du nicht mehr ändern – bitte wende dich an deine Lehrkraft.',
    );
    expect((await teacher.put(`/api/classes/${classId}/deadline`, { deadline: '2001-01-31', allow_late_changes: true })).status).toBe(200);
    expect((await student.put('/api/me/available-times', { available_times: { '0': ['9.00', '9.15'] } })).status).toBe(200);
  });
});

describe('deadline and reminders: calendars and dated lessons', () => {
  it('mails the own lesson as .ics with the schedule, serves it at /api/me/calendar.ics and through a private link', async () => {
    const members = (await teacher.get<{ members: { member_id: string; email: string | null }[] }>(`/api/classes/${classId}/members`)).body.members;
    const mine = members.find((m) => m.email?.toLowerCase() === studentEmail.toLowerCase())!;
    const available_times: Record<string, [string, string][]> = {
      '0': [
        ['9.00', mine.member_id],
        ['9.15', mine.member_id],
      ],
      '1': [],
      '2': [],
      '3': [],
      '4': [],
      '5': [],
      '6': [],
    };
    expect(
      (await teacher.post(`/api/classes/${classId}/schedules`, { name: 'Kalenderplan', description: null, available_times, class_id: classId })).status,
    ).toBeLessThan(300);
    const form = new FormData();
    form.append('pdf', new Blob([new Uint8Array(minimalPdf())], { type: 'application/pdf' }), 'stundenplan.pdf');
    form.append('class_id', classId);
    const sent = await teacher.post<{ recipient_count: number }>('/api/send-schedule-to-students', form);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const mail = await waitForMail(stack.base, studentEmail, /Dein Stundenplan/);
    expect(mail.attachments?.map((a) => a.filename)).toEqual(['stundenplan.pdf', 'unterricht.ics']);

    const own = await fetch(`${stack.base}/api/me/calendar.ics`, { headers: { Cookie: student.cookie } });
    expect(own.status).toBe(200);
    const events = parseCalendar(await own.text());
    expect(events).toHaveLength(1);
    expect(events[0]!.summary).toBe('Unterricht: Frist Klavier');
    expect(events[0]!.startDate.dayOfWeek()).toBe(ICAL.Time.MONDAY);
    expect(events[0]!.startDate.toString().slice(11)).toBe('09:00:00');
    expect((await fetch(`${stack.base}/api/me/calendar.ics`, { headers: { Cookie: teacher.cookie } })).status).toBe(403);

    const link = await student.post<{ url: string }>('/api/me/calendar-subscription');
    expect(link.status).toBe(201);
    const feed = await fetch(`${stack.base}${new URL(link.body.url).pathname}`);
    expect(feed.status).toBe(200);
    expect(parseCalendar(await feed.text())).toHaveLength(1);
    expect((await student.del('/api/me/calendar-subscription')).status).toBe(200);
    expect((await fetch(`${stack.base}${new URL(link.body.url).pathname}`)).status).toBe(404);
  });

  it('dates the sent plan over the semester: a Bavarian holiday and a break fall out of the lists and the calendar', async () => {
    const members = (await teacher.get<{ members: { member_id: string; email: string | null }[] }>(`/api/classes/${classId}/members`)).body.members;
    const mine = members.find((m) => m.email?.toLowerCase() === studentEmail.toLowerCase())!;
    const wednesday: [string, string][] = ['10.00', '10.15', '10.30'].map((t) => [t, mine.member_id]);
    const available_times = { '0': [], '1': [], '2': wednesday, '3': [], '4': [], '5': [], '6': [] };
    expect(
      (await teacher.post(`/api/classes/${classId}/schedules`, { name: 'Semesterplan', description: null, available_times, class_id: classId })).status,
    ).toBeLessThan(300);
    const form = new FormData();
    form.append('pdf', new Blob([new Uint8Array(minimalPdf())], { type: 'application/pdf' }), 'stundenplan.pdf');
    form.append('class_id', classId);
    form.append('schedule_name', 'Semesterplan');
    expect((await teacher.post('/api/send-schedule-to-students', form)).status).toBe(200);

    const semester = { first_day: '2027-01-04', last_day: '2027-01-15', state: 'BY', breaks: [] };
    const put = await teacher.put<{ holidays: unknown[] }>(`/api/classes/${classId}/semester`, semester);
    expect(put.status).toBe(200);
    expect(put.body.holidays).toEqual([{ date: '2027-01-06', name: 'Heilige Drei Könige' }]);
    const dates = async () =>
      (
        await teacher.get<{ lessons: { member_id: string; date: string; start: string; end: string; status: string; reason: string | null }[] }>(
          `/api/classes/${classId}/lessons`,
        )
      ).body.lessons
        .filter((l) => l.member_id === mine.member_id)
        .map((l) => [l.date, l.start, l.end, l.status, l.reason]);
    const planned = async () =>
      parseCalendar(await (await fetch(`${stack.base}/api/me/calendar.ics`, { headers: { Cookie: student.cookie } })).text()).flatMap((e) => {
        const it = e.iterator();
        const out: string[] = [];
        for (let next = it.next(); next; next = it.next()) out.push(next.toString());
        return out;
      });
    expect(await dates()).toEqual([
      ['2027-01-06', '10:00', '10:45', 'holiday', 'Heilige Drei Könige'],
      ['2027-01-13', '10:00', '10:45', 'planned', null],
    ]);
    expect(await planned()).toEqual(['2027-01-13T10:00:00']);
    const own = await student.get<{ lessons: { date: string; status: string }[] }>('/api/me/lessons');
    expect(own.body.lessons.map((l) => [l.date, l.status])).toEqual([
      ['2027-01-06', 'holiday'],
      ['2027-01-13', 'planned'],
    ]);

    expect((await teacher.put(`/api/classes/${classId}/semester`, { ...semester, state: 'BE' })).status).toBe(200);
    expect((await dates()).map((d) => d[3])).toEqual(['planned', 'planned']);
    expect(await planned()).toEqual(['2027-01-06T10:00:00', '2027-01-13T10:00:00']);

    const breaks = [{ from: '2027-01-11', to: '2027-01-15', label: 'Prüfungswoche' }];
    expect((await teacher.put(`/api/classes/${classId}/semester`, { ...semester, state: 'BE', breaks })).status).toBe(200);
    expect((await dates())[1]).toEqual(['2027-01-13', '10:00', '10:45', 'break', 'Prüfungswoche']);
    expect(await planned()).toEqual(['2027-01-06T10:00:00']);

    // Bad input changes nothing.
    const refused = await teacher.put<{ detail: string }>(`/api/classes/${classId}/semester`, { ...semester, state: 'XX' });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toContain('Bitte wähle ein Bundesland');
    expect((await dates())[1]![3]).toBe('break');
    expect((await student.get(`/api/classes/${classId}/lessons`)).status).toBe(403);
  });
});

function parseCalendar(ics: string): ICAL.Event[] {
  const comp = new ICAL.Component(ICAL.parse(ics));
  const tz = comp.getFirstSubcomponent('vtimezone');
  if (tz) ICAL.TimezoneService.register(new ICAL.Timezone(tz));
  return comp.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
}
