/**
 * iCalendar (RFC 5545) files of a student's weekly lessons, written by ical-generator: one VEVENT per
 * lesson with a weekly RRULE (every other week for a biweekly lesson), local times in Europe/Berlin
 * (TZID with the VTIMEZONE of timezones-ical-library), UNTIL the end date and an EXDATE for every date
 * that falls out (a public holiday, a break of the semester, a cancelled or moved date), so the calendar
 * holds exactly the planned dates; make-up and moved dates are single VEVENTs. Wall-clock times are
 * Temporal values: the time zone arithmetic is the library's.
 */
import { Temporal } from '@js-temporal/polyfill';
import { addDays, firstDateOn, lessonOccurrences, type LessonWeek, type PublicHoliday, type SemesterBreak, type WeeklyLesson } from '@stundenplan/timegrid';
import ical, { ICalCalendarMethod, ICalEventRepeatingFreq, type ICalEventData } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';

export { addDays, firstDateOn };

export const ICS_FILENAME = 'unterricht.ics';
export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';
const CALENDAR_TZID = 'Europe/Berlin';
/** Default end of the series: 15 weeks after the first day. */
export const DEFAULT_WEEKS = 15;

/** The room of a lesson (classes of a school), as it was when the plan was sent (docs/adr/0035-room-in-sent-plans.md). */
export interface LessonRoom {
  id: string;
  name: string;
  site_id: string;
  site_name: string;
}

/**
 * One weekly lesson: day 0 = Monday, slots of 15 minutes, end exclusive; `week` A or B: every other week; `room`:
 * where it takes place (absent: no room, a class without a school).
 */
export type Lesson = WeeklyLesson & { room?: LessonRoom | null };

/** How the mails, calendar files and PDF name a room: 'Raum 1.01, Hauptstelle'. */
export const roomText = (room: Pick<LessonRoom, 'name' | 'site_name'>): string => [room.name.trim(), room.site_name.trim()].filter(Boolean).join(', ');

export interface CalendarLessons {
  /** Stable id of the series owner (class and member), part of every UID. */
  key: string;
  className: string;
  teacherName: string;
  lessons: Lesson[];
  /** First day of the series (YYYY-MM-DD); the first lesson is on or after it. */
  from: string;
  /** Last day of the series (YYYY-MM-DD, inclusive, Europe/Berlin). */
  until: string;
  /** With a semester (`from`/`until` are then its first and last day): the dates that fall out. */
  holidays?: readonly PublicHoliday[];
  breaks?: readonly SemesterBreak[];
  /** Changes during the semester: series dates no longer there ("YYYY-MM-DDTHH:MM"), and single dates instead (HH:MM times, a note, the room when known). */
  changes?: { exclude: readonly string[]; singles: readonly { date: string; start: string; end: string; note: string; room?: LessonRoom | null }[] };
}

/** The wall-clock time `minutes` after midnight of a date (1440 = the next day's 00:00). */
const wallClock = (date: string, minutes: number) => Temporal.PlainDate.from(date).toPlainDateTime().add({ minutes });
const clockMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** UTC instant of a local Europe/Berlin wall-clock time. */
export function berlinToUtc(date: string, hour: number, minute: number, second: number): Date {
  const local = Temporal.PlainDate.from(date).toPlainDateTime({ hour, minute, second });
  return new Date(local.toZonedDateTime(CALENDAR_TZID).epochMilliseconds);
}

/** The VTIMEZONE block of an IANA zone from the library's tz data. */
function vtimezone(tz: string): string | null {
  const block = tzlib_get_ical_block(tz);
  return Array.isArray(block) ? (block[0] ?? null) : null;
}

/** The VEVENTs of one student's lessons in one class. A lesson without a planned date is left out. */
function events(c: CalendarLessons, now: Date): ICalEventData[] {
  const until = Temporal.PlainDate.from(c.until).toZonedDateTime({ timeZone: CALENDAR_TZID, plainTime: '23:59:59' });
  const summary = `Unterricht: ${c.className}`;
  const teacher = c.teacherName ? `Lehrkraft: ${c.teacherName}` : '';
  const out: ICalEventData[] = [];
  c.lessons.forEach((l, i) => {
    const all = lessonOccurrences(l, { firstDay: c.from, lastDay: c.until, holidays: c.holidays, breaks: c.breaks });
    // The series starts on the first planned date; later dates that fall out are excluded one by one.
    const firstPlanned = all.findIndex((d) => d.status === 'planned');
    if (firstPlanned < 0) return;
    const dates = all.slice(firstPlanned);
    const first = dates[0]!.date;
    const exclude = dates
      .filter((d) => d.status !== 'planned' || c.changes?.exclude.includes(`${d.date}T${d.start}`))
      .map((d) => wallClock(d.date, l.start * 15));
    out.push({
      id: `${c.key}-${i}@stundenplan-assistent`,
      stamp: now,
      timezone: CALENDAR_TZID,
      start: wallClock(first, l.start * 15),
      // 24:00 ends the day: the next day's 00:00, not 23:59:59.
      end: wallClock(first, Math.min(l.end, 96) * 15),
      repeating: { freq: ICalEventRepeatingFreq.WEEKLY, ...(l.week ? { interval: 2 } : {}), until, ...(exclude.length ? { exclude } : {}) },
      summary,
      ...(l.room ? { location: roomText(l.room) } : {}),
      ...(teacher ? { description: teacher } : {}),
    });
  });
  for (const x of c.changes?.singles ?? []) {
    out.push({
      id: `${c.key}-${x.date}-${x.start.replace(':', '')}@stundenplan-assistent`,
      stamp: now,
      timezone: CALENDAR_TZID,
      start: wallClock(x.date, clockMinutes(x.start)),
      end: wallClock(x.date, clockMinutes(x.end)),
      summary,
      ...(x.room ? { location: roomText(x.room) } : {}),
      description: [x.note, teacher].filter(Boolean).join('\n'),
    });
  }
  return out;
}

/** A whole calendar (CRLF line ends, folded) with the lessons of one or more classes. */
export function buildCalendar(series: CalendarLessons[], now: Date = new Date()): string {
  const calendar = ical({
    prodId: { company: 'Stundenplan-Assistent', product: 'Unterricht', language: 'DE' },
    scale: 'GREGORIAN',
    method: ICalCalendarMethod.PUBLISH,
    name: 'Unterricht',
    // No calendar-wide zone (UNTIL and DTSTAMP stay in UTC); each event names Europe/Berlin, whose VTIMEZONE this writes.
    timezone: { name: null, generator: vtimezone },
    events: series.flatMap((s) => events(s, now)),
  });
  return `${calendar.toString()}\r\n`;
}

/**
 * Lessons per member from a saved schedule (day index -> [slot label, member_id] or [slot label, member_id,
 * week] entries, one per quarter hour): consecutive quarter hours of one member in one week on one day form one
 * lesson; a week "A" or "B" makes it a biweekly lesson in that week. `rooms`: member id -> the room of the member's
 * lessons (classes of a school); a member without one gets lessons without a room key.
 */
export function lessonsFromSchedule(saved: unknown, rooms: Readonly<Record<string, LessonRoom>> = {}): Map<string, Lesson[]> {
  const out = new Map<string, Lesson[]>();
  if (!saved || typeof saved !== 'object') return out;
  for (const [dayKey, pairs] of Object.entries(saved as Record<string, unknown>)) {
    const day = Number(dayKey);
    if (!Number.isInteger(day) || day < 0 || day > 6 || !Array.isArray(pairs)) continue;
    const slots: { slot: number; member: string; week: LessonWeek | null }[] = [];
    for (const p of pairs) {
      if (!Array.isArray(p) || typeof p[0] !== 'string' || typeof p[1] !== 'string' || !p[1]) continue;
      const m = /^(\d{1,2})\.(\d{2})$/.exec(p[0]);
      if (!m) continue;
      const minutes = Number(m[1]) * 60 + Number(m[2]);
      if (minutes % 15 !== 0 || minutes >= 1440) continue;
      slots.push({ slot: minutes / 15, member: p[1], week: p[2] === 'A' || p[2] === 'B' ? p[2] : null });
    }
    // By member and week, then time: two biweekly lessons may share a quarter hour in different weeks.
    slots.sort((a, b) => a.member.localeCompare(b.member) || (a.week ?? '').localeCompare(b.week ?? '') || a.slot - b.slot);
    let run: { member: string; week: LessonWeek | null; start: number; end: number } | null = null;
    const flush = () => {
      if (!run) return;
      const list = out.get(run.member) ?? [];
      const room = rooms[run.member];
      list.push({ day, start: run.start, end: run.end, ...(run.week ? { week: run.week } : {}), ...(room ? { room } : {}) });
      out.set(run.member, list);
    };
    for (const s of slots) {
      if (run && run.member === s.member && run.week === s.week && run.end === s.slot) run.end++;
      else {
        flush();
        run = { member: s.member, week: s.week, start: s.slot, end: s.slot + 1 };
      }
    }
    flush();
  }
  return out;
}
