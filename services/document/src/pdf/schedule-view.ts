/**
 * What the PDF shows, computed from a validated export request (pure; the HTML is in
 * schedule-template.ts).
 *
 * Decisions:
 * - Columns: Montag..Freitag always (a week reads as a week, free weekdays stay visible);
 *   Samstag and Sonntag only when they hold a lesson. This keeps the columns wide enough for names.
 * - Rows: one per 15-minute slot of timeRange [start, end); full-hour label on the row at minute 00. When the
 *   planner sends the teacher's first time (`teacherStart`), the rows start at its full hour instead (a teacher who
 *   starts at 13:15 gets a PDF from 13:00, not from the planner's 08:00), never after the first lesson's full hour;
 *   the end stays.
 * - A lesson partly outside the range is cut at the range edge (its time text still shows the
 *   full lesson); a lesson completely outside appears only in the list, marked with "*".
 * - Grid blocks show the short planner name (`name`, else `fullName`); the list shows the full name
 *   (`fullName`, else `name`) and is sorted alphabetically (German collation) so students find
 *   themselves quickly; the grid already gives the chronological view.
 * - "Nicht eingeteilt": every student of studentsList without a lesson in the schedule (the
 *   schedule is the truth; is_set flags are not trusted).
 * - A member id that is not in studentsList is still drawn, named "Unbekannt" (a PDF that silently
 *   drops a placed lesson would be worse than an unnamed one).
 * - A biweekly lesson says its week after the name, "Anna (A)", in the grid and the list; in the grid it
 *   takes the left (A) or right (B) half of its day column, so two of them can share a slot side by side.
 * - A lesson with a room (a class of a school) prints it, "Raum 1.01, Hauptstelle", as a line of its tile when the
 *   tile has room for it (else only in the list) and on a second line of its list entry.
 * - With a semester, the header names it ("Semester: 04.01.2027 – 15.01.2027") and the list ends with the days
 *   without lessons: the public holidays of the class's state that fall on a weekday with a lesson of the plan
 *   (a holiday on a free weekday costs nothing) and every break with its label, in date order.
 */
import { DAY_NAMES, DAY_SHORT, dayName, dayShort, publicHolidays, slotToClock, weekdayOf } from '@stundenplan/timegrid';
import type { ExportRequest, ExportSemester, Lesson, LessonWeek, TimeRange } from './schedule-payload.js';
import { shownRange } from './teacher-start.js';

const UNKNOWN_STUDENT = 'Unbekannt';

export interface GridRow {
  slot: number;
  /** "09:00" on rows at minute 00, else undefined. */
  hourLabel: string | undefined;
  kind: 'hour' | 'half' | 'quarter';
}

export interface GridBlock {
  /** Index into ScheduleView.days. */
  column: number;
  /** First visible row (0 = timeRange.start). */
  row: number;
  rowSpan: number;
  name: string;
  /** "09:00–09:45" (the whole lesson, even when cut at the range edge). */
  timeText: string;
  colour: number;
  cutTop: boolean;
  cutBottom: boolean;
  /** 'A' or 'B': a biweekly lesson (drawn in its half of the column); absent: every week. */
  week?: LessonWeek;
  /** 'Raum 1.01, Hauptstelle'; absent: no room. */
  room?: string;
}

export interface ListEntry {
  name: string;
  dayShort: string;
  dayName: string;
  timeText: string;
  /** Entirely outside the visible time range. */
  outside: boolean;
  colour: number;
  /** 'Raum 1.01, Hauptstelle'; absent: no room. */
  room?: string;
}

/** The mark after the name of a biweekly lesson: " (A)". */
export const weekMark = (week: LessonWeek) => ` (${week})`;

/** The name with the week of a biweekly lesson: "Anna (A)". */
export const withWeek = (name: string, week: LessonWeek | undefined) => (week ? `${name}${weekMark(week)}` : name);

/** The note under the list when the plan has biweekly lessons. */
export const WEEK_NOTE = '(A) / (B): alle 14 Tage, in Woche A bzw. Woche B';

/** One entry of "Tage ohne Unterricht": a holiday or a break. */
export interface DayOff {
  /** "Mi 06.01.2027" or "11.01.–15.01.2027". */
  dateText: string;
  /** The holiday's name or the break's label. */
  reason: string;
  kind: 'holiday' | 'break';
}

/** The list heading of the days without lessons. */
export const DAYS_OFF_HEADING = 'Tage ohne Unterricht';

export interface ScheduleView {
  title: string;
  dateText: string;
  rangeText: string;
  timeRange: TimeRange;
  days: { index: number; name: string }[];
  rows: GridRow[];
  blocks: GridBlock[];
  entries: ListEntry[];
  unplaced: string[];
  /** Distinct members with at least one lesson. */
  placedCount: number;
  hasOutside: boolean;
  /** Some lesson is biweekly (the list then explains A and B). */
  hasWeeks: boolean;
  /** "Semester: 04.01.2027 – 15.01.2027"; absent without a semester. */
  semesterText?: string;
  /** Holidays on lesson weekdays and breaks of the semester, in date order; empty without a semester. */
  daysOff: DayOff[];
}

export interface ViewOptions {
  now?: Date;
  timeZone?: string;
}

const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true });

const lessonTime = (start: number, end: number) => `${slotToClock(start)}–${slotToClock(end)}`;

/** "Stand: 22.11.2026" in German format (Europe/Berlin by default). */
export function germanDate(now: Date, timeZone = 'Europe/Berlin'): string {
  return new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone }).format(now);
}

export function buildScheduleView(req: ExportRequest, opts: ViewOptions = {}): ScheduleView {
  const { lessons } = req;
  const timeRange = shownRange(req);
  const byId = new Map(req.students.map((s) => [s.memberId, s]));
  const shortName = (id: string) => {
    const s = byId.get(id);
    return s ? s.name || s.fullName || UNKNOWN_STUDENT : UNKNOWN_STUDENT;
  };
  const longName = (id: string) => {
    const s = byId.get(id);
    return s ? s.fullName || s.name || UNKNOWN_STUDENT : UNKNOWN_STUDENT;
  };

  // Colours follow the order of studentsList, then unknown ids in order of appearance.
  const colours = new Map<string, number>();
  for (const s of req.students) colours.set(s.memberId, colours.size);
  for (const l of lessons) if (!colours.has(l.memberId)) colours.set(l.memberId, colours.size);

  const usedDays = new Set(lessons.map((l) => l.day));
  const days = DAY_NAMES.map((name, index) => ({ index, name })).filter((d) => d.index < 5 || usedDays.has(d.index));
  const columnOf = new Map(days.map((d, i) => [d.index, i]));

  const rows: GridRow[] = [];
  for (let slot = timeRange.start; slot < timeRange.end; slot++) {
    const q = slot % 4;
    rows.push({ slot, hourLabel: q === 0 ? slotToClock(slot) : undefined, kind: q === 0 ? 'hour' : q === 2 ? 'half' : 'quarter' });
  }

  const visible = (l: Lesson) => l.end > timeRange.start && l.start < timeRange.end;
  const blocks: GridBlock[] = lessons.filter(visible).map((l) => {
    const from = Math.max(l.start, timeRange.start);
    const to = Math.min(l.end, timeRange.end);
    return {
      column: columnOf.get(l.day)!,
      row: from - timeRange.start,
      rowSpan: to - from,
      name: withWeek(shortName(l.memberId), l.week),
      timeText: lessonTime(l.start, l.end),
      colour: colours.get(l.memberId)!,
      cutTop: l.start < timeRange.start,
      cutBottom: l.end > timeRange.end,
      ...(l.week ? { week: l.week } : {}),
      ...(l.room ? { room: l.room } : {}),
    };
  });

  const entries: ListEntry[] = lessons
    .map((l) => ({
      name: withWeek(longName(l.memberId), l.week),
      dayShort: dayShort(l.day),
      dayName: dayName(l.day),
      timeText: lessonTime(l.start, l.end),
      outside: !visible(l),
      colour: colours.get(l.memberId)!,
      ...(l.room ? { room: l.room } : {}),
      sortKey: l.day * 1000 + l.start,
    }))
    .sort((a, b) => collator.compare(a.name, b.name) || a.sortKey - b.sortKey)
    .map(({ sortKey: _sortKey, ...e }) => e);

  const placed = new Set(lessons.map((l) => l.memberId));
  const unplaced = req.students
    .filter((s) => !placed.has(s.memberId))
    .map((s) => longName(s.memberId))
    .sort(collator.compare);

  return {
    title: scheduleTitle(req.scheduleName, req.className),
    dateText: `Stand: ${germanDate(opts.now ?? new Date(), opts.timeZone)}`,
    rangeText: `${lessonTime(timeRange.start, timeRange.end)} Uhr`,
    timeRange,
    days,
    rows,
    blocks,
    entries,
    unplaced,
    placedCount: placed.size,
    hasOutside: entries.some((e) => e.outside),
    hasWeeks: lessons.some((l) => l.week),
    ...(req.semester ? { semesterText: `Semester: ${germanDay(req.semester.firstDay)} – ${germanDay(req.semester.lastDay)}` } : {}),
    daysOff: req.semester ? daysOff(req.semester, usedDays) : [],
  };
}

/** `YYYY-MM-DD` -> `dd.mm.yyyy`. */
export const germanDay = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** "11.01.–15.01.2027" (one year), "28.12.2026–08.01.2027", or one day "Mi 06.01.2027". */
function periodText(from: string, to: string): string {
  if (from === to) return `${DAY_SHORT[weekdayOf(from)]} ${germanDay(from)}`;
  return from.slice(0, 4) === to.slice(0, 4) ? `${germanDay(from).slice(0, 6)}–${germanDay(to)}` : `${germanDay(from)}–${germanDay(to)}`;
}

/** The semester's days without lessons: holidays on weekdays that have a lesson, and every break. */
export function daysOff(semester: ExportSemester, lessonDays: ReadonlySet<number>): DayOff[] {
  const holidays = publicHolidays(semester.state, semester.firstDay, semester.lastDay)
    .filter((h) => lessonDays.has(weekdayOf(h.date)))
    .map((h) => ({ sortKey: h.date, dateText: periodText(h.date, h.date), reason: h.name, kind: 'holiday' as const }));
  const breaks = semester.breaks.map((b) => ({ sortKey: b.from, dateText: periodText(b.from, b.to), reason: b.label, kind: 'break' as const }));
  return [...holidays, ...breaks].sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0)).map(({ sortKey: _s, ...d }) => d);
}

/** The plan's own name when it has one (with the class unless the name already says it), else 'Stundenplan – {class}'. */
export function scheduleTitle(scheduleName: string | undefined, className: string | undefined): string {
  if (scheduleName) return className && !scheduleName.toLowerCase().includes(className.toLowerCase()) ? `${scheduleName} – ${className}` : scheduleName;
  return className ? `Stundenplan – ${className}` : 'Stundenplan';
}
