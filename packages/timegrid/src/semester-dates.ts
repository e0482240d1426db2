/**
 * The semester's calendar: the German states, their statutory public holidays (from the maintained
 * `feiertagejs` library, not a list of our own) and the dated occurrences of weekly lessons between
 * two days. Every date is a Europe/Berlin calendar day `YYYY-MM-DD`; times are wall-clock `HH:MM`.
 */
import { getHolidays } from 'feiertagejs';
import { SLOTS_PER_DAY } from './constants.js';

/** The 16 Bundesländer by their two-letter codes. */
export const GERMAN_STATES = ['BW', 'BY', 'BE', 'BB', 'HB', 'HH', 'HE', 'MV', 'NI', 'NW', 'RP', 'SL', 'SN', 'ST', 'SH', 'TH'] as const;
export type GermanState = (typeof GERMAN_STATES)[number];

export function isGermanState(v: unknown): v is GermanState {
  return typeof v === 'string' && (GERMAN_STATES as readonly string[]).includes(v);
}

export interface PublicHoliday {
  date: string;
  /** German name, e.g. 'Heilige Drei Könige'. */
  name: string;
}

export interface SemesterBreak {
  from: string;
  to: string;
  label: string;
}

/** Biweekly lessons take place in A weeks (the semester's 1st, 3rd, ... week) or in B weeks. */
export type LessonWeek = 'A' | 'B';

/** A weekly lesson: day 0 = Monday, quarter-hour slots, end exclusive; `week` set = every other week. */
export interface WeeklyLesson {
  day: number;
  start: number;
  end: number;
  week?: LessonWeek | null;
}

export type OccurrenceStatus = 'planned' | 'holiday' | 'break';

export interface LessonOccurrence {
  date: string;
  start: string;
  end: string;
  status: OccurrenceStatus;
  /** The holiday's name or the break's label; null when planned. */
  reason: string | null;
}

/** The days of a series: the semester (or, without one, the sent weekly series) and what falls out. */
export interface DatedSpan {
  firstDay: string;
  lastDay: string;
  holidays?: readonly PublicHoliday[];
  breaks?: readonly SemesterBreak[];
}

const DAY_MS = 86_400_000;
const toUtc = (iso: string): number => Date.parse(`${iso}T00:00:00Z`);
const fromUtc = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export function addDays(iso: string, days: number): string {
  return fromUtc(toUtc(iso) + days * DAY_MS);
}

/** Whole days from `a` to `b` (negative when `b` is earlier). */
export function daysBetween(a: string, b: string): number {
  return Math.round((toUtc(b) - toUtc(a)) / DAY_MS);
}

/** 0 = Monday ... 6 = Sunday. */
export function weekdayOf(iso: string): number {
  return (new Date(toUtc(iso)).getUTCDay() + 6) % 7;
}

/** The first date on or after `from` that falls on `day` (0 = Monday). */
export function firstDateOn(from: string, day: number): string {
  return addDays(from, (day - weekdayOf(from) + 7) % 7);
}

/** A or B: the calendar week of `date` counted from the week of `firstDay` (that week is the first, an A week). */
export function semesterWeek(date: string, firstDay: string): LessonWeek {
  const weeks = Math.floor(daysBetween(addDays(firstDay, -weekdayOf(firstDay)), date) / 7);
  return ((weeks % 2) + 2) % 2 === 0 ? 'A' : 'B';
}

/** Slot index -> `HH:MM`; the end of the day (96) is `24:00`. */
export function slotClock(slot: number): string {
  const minutes = Math.max(0, Math.min(slot, SLOTS_PER_DAY)) * 15;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The state's statutory public holidays from `firstDay` to `lastDay` (both included), in date order. */
export function publicHolidays(state: GermanState, firstDay: string, lastDay: string): PublicHoliday[] {
  const out: PublicHoliday[] = [];
  for (let year = Number(firstDay.slice(0, 4)); year <= Number(lastDay.slice(0, 4)); year++) {
    for (const h of getHolidays(year, state)) {
      if (h.dateString >= firstDay && h.dateString <= lastDay) out.push({ date: h.dateString, name: h.translate('de') ?? h.name });
    }
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/**
 * Every date of one weekly lesson from `span.firstDay` to `span.lastDay`: weekly, or every other week in its
 * A or B weeks (counted from `span.firstDay`). A public holiday makes it `holiday` (its name as reason), a day
 * inside a break `break` (the break's label); a holiday wins over a break on the same day.
 */
export function lessonOccurrences(lesson: WeeklyLesson, span: DatedSpan): LessonOccurrence[] {
  const holidays = new Map((span.holidays ?? []).map((h) => [h.date, h.name]));
  const out: LessonOccurrence[] = [];
  const start = slotClock(lesson.start);
  const end = slotClock(lesson.end);
  for (let date = firstDateOn(span.firstDay, lesson.day); date <= span.lastDay; date = addDays(date, 7)) {
    if (lesson.week && semesterWeek(date, span.firstDay) !== lesson.week) continue;
    const holiday = holidays.get(date);
    const inBreak = holiday === undefined ? span.breaks?.find((b) => b.from <= date && date <= b.to) : undefined;
    const status: OccurrenceStatus = holiday !== undefined ? 'holiday' : inBreak ? 'break' : 'planned';
    out.push({ date, start, end, status, reason: holiday ?? inBreak?.label ?? null });
  }
  return out;
}
