/**
 * iCalendar (RFC 5545) files of a student's weekly lessons: one VEVENT per lesson with a
 * weekly RRULE (every other week for a biweekly lesson), local times in Europe/Berlin (TZID with
 * its VTIMEZONE), UNTIL the end date and an EXDATE for every date that falls out (a public holiday
 * or a break of the semester), so the calendar holds exactly the planned dates.
 */
import { addDays, firstDateOn, lessonOccurrences, type LessonWeek, type PublicHoliday, type SemesterBreak, type WeeklyLesson } from '@stundenplan/timegrid';

export { addDays, firstDateOn };

export const ICS_FILENAME = 'unterricht.ics';
export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';
export const CALENDAR_TZID = 'Europe/Berlin';
/** Default end of the series: 15 weeks after the first day. */
export const DEFAULT_WEEKS = 15;

/** One weekly lesson: day 0 = Monday, slots of 15 minutes, end exclusive; `week` A or B: every other week. */
export type Lesson = WeeklyLesson;

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
  /** Changes during the semester: series dates no longer there ("YYYY-MM-DDTHH:MM"), and single dates instead (HH:MM times, a note). */
  changes?: { exclude: readonly string[]; singles: readonly { date: string; start: string; end: string; note: string }[] };
}

const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${CALENDAR_TZID}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** TEXT value escaping (RFC 5545 3.3.11). */
export function escapeText(v: string): string {
  return v
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n?|\n/g, '\\n');
}

/** Folds a content line at 75 octets without splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const n = Buffer.byteLength(ch);
    const limit = out.length === 0 ? 75 : 74; // continuation lines start with a space
    if (bytes + n > limit) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += n;
  }
  out.push(current);
  return out.join('\r\n ');
}

const pad = (n: number) => String(n).padStart(2, '0');
const compactDate = (iso: string) => iso.replace(/-/g, '');
const slotTime = (slot: number) => `${pad(Math.floor((slot * 15) / 60))}${pad((slot * 15) % 60)}00`;

/** UTC instant of a local Europe/Berlin wall-clock time. */
export function berlinToUtc(date: string, hour: number, minute: number, second: number): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const fmt = new Intl.DateTimeFormat('en-GB', {
    timeZone: CALENDAR_TZID,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  for (const offset of [1, 2]) {
    const candidate = new Date(Date.UTC(y, m - 1, d, hour - offset, minute, second));
    const p = Object.fromEntries(fmt.formatToParts(candidate).map((x) => [x.type, x.value]));
    if (`${p.year}-${p.month}-${p.day}` === date && Number(p.hour) === hour && Number(p.minute) === minute) return candidate;
  }
  return new Date(Date.UTC(y, m - 1, d, hour - 1, minute, second));
}

const utcStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The VEVENT lines of one student's lessons in one class. A lesson without a planned date is left out. */
function events(c: CalendarLessons, now: Date): string[] {
  const until = utcStamp(berlinToUtc(c.until, 23, 59, 59));
  const lines: string[] = [];
  c.lessons.forEach((l, i) => {
    const all = lessonOccurrences(l, { firstDay: c.from, lastDay: c.until, holidays: c.holidays, breaks: c.breaks });
    // The series starts on the first planned date; later dates that fall out are excluded one by one.
    const firstPlanned = all.findIndex((d) => d.status === 'planned');
    if (firstPlanned < 0) return;
    const dates = all.slice(firstPlanned);
    const first = dates[0]!.date;
    const end = Math.min(l.end, 96);
    // 24:00 ends the day: written as 23:59:59 would shorten the lesson, so use the next day's 00:00.
    const endDate = end === 96 ? addDays(first, 1) : first;
    const endTime = end === 96 ? '000000' : slotTime(end);
    lines.push(
      'BEGIN:VEVENT',
      `UID:${c.key}-${i}@stundenplan-assistent`,
      `DTSTAMP:${utcStamp(now)}`,
      `DTSTART;TZID=${CALENDAR_TZID}:${compactDate(first)}T${slotTime(l.start)}`,
      `DTEND;TZID=${CALENDAR_TZID}:${compactDate(endDate)}T${endTime}`,
      `RRULE:FREQ=WEEKLY;${l.week ? 'INTERVAL=2;' : ''}UNTIL=${until}`,
      ...dates
        .filter((d) => d.status !== 'planned' || c.changes?.exclude.includes(`${d.date}T${d.start}`))
        .map((d) => `EXDATE;TZID=${CALENDAR_TZID}:${compactDate(d.date)}T${slotTime(l.start)}`),
      `SUMMARY:${escapeText(`Unterricht: ${c.className}`)}`,
      ...(c.teacherName ? [`DESCRIPTION:${escapeText(`Lehrkraft: ${c.teacherName}`)}`] : []),
      'END:VEVENT',
    );
  });
  for (const x of c.changes?.singles ?? []) {
    const clock = (hhmm: string) => `${hhmm.replace(':', '')}00`;
    const next = x.end === '24:00';
    lines.push(
      'BEGIN:VEVENT',
      `UID:${c.key}-${x.date}-${x.start.replace(':', '')}@stundenplan-assistent`,
      `DTSTAMP:${utcStamp(now)}`,
      `DTSTART;TZID=${CALENDAR_TZID}:${compactDate(x.date)}T${clock(x.start)}`,
      `DTEND;TZID=${CALENDAR_TZID}:${compactDate(next ? addDays(x.date, 1) : x.date)}T${next ? '000000' : clock(x.end)}`,
      `SUMMARY:${escapeText(`Unterricht: ${c.className}`)}`,
      `DESCRIPTION:${escapeText([x.note, c.teacherName ? `Lehrkraft: ${c.teacherName}` : ''].filter(Boolean).join('\n'))}`,
      'END:VEVENT',
    );
  }
  return lines;
}

/** A whole calendar (CRLF line ends, folded) with the lessons of one or more classes. */
export function buildCalendar(series: CalendarLessons[], now: Date = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Stundenplan-Assistent//Unterricht//DE',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText('Unterricht')}`,
    ...VTIMEZONE,
    ...series.flatMap((s) => events(s, now)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/**
 * Lessons per member from a saved schedule (day index -> [slot label, member_id] or [slot label, member_id,
 * week] entries, one per quarter hour): consecutive quarter hours of one member in one week on one day form one
 * lesson; a week "A" or "B" makes it a biweekly lesson in that week.
 */
export function lessonsFromSchedule(saved: unknown): Map<string, Lesson[]> {
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
      list.push({ day, start: run.start, end: run.end, ...(run.week ? { week: run.week } : {}) });
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
