import ICAL from 'ical.js';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { Client, createClass, minimalPdf, signUp, startTestStack, uniqueEmail } from './helpers.js';

/** Dates, times and calendar reading for the make-up tests: H is a fixed holiday, C the cancelled lesson one week before. */
export const DAY = 86_400_000;
export const addDays = (iso: string, d: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + d * DAY).toISOString().slice(0, 10);
export const weekday = (iso: string) => (new Date(`${iso}T12:00:00Z`).getUTCDay() + 6) % 7;
export const berlin = (d: Date) => {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Berlin',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return { date: `${p.year}-${p.month}-${p.day}`, minutes: Number(p.hour) * 60 + Number(p.minute) };
};
export const toMin = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
export const label = (m: number) => `${Math.floor(m / 60)}.${String(m % 60).padStart(2, '0')}`;
export const labels = (from: number, to: number) => Array.from({ length: (to - from) / 15 }, (_, i) => label(from + i * 15));
export const today = berlin(new Date()).date;
/** The next 3 October or 25 December at least 14 days ahead; C one week before. */
export const H = [0, 1]
  .flatMap((y) => [`${Number(today.slice(0, 4)) + y}-10-03`, `${Number(today.slice(0, 4)) + y}-12-25`])
  .find((d) => d >= addDays(today, 14))!;
export const C = addDays(H, -7);
export const WD = String(weekday(C));
export const MORNING = labels(9 * 60, 12 * 60);
export const SURNAME: Record<string, string> = { Anna: 'Alt', Ben: 'Bauer', Carla: 'Conrad', Dora: 'Dorn' };

export function occurrences(ics: string): string[] {
  const comp = new ICAL.Component(ICAL.parse(ics));
  const tz = comp.getFirstSubcomponent('vtimezone');
  if (tz) ICAL.TimezoneService.register(new ICAL.Timezone(tz));
  return comp
    .getAllSubcomponents('vevent')
    .flatMap((e) => {
      const it = new ICAL.Event(e).iterator();
      const out: string[] = [];
      for (let next = it.next(); next; next = it.next()) out.push(next.toString());
      return out;
    })
    .sort();
}

export interface Makeup {
  makeup_id: string;
  member_id: string;
  cancelled_date: string;
  status: string;
  booked: { date: string; start: string; end: string } | null;
  expires_on: string;
}
export interface Suggestion {
  date: string;
  start: string;
  end: string;
  idle_added_minutes: number;
}

/** The stack, the teachers, the classes and the students of the make-up tests, set up once per file. */
export let stack: Awaited<ReturnType<typeof startTestStack>>;
export let teacher: Client;
export let other: Client;
export const s: Record<string, Client> = {};
export const email: Record<string, string> = {};
export const member: Record<string, string> = {};
export let piano = '';
export let theory = '';
export let voice = '';
export let holidays: string[] = [];
export const breakDays = [addDays(C, 20), addDays(C, 21), addDays(C, 22)];

export async function join(name: string, shortcut: string, times: Record<string, string[]>) {
  email[name] = uniqueEmail(name.toLowerCase());
  const c = await signUp(stack.base, { name: `${name} ${SURNAME[name]}`, email: email[name], role: 'student' });
  expect((await c.post('/api/students/join-class', { register_shortcut: shortcut, duration: 45 })).status).toBe(200);
  expect((await c.put('/api/me/available-times', { available_times: times })).status).toBe(200);
  s[name] = c;
}

export async function planAndSend(classId: string, day: string, lessons: [string, number][]) {
  const members = (await teacher.get<{ members: { member_id: string; name: string }[] }>(`/api/classes/${classId}/members`)).body.members;
  for (const m of members) member[m.name.split(' ')[0]!] = m.member_id;
  const available_times: Record<string, [string, string][]> = {
    [day]: lessons.flatMap(([name, from]) => labels(from, from + 45).map((l) => [l, member[name]!] as [string, string])),
  };
  expect((await teacher.post(`/api/classes/${classId}/schedules`, { name: 'Semester', available_times })).status).toBe(201);
  const form = new FormData();
  form.append('pdf', new Blob([new Uint8Array(minimalPdf())], { type: 'application/pdf' }), 'stundenplan.pdf');
  form.append('class_id', classId);
  form.append('until', addDays(today, 120));
  const sent = await teacher.post('/api/send-schedule-to-students', form);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
}

/** Registers the set-up and clean-up hooks; call once at the top of the test file. */
export function useMakeupStack(): void {
  beforeAll(async () => {
    stack = await startTestStack(inject('databaseUrl'), { port: 18780, portOffset: 11000 });
    email.teacher = uniqueEmail('nachhol-lehrerin');
    teacher = await signUp(stack.base, { name: 'Clara Schumann', email: email.teacher, role: 'teacher' });
    other = await signUp(stack.base, { name: 'Fremde Lehrkraft', email: uniqueEmail('fremd'), role: 'teacher' });
    const p = await createClass(teacher, 'Klavier');
    const t = await createClass(teacher, 'Theorie');
    const v = await createClass(teacher, 'Gesang');
    [piano, theory, voice] = [p.class_id, t.class_id, v.class_id];
    for (const id of [piano, theory])
      expect((await teacher.put(`/api/classes/${id}/available-times`, { available_times: { [WD]: MORNING } })).status).toBe(200);
    await join('Anna', p.register_shortcut, { [WD]: MORNING });
    await join('Ben', p.register_shortcut, { [WD]: MORNING });
    await join('Carla', t.register_shortcut, { [WD]: MORNING });
    await join('Dora', v.register_shortcut, {});
    await planAndSend(piano, WD, [
      ['Anna', 9 * 60],
      ['Ben', 10 * 60 + 30],
    ]);
    await planAndSend(theory, WD, [['Carla', 11 * 60 + 15]]);
    const semester = {
      first_day: addDays(today, 1),
      last_day: addDays(C, 60),
      state: 'BE',
      breaks: [{ from: breakDays[0], to: breakDays[2], label: 'Prüfungswoche' }],
    };
    for (const id of [piano, theory]) {
      const res = await teacher.put<{ holidays: { date: string }[] }>(`/api/classes/${id}/semester`, semester);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      holidays = res.body.holidays.map((h) => h.date);
    }
    expect(holidays).toContain(H);
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
  });
}
