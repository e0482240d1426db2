import { expect } from 'vitest';
import { slotOf, type StubClass, type Times } from './helpers.js';

const DAYS = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'];
const clock = (slot: number) => `${String(Math.floor(slot / 4)).padStart(2, '0')}:${String((slot % 4) * 15).padStart(2, '0')}`;

export interface Placement {
  member_id: string;
  name: string;
  day: number;
  day_name: string;
  start: string;
  end: string;
  start_time: string;
  end_time: string;
  set_time_from_to: [number, number];
  duration: number;
  pinned: boolean;
}

function has(times: Times, day: number, slot: number): boolean {
  return (times[String(day)] ?? []).some((l) => slotOf(l) === slot);
}

/** The working form: 7 German day names x 96 "HH:MM" keys, '' = free. */
export function expectTimetableShape(timetable: Record<string, Record<string, string>>): void {
  expect(Object.keys(timetable)).toEqual(DAYS);
  for (const day of DAYS) {
    const keys = Object.keys(timetable[day] ?? {});
    expect(keys).toHaveLength(96);
    expect(keys[0]).toBe('00:00');
    expect(keys[36]).toBe('09:00');
    expect(keys[95]).toBe('23:45');
  }
}

/**
 * A plan the teacher can use: lessons of the member's duration, inside the teacher's times and
 * the chosen times of the student, no overlaps, timetable cells exactly the placements.
 */
export function expectValidPlan(
  answer: { timetable: Record<string, Record<string, string>>; placements: Placement[] },
  cls: StubClass,
  chosen: (memberId: string) => Times = (id) => cls.members.find((m) => m.memberId === id)!.times,
  opts: { ignoreStudentTimes?: Set<string> } = {},
): void {
  expectTimetableShape(answer.timetable);
  const used = new Map<string, string>();
  const seen = new Set<string>();
  for (const p of answer.placements) {
    const m = cls.members.find((x) => x.memberId === p.member_id);
    expect(m, `placement of unknown member ${p.member_id}`).toBeDefined();
    expect(seen.has(p.member_id), 'one lesson per student').toBe(false);
    seen.add(p.member_id);
    const [from, to] = p.set_time_from_to;
    expect(to - from).toBe(Math.max(1, Math.ceil(m!.duration / 15)));
    expect(slotOf(p.start)).toBe(from);
    expect(p.day_name).toBe(DAYS[p.day]);
    expect(p.name).toBe(m!.name);
    expect(p.start_time).toBe(clock(from));
    expect(p.end_time).toBe(clock(to));
    for (let s = from; s < to; s++) {
      expect(has(cls.teacherTimes, p.day, s), `${m!.name} outside teacher times at ${DAYS[p.day]} ${clock(s)}`).toBe(true);
      if (!opts.ignoreStudentTimes?.has(p.member_id))
        expect(has(chosen(p.member_id), p.day, s), `${m!.name} outside own times at ${DAYS[p.day]} ${clock(s)}`).toBe(true);
      const key = `${p.day}:${s}`;
      expect(used.has(key), `overlap at ${DAYS[p.day]} ${clock(s)}`).toBe(false);
      used.set(key, p.member_id);
    }
  }
  for (let d = 0; d < 7; d++) {
    for (let s = 0; s < 96; s++) expect(answer.timetable[DAYS[d]!]?.[clock(s)]).toBe(used.get(`${d}:${s}`) ?? '');
  }
}
