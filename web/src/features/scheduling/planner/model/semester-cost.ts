// What the semester costs (docs/product/planning.md "PDF and sending"): per student the number of lessons of the
// plan being sent and the dates that fall out, with their reasons. The dating itself is the server's
// (packages/timegrid semester-dates, which the browser bundle takes without the holiday library: the holidays
// come from the GET semester answer).
import { lessonOccurrences, type LessonOccurrence, type LessonWeek, type PublicHoliday, type SemesterBreak } from '@stundenplan/timegrid';

/** A lesson of the plan: day 0 = Monday, quarter-hour slots, end exclusive; `week` for a biweekly lesson. */
export interface CostLesson {
  memberId: string;
  name: string;
  day: number;
  start: number;
  end: number;
  week?: LessonWeek | null;
}

export interface CostSemester {
  first_day: string;
  last_day: string;
  breaks: readonly SemesterBreak[];
  holidays: readonly PublicHoliday[];
}

export interface StudentCost {
  memberId: string;
  name: string;
  week: LessonWeek | null;
  /** Lessons that take place. */
  lessons: number;
  /** Dates that fall out. */
  lost: number;
  /** 'Es entfallen 2 Termine: 06.01. Heilige Drei Könige, 03.03.–07.03. Prüfungswoche', or 'Es entfällt kein Termin.' */
  lostText: string;
}

export const SEMESTER_COST_TEXTS = {
  title: (from: string, to: string) => `Termine im Semester ${from}–${to}`,
  lessons: (n: number) => (n === 1 ? '1 Termin' : `${n} Termine`),
  week: (week: LessonWeek) => `14-täglich, ${week}-Woche`,
  noneLost: 'Es entfällt kein Termin.',
  lost: (n: number, list: string) => (n === 1 ? `Es entfällt 1 Termin: ${list}` : `Es entfallen ${n} Termine: ${list}`),
  noLessons: 'Im Plan ist noch keine Stunde eingetragen.',
  calendar: 'Die Termine im Kalender der Studierenden folgen dem Semester.',
} as const;

/** `YYYY-MM-DD` -> `dd.mm.` */
export const dayMonth = (iso: string): string => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.`;

/**
 * The lost dates of one student as text: a holiday as its date and name, a break once as its days
 * ('dd.mm.–dd.mm.', one day 'dd.mm.') and label, however many lessons it takes; in date order.
 */
export function lostDatesText(occurrences: readonly LessonOccurrence[], breaks: readonly SemesterBreak[]): string {
  const lost = occurrences.filter((o) => o.status !== 'planned');
  if (lost.length === 0) return SEMESTER_COST_TEXTS.noneLost;
  // Each part with the day it names first: a break is listed by its first day, which may come before a holiday
  // that falls out ahead of the break's first lost lesson (Christmas inside the winter break).
  const parts: { day: string; text: string }[] = [];
  const seenBreaks = new Set<SemesterBreak>();
  for (const o of lost) {
    const period = o.status === 'holiday' ? undefined : breaks.find((b) => b.from <= o.date && o.date <= b.to);
    if (!period) parts.push({ day: o.date, text: `${dayMonth(o.date)} ${o.reason ?? ''}`.trim() });
    else if (!seenBreaks.has(period)) {
      seenBreaks.add(period);
      const days = period.from === period.to ? dayMonth(period.from) : `${dayMonth(period.from)}–${dayMonth(period.to)}`;
      parts.push({ day: period.from, text: `${days} ${period.label}` });
    }
  }
  parts.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  return SEMESTER_COST_TEXTS.lost(lost.length, parts.map((p) => p.text).join(', '));
}

/** Per student of the plan (in the plan's order of names): lessons that take place and the lost dates. */
export function semesterCost(plan: readonly CostLesson[], semester: CostSemester): StudentCost[] {
  const span = { firstDay: semester.first_day, lastDay: semester.last_day, breaks: semester.breaks, holidays: semester.holidays };
  const byMember = new Map<string, { name: string; week: LessonWeek | null; occurrences: LessonOccurrence[] }>();
  for (const lesson of plan) {
    const entry = byMember.get(lesson.memberId) ?? { name: lesson.name, week: lesson.week ?? null, occurrences: [] };
    entry.occurrences.push(...lessonOccurrences({ day: lesson.day, start: lesson.start, end: lesson.end, week: lesson.week ?? null }, span));
    byMember.set(lesson.memberId, entry);
  }
  return [...byMember.entries()]
    .map(([memberId, { name, week, occurrences }]) => {
      const lessons = occurrences.filter((o) => o.status === 'planned').length;
      return { memberId, name, week, lessons, lost: occurrences.length - lessons, lostText: lostDatesText(occurrences, semester.breaks) };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'de'));
}
