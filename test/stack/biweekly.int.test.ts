import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Client, createClass, signUp, startTestStack, uniqueEmail } from './helpers.js';

/**
 * 14-day lessons through the gateway (docs/product/planning.md "14-day lessons"): two biweekly students who are
 * both only free Monday 9:00-10:00 for a 60-minute lesson, and a teacher free only then, are both placed, one in
 * week A and one in week B; saved, exported, sent and dated over a semester their lessons alternate.
 */

interface Placement {
  member_id: string;
  day: number;
  start: string;
  end: string;
  week: 'A' | 'B' | null;
}
const HOUR = ['9.00', '9.15', '9.30', '9.45'];

describe('biweekly lessons from the member table to the calendar', () => {
  let stack: Awaited<ReturnType<typeof startTestStack>>;
  let teacher: Client;
  const students: Record<string, Client> = {};
  let classId = '';
  const memberOf: Record<string, string> = {};

  beforeAll(async () => {
    // Own ports: others run the stack suites on theirs.
    stack = await startTestStack(inject('databaseUrl'), { port: 21680, portOffset: 13600 });
    teacher = await signUp(stack.base, { name: 'Clara Schumann', email: uniqueEmail('vierzehn-lehrerin'), role: 'teacher' });
    const cls = await createClass(teacher, 'Klavier 14-täglich');
    classId = cls.class_id;
    expect((await teacher.put(`/api/classes/${classId}/available-times`, { available_times: { '0': HOUR } })).status).toBe(200);
    for (const name of ['Anna Alt', 'Ben Bauer']) {
      const s = await signUp(stack.base, { name, email: uniqueEmail(name.split(' ')[0]!.toLowerCase()), role: 'student' });
      expect((await s.post('/api/students/join-class', { register_shortcut: cls.register_shortcut, duration: 60 })).status).toBe(200);
      expect((await s.put('/api/me/available-times', { available_times: { '0': HOUR } })).status).toBe(200);
      students[name] = s;
    }
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('the teacher makes both members biweekly; the member list answers it; anything else is refused in German', async () => {
    const members = (await teacher.get<{ members: { member_id: string; name: string; frequency: string }[] }>(`/api/classes/${classId}/members`)).body.members;
    expect(members.map((m) => m.frequency)).toEqual(['weekly', 'weekly']);
    for (const m of members) {
      memberOf[m.name] = m.member_id;
      const res = await teacher.put<{ frequency: string }>(`/api/classes/${classId}/members/${m.member_id}/update`, { frequency: 'biweekly' });
      expect(res.status).toBe(200);
      expect(res.body.frequency).toBe('biweekly');
    }
    const refused = await teacher.put<{ detail: string }>(`/api/classes/${classId}/members/${members[0]!.member_id}/update`, { frequency: 'monatlich' });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('Der Rhythmus muss „weekly“ (jede Woche) oder „biweekly“ (alle 14 Tage) sein');
    const again = (await teacher.get<{ members: { frequency: string }[] }>(`/api/classes/${classId}/members`)).body.members;
    expect(again.map((m) => m.frequency)).toEqual(['biweekly', 'biweekly']);
  });

  it('plans both in the one hour, A and B; saved, exported, sent and dated they alternate over the semester', async () => {
    const calc = await teacher.post<{ placements: Placement[]; summary: { placed: number; proven: boolean } }>('/api/cp-sat-berechnung-from-db', {
      wiggleRoom: 0,
      selectedClass: classId,
      timePreferences: {},
    });
    expect(calc.status, JSON.stringify(calc.body)).toBe(200);
    expect(calc.body.summary).toMatchObject({ placed: 2, proven: true });
    const placements = calc.body.placements;
    expect(placements.map((p) => [p.day, p.start, p.end])).toEqual([
      [0, '9.00', '10.00'],
      [0, '9.00', '10.00'],
    ]);
    expect(placements.map((p) => p.week).sort()).toEqual(['A', 'B']);
    const weekOf = Object.fromEntries(placements.map((p) => [p.member_id, p.week]));

    // Saved with the week of each quarter hour, and loaded back the same.
    const available_times = { '0': placements.flatMap((p) => HOUR.map((l) => [l, p.member_id, p.week])), '1': [], '2': [], '3': [], '4': [], '5': [], '6': [] };
    const saved = await teacher.post<{ id: string }>(`/api/classes/${classId}/schedules`, { name: 'Zwei Wochen', available_times });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const loaded = await teacher.get<{ available_times: Record<string, [string, string, string?][]> }>(`/api/schedules/${saved.body.id}`);
    expect(loaded.body.available_times['0']!.filter(([l]) => l === '9.00').map(([, id, w]) => [id, w])).toEqual(
      ['A', 'B'].map((w) => [placements.find((p) => p.week === w)!.member_id, w]),
    );

    // The PDF the teacher sends says which week.
    const pdf = await teacher.post<Buffer>('/api/export-pdf-alternative', {
      schedule: available_times,
      timeRange: { start: 32, end: 48 },
      studentsList: Object.entries(memberOf).map(([name, member_id]) => ({ member_id, name, fullName: name, duration: 60 })),
      className: 'Klavier 14-täglich',
    });
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.body);
    for (const [name, id] of Object.entries(memberOf)) expect(text).toContain(`${name} (${weekOf[id]}) Mo 09:00–10:00`);

    const form = new FormData();
    form.append('pdf', new Blob([new Uint8Array(pdf.body)], { type: 'application/pdf' }), 'stundenplan.pdf');
    form.append('class_id', classId);
    form.append('schedule_name', 'Zwei Wochen');
    expect((await teacher.post('/api/send-schedule-to-students', form)).status).toBe(200);

    // A semester of four Mondays from Monday 4 January: A, B, A, B.
    const semester = { first_day: '2027-01-04', last_day: '2027-01-31', state: 'BE', breaks: [] };
    expect((await teacher.put(`/api/classes/${classId}/semester`, semester)).status).toBe(200);
    const lessons = (
      await teacher.get<{ lessons: { member_id: string; date: string; start: string; end: string; status: string; week: string | null }[] }>(
        `/api/classes/${classId}/lessons`,
      )
    ).body.lessons;
    const inWeek = (w: string) => placements.find((p) => p.week === w)!.member_id;
    expect(lessons.map((l) => [l.date, l.member_id, l.week, l.start, l.end, l.status])).toEqual([
      ['2027-01-04', inWeek('A'), 'A', '09:00', '10:00', 'planned'],
      ['2027-01-11', inWeek('B'), 'B', '09:00', '10:00', 'planned'],
      ['2027-01-18', inWeek('A'), 'A', '09:00', '10:00', 'planned'],
      ['2027-01-25', inWeek('B'), 'B', '09:00', '10:00', 'planned'],
    ]);

    // Each student's calendar holds every other Monday.
    for (const [name, client] of Object.entries(students)) {
      const ics = await (await fetch(`${stack.base}/api/me/calendar.ics`, { headers: { Cookie: client.cookie } })).text();
      const expected = weekOf[memberOf[name]!] === 'A' ? ['2027-01-04T09:00:00', '2027-01-18T09:00:00'] : ['2027-01-11T09:00:00', '2027-01-25T09:00:00'];
      expect(occurrences(ics), name).toEqual(expected);
    }
  });
});

function occurrences(ics: string): string[] {
  const comp = new ICAL.Component(ICAL.parse(ics));
  const tz = comp.getFirstSubcomponent('vtimezone');
  if (tz) ICAL.TimezoneService.register(new ICAL.Timezone(tz));
  return comp.getAllSubcomponents('vevent').flatMap((e) => {
    const it = new ICAL.Event(e).iterator();
    const out: string[] = [];
    for (let next = it.next(); next; next = it.next()) out.push(next.toString());
    return out;
  });
}

/** The PDF's text as pdftotext -layout reads it, runs of whitespace collapsed. */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sp-pdf-'));
  try {
    const file = path.join(dir, 'plan.pdf');
    writeFileSync(file, pdf);
    const r = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`pdftotext failed: ${r.stderr}`);
    return r.stdout.replace(/[ \t]+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
