/**
 * The export payload of docs/product/api.md `POST export-pdf-alternative`: validation with the German messages of docs/product/planning.md/docs/product/errors.md and normalisation into lessons.
 *
 * Accepted shape (unknown extra fields are ignored):
 * {
 *   "schedule": {                       // the planner's working form (docs/product/data.md)
 *     "Montag": { "09:00": "<member_id>", "09:15": "<member_id>", "09:30": "" },
 *     ...
 *   },
 *   "timeRange": { "start": 32, "end": 76 },   // slot indexes, end exclusive, 0 <= start < end <= 96
 *   "studentsList": [ { "member_id": "...", "name": "...", "fullName": "...", "duration": 45 } ],
 *   "className": "Klavier 5b",                 // optional
 *   "scheduleName": "Sommerplan Klavier",      // optional: the plan's name, the PDF's title
 *   "teacherStart": 53,                        // optional: the teacher's first slot (teacher-start.ts)
 *   "semester": {                              // optional: the class's semester (docs/product/semester.md)
 *     "first_day": "2027-01-04", "last_day": "2027-01-15", "state": "BY",
 *     "breaks": [ { "from": "2027-01-11", "to": "2027-01-15", "label": "Prüfungswoche" } ]
 *   }
 * }
 * - Day keys: German day names in any letter case ("Montag", "MONTAG") or "0".."6" (Monday = 0).
 * - Slot keys: clock strings "09:00" / "9:00" or slot labels "9.00" / "09.00" (quarter hours).
 * - A day may also be given in the saved form: a list of [slot, member_id] pairs, the slot as a key
 *   like above or as a slot index 0..95; a biweekly lesson's entries carry its week as a third element
 *   ([slot, member_id, "A" | "B"], null = every week), so two of them may share a slot in different weeks.
 * - A free slot is "" or null. Consecutive slots of one member on one day form one lesson.
 * - The semester's public holidays are not taken from the payload: they follow from `state` through the
 *   holiday library (packages/timegrid publicHolidays), as in the classes service. Other fields of the
 *   semester (e.g. the GET answer's `holidays`) are ignored; a semester that is null or absent is no semester.
 */
import { AppError } from '@stundenplan/base';
import { withRooms } from './room-payload.js';
import { parseTeacherStart, TEACHER_START_INVALID } from './teacher-start.js';
import {
  dayName,
  SLOTS_PER_DAY,
  TIMES_ERRORS,
  dayIndexFromName,
  daysBetween,
  isGermanState,
  isValidSlot,
  slotToClock,
  tryLabelToSlot,
  type GermanState,
  type SemesterBreak,
} from '@stundenplan/timegrid';

export const MAX_STUDENTS = 200;
/** The semester limits of the classes service (docs/product/semester.md). */
const MAX_SEMESTER_DAYS = 400;
const MAX_BREAKS = 30;
const MAX_BREAK_LABEL = 100;

export const PDF_ERRORS = Object.freeze({
  /** docs/product/planning.md "Planner": export needs a schedule. */
  emptySchedule: 'Kein Stundenplan zum Exportieren vorhanden.',
  dayNotAnObject: (day: string) => `Die Einträge für ${day} müssen als Objekt von Uhrzeit zu Mitglieds-ID angegeben werden.`,
  invalidMemberId: (day: string, clock: string) => `Ungültige Mitglieds-ID bei ${day} ${clock}.`,
  doubleBooking: (day: string, clock: string) => `Doppelte Belegung: ${day} ${clock} ist mehreren Studierenden zugeordnet.`,
  timeRangeMissing: 'Kein Zeitbereich angegeben. Bitte wählen Sie einen Zeitbereich aus.',
  timeRangeInvalid: `Ungültiger Zeitbereich: Beginn und Ende müssen ganze Zahlen von 0 bis ${SLOTS_PER_DAY} sein.`,
  timeRangeOrder: 'Ungültiger Zeitbereich: Der Beginn muss vor dem Ende liegen.',
  teacherStartInvalid: TEACHER_START_INVALID,
  studentsListInvalid: 'Ungültige Studentenliste: Es wird eine Liste von Studierenden erwartet.',
  studentInvalid: (index: number) => `Ungültiger Eintrag ${index + 1} in der Studentenliste: member_id fehlt.`,
  tooManyStudents: (max: number) => `Zu viele Einträge in der Studentenliste (höchstens ${max}).`,
  classNameInvalid: 'Ungültiger Klassenname (Text mit höchstens 200 Zeichen erwartet).',
  scheduleNameInvalid: 'Ungültiger Name des Stundenplans (Text mit höchstens 200 Zeichen erwartet).',
  semesterInvalid: 'Ungültiges Semester: first_day, last_day (JJJJ-MM-TT), state (Bundesland) und breaks werden erwartet.',
  semesterDay: (field: string) => `Ungültiges Semester: ${field} muss ein Datum im Format JJJJ-MM-TT sein.`,
  semesterOrder: 'Ungültiges Semester: Der erste Tag darf nicht nach dem letzten Tag liegen.',
  semesterTooLong: `Ungültiges Semester: Es darf höchstens ${MAX_SEMESTER_DAYS} Tage lang sein.`,
  semesterState: 'Ungültiges Semester: Unbekanntes Bundesland (BW, BY, BE, BB, HB, HH, HE, MV, NI, NW, RP, SL, SN, ST, SH oder TH).',
  semesterBreak: (index: number) =>
    `Ungültiger Ferienzeitraum ${index + 1} im Semester: from und to (JJJJ-MM-TT) innerhalb des Semesters und eine Bezeichnung mit höchstens ${MAX_BREAK_LABEL} Zeichen werden erwartet.`,
  tooManyBreaks: `Zu viele Ferienzeiträume im Semester (höchstens ${MAX_BREAKS}).`,
});

const MAX_CLASS_NAME = 200;
const MAX_MEMBER_ID = 100;
const MAX_NAME = 200;

export interface TimeRange {
  /** First visible slot (0..95). */
  start: number;
  /** Exclusive end slot (1..96). */
  end: number;
}

export interface Lesson {
  day: number;
  /** First slot. */
  start: number;
  /** Exclusive end slot. */
  end: number;
  memberId: string;
  /** 'A' or 'B': a biweekly lesson in that week only; absent: every week. */
  week?: LessonWeek;
  /** Where it takes place, 'Raum 1.01, Hauptstelle' (the payload's optional `rooms`, room-payload.ts); absent: no room. */
  room?: string;
}

export type LessonWeek = 'A' | 'B';

/** One member in one slot, in one week (null = every week). */
interface SlotEntry {
  memberId: string;
  week: LessonWeek | null;
}

export interface StudentRef {
  memberId: string;
  /** Short display name (planner panel name); may be empty. */
  name: string;
  /** Full name when the planner sent one; may be empty. */
  fullName: string;
  duration?: number;
}

/** The class's semester as the teacher set it (the holidays follow from the state). */
export interface ExportSemester {
  firstDay: string;
  lastDay: string;
  state: GermanState;
  breaks: SemesterBreak[];
}

export interface ExportRequest {
  lessons: Lesson[];
  timeRange: TimeRange;
  students: StudentRef[];
  className?: string;
  scheduleName?: string;
  semester?: ExportSemester;
  /** The first slot of the teacher's times (any day), when the planner sent it. */
  teacherStart?: number;
}

const bad = (detail: string) => AppError.badRequest(detail);

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** "09:00", "9:00" -> slot; built from timegrid's slotToClock so both spellings stay in sync. */
const CLOCK_TO_SLOT: ReadonlyMap<string, number> = (() => {
  const map = new Map<string, number>();
  for (let slot = 0; slot < SLOTS_PER_DAY; slot++) {
    const clock = slotToClock(slot);
    map.set(clock, slot);
    map.set(clock.replace(/^0(\d)/, '$1'), slot);
  }
  return map;
})();

/** Slot of a working-form key: "09:00" / "9:00" / "9.00" / "09.00"; undefined otherwise. */
export function parseSlotKey(key: unknown): number | undefined {
  if (typeof key === 'number') return isValidSlot(key) ? key : undefined;
  if (typeof key !== 'string') return undefined;
  const k = key.trim();
  return tryLabelToSlot(k) ?? CLOCK_TO_SLOT.get(k);
}

/** Day index of a working-form key: "Montag" (any case) or "0".."6"; undefined otherwise. */
export function parseDayKey(key: string): number | undefined {
  const byName = dayIndexFromName(key);
  if (byName !== undefined) return byName;
  const k = key.trim();
  return /^[0-6]$/.test(k) ? Number(k) : undefined;
}

/** The week of a saved-form entry: absent, null or '' = every week; 'A' or 'B'; anything else refused (undefined). */
function entryWeek(entry: unknown[]): LessonWeek | null | undefined {
  const w = entry[2];
  if (entry.length < 3 || w === null || w === '') return null;
  return w === 'A' || w === 'B' ? w : undefined;
}

/** Two lessons share a slot only in different weeks (a weekly one is in both). */
const clash = (a: LessonWeek | null, b: LessonWeek | null) => a === null || b === null || a === b;

/** day -> slot -> members (with their weeks), validated. */
function parseSchedule(raw: unknown): Map<number, Map<number, SlotEntry[]>> {
  if (!isPlainObject(raw)) throw bad(PDF_ERRORS.emptySchedule);
  const days = new Map<number, Map<number, SlotEntry[]>>();
  for (const [dayKey, dayValue] of Object.entries(raw)) {
    const day = parseDayKey(dayKey);
    if (day === undefined) throw bad(TIMES_ERRORS.invalidDay(dayKey));
    if (dayValue === null || dayValue === undefined) continue;
    const dayLabel = dayName(day);
    let pairs: [unknown, unknown, LessonWeek | null][];
    if (Array.isArray(dayValue)) {
      pairs = dayValue.map((entry) => {
        const week = Array.isArray(entry) && (entry.length === 2 || entry.length === 3) ? entryWeek(entry) : undefined;
        if (!Array.isArray(entry) || week === undefined) throw bad(PDF_ERRORS.dayNotAnObject(dayLabel));
        return [entry[0], entry[1], week];
      });
    } else if (isPlainObject(dayValue)) {
      pairs = Object.entries(dayValue).map(([k, v]) => [k, v, null]);
    } else {
      throw bad(PDF_ERRORS.dayNotAnObject(dayLabel));
    }
    const slots = days.get(day) ?? new Map<number, SlotEntry[]>();
    days.set(day, slots);
    for (const [slotKey, value, week] of pairs) {
      const slot = parseSlotKey(slotKey);
      if (slot === undefined) throw bad(TIMES_ERRORS.invalidLabel(slotKey));
      if (value === null || value === undefined || value === '') continue;
      const clock = slotToClock(slot);
      if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_MEMBER_ID) {
        throw bad(PDF_ERRORS.invalidMemberId(dayLabel, clock));
      }
      const memberId = value.trim();
      const existing = slots.get(slot) ?? [];
      if (existing.some((e) => e.memberId === memberId && e.week === week)) continue;
      if (existing.some((e) => clash(e.week, week))) throw bad(PDF_ERRORS.doubleBooking(dayLabel, clock));
      slots.set(slot, [...existing, { memberId, week }]);
    }
  }
  return days;
}

/**
 * Consecutive slots of one member in one week on one day become one lesson; sorted by day, then start (then
 * weekly, A, B). `days` maps day -> slot -> member id, or -> the members of the slot with their weeks.
 */
function toLessons(days: Map<number, Map<number, string | SlotEntry[]>>): Lesson[] {
  const lessons: Lesson[] = [];
  for (const day of [...days.keys()].sort((a, b) => a - b)) {
    const slots = days.get(day)!;
    const open = new Map<string, Lesson>();
    for (const slot of [...slots.keys()].sort((a, b) => a - b)) {
      const value = slots.get(slot)!;
      for (const { memberId, week } of typeof value === 'string' ? [{ memberId: value, week: null }] : value) {
        const key = `${memberId}\u0000${week ?? ''}`;
        const current = open.get(key);
        if (current && current.end === slot) {
          current.end = slot + 1;
          continue;
        }
        const next: Lesson = { day, start: slot, end: slot + 1, memberId, ...(week ? { week } : {}) };
        open.set(key, next);
        lessons.push(next);
      }
    }
  }
  const rank = (l: Lesson) => (l.week === 'B' ? 2 : l.week === 'A' ? 1 : 0);
  return lessons.sort((a, b) => a.day - b.day || a.start - b.start || rank(a) - rank(b));
}

function parseBoundary(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isInteger(v) ? v : undefined;
  if (typeof v === 'string' && /^\s*\d{1,3}\s*$/.test(v)) return Number(v);
  return undefined;
}

export function parseTimeRange(raw: unknown): TimeRange {
  if (raw === undefined || raw === null) throw bad(PDF_ERRORS.timeRangeMissing);
  if (!isPlainObject(raw)) throw bad(PDF_ERRORS.timeRangeInvalid);
  const start = parseBoundary(raw.start);
  const end = parseBoundary(raw.end);
  if (start === undefined || end === undefined || start < 0 || end < 0 || start > SLOTS_PER_DAY || end > SLOTS_PER_DAY) {
    throw bad(PDF_ERRORS.timeRangeInvalid);
  }
  if (start >= end) throw bad(PDF_ERRORS.timeRangeOrder);
  return { start, end };
}

function text(v: unknown): string {
  return typeof v === 'string' ? v.trim().slice(0, MAX_NAME) : '';
}

function parseStudents(raw: unknown): StudentRef[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw bad(PDF_ERRORS.studentsListInvalid);
  if (raw.length > MAX_STUDENTS) throw bad(PDF_ERRORS.tooManyStudents(MAX_STUDENTS));
  const seen = new Set<string>();
  const students: StudentRef[] = [];
  raw.forEach((entry, index) => {
    if (!isPlainObject(entry)) throw bad(PDF_ERRORS.studentInvalid(index));
    const id = entry.member_id;
    if (typeof id !== 'string' || id.trim() === '' || id.length > MAX_MEMBER_ID) throw bad(PDF_ERRORS.studentInvalid(index));
    const memberId = id.trim();
    if (seen.has(memberId)) return; // first entry wins
    seen.add(memberId);
    const duration = typeof entry.duration === 'number' && Number.isFinite(entry.duration) ? entry.duration : undefined;
    students.push({ memberId, name: text(entry.name), fullName: text(entry.fullName), ...(duration !== undefined ? { duration } : {}) });
  });
  return students;
}

function parseClassName(raw: unknown, invalid: string = PDF_ERRORS.classNameInvalid): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'string' || raw.length > MAX_CLASS_NAME) throw bad(invalid);
  const name = raw.trim();
  return name === '' ? undefined : name;
}

/** A real calendar day `YYYY-MM-DD`. */
function isIsoDay(v: unknown): v is string {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** The optional semester: the same rules as PUT classes/{id}/semester. */
function parseSemester(raw: unknown): ExportSemester | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!isPlainObject(raw)) throw bad(PDF_ERRORS.semesterInvalid);
  const { first_day: firstDay, last_day: lastDay, state } = raw;
  if (!isIsoDay(firstDay)) throw bad(PDF_ERRORS.semesterDay('first_day'));
  if (!isIsoDay(lastDay)) throw bad(PDF_ERRORS.semesterDay('last_day'));
  if (firstDay > lastDay) throw bad(PDF_ERRORS.semesterOrder);
  if (daysBetween(firstDay, lastDay) + 1 > MAX_SEMESTER_DAYS) throw bad(PDF_ERRORS.semesterTooLong);
  if (!isGermanState(state)) throw bad(PDF_ERRORS.semesterState);
  const rawBreaks = raw.breaks ?? [];
  if (!Array.isArray(rawBreaks)) throw bad(PDF_ERRORS.semesterInvalid);
  if (rawBreaks.length > MAX_BREAKS) throw bad(PDF_ERRORS.tooManyBreaks);
  const breaks = rawBreaks.map((b: unknown, index): SemesterBreak => {
    if (!isPlainObject(b) || !isIsoDay(b.from) || !isIsoDay(b.to) || typeof b.label !== 'string') throw bad(PDF_ERRORS.semesterBreak(index));
    const label = b.label.trim();
    if (label === '' || label.length > MAX_BREAK_LABEL || b.from > b.to || b.from < firstDay || b.to > lastDay) throw bad(PDF_ERRORS.semesterBreak(index));
    return { from: b.from, to: b.to, label };
  });
  return { firstDay, lastDay, state, breaks };
}

/**
 * Validates and normalises an export payload. Throws AppError 400 with a German detail;
 * the schedule is checked first so an empty export always gets the SPEC's message.
 */
export function parseExportRequest(body: unknown): ExportRequest {
  const b = isPlainObject(body) ? body : {};
  const lessons = toLessons(parseSchedule(b.schedule));
  if (lessons.length === 0) throw bad(PDF_ERRORS.emptySchedule);
  const timeRange = parseTimeRange(b.timeRange);
  const students = parseStudents(b.studentsList);
  const className = parseClassName(b.className);
  const scheduleName = parseClassName(b.scheduleName, PDF_ERRORS.scheduleNameInvalid);
  const semester = parseSemester(b.semester);
  const teacherStart = parseTeacherStart(b.teacherStart);
  return {
    lessons: withRooms(lessons, b.rooms),
    timeRange,
    students,
    ...(className !== undefined ? { className } : {}),
    ...(scheduleName !== undefined ? { scheduleName } : {}),
    ...(semester ? { semester } : {}),
    ...(teacherStart !== undefined ? { teacherStart } : {}),
  };
}
