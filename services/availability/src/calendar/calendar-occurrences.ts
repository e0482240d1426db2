// The timed, busy occurrences of an iCalendar text within a span of instants, expanded by ical.js (RRULE, RDATE,
// EXDATE and RECURRENCE-ID exceptions); all-day, transparent, free and cancelled events are left out. The caps
// below bound the work a file can ask for; the import's worker adds a time budget on top
// (docs/adr/0020-calendar-import-worker.md).
import ICAL from 'ical.js';
import { CalendarTooComplexError, NotACalendarError } from './calendar-errors.js';
import { BERLIN, canonicalZone, instantOf } from './zone-clock.js';

export interface Occurrence {
  start: number;
  end: number;
  summary: string;
}

/** What one file may ask for; beyond any of these it is refused as too large (CalendarTooComplexError). */
const CALENDAR_LIMITS = {
  /** Occurrences kept inside the span (a semester of 400 days with 20 appointments every day is 8,000). */
  occurrences: 10_000,
  /** Recurrence steps looked at over the whole file (a weekly series since 2015 is about 600). */
  steps: 200_000,
  /** EXDATE and RDATE values over the whole file, time zones included. */
  dateValues: 5_000,
  /** Time-zone definitions (VTIMEZONE) and their rules (STANDARD and DAYLIGHT) over the whole file. */
  zones: 50,
  zoneRules: 500,
} as const;

/** Occurrences of 24 hours or more are whole days (a trip, a festival), not times of the week. */
const MAX_OCCURRENCE_MS = 24 * 3_600_000;
const MAX_SUMMARY = 120;
const WEEK_MS = 7 * 86_400_000;

type Comp = InstanceType<typeof ICAL.Component>;
type Time = InstanceType<typeof ICAL.Time>;
type Event = InstanceType<typeof ICAL.Event>;
/** jCal: [name, properties, subcomponents]; a property is [name, parameters, type, ...values]. */
type JCal = [string, unknown[][], JCal[]];

function parseCalendars(text: string): JCal[] {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch {
    throw new NotACalendarError('unparsable');
  }
  const list = (Array.isArray(parsed) && typeof parsed[0] === 'string' ? [parsed] : (parsed as unknown[])) as JCal[];
  const cals = list.filter((j) => Array.isArray(j) && j[0] === 'vcalendar');
  if (!cals.length) throw new NotACalendarError('no VCALENDAR');
  return cals;
}

/** Refuses a file beyond the limits before anything is expanded. */
function checkLimits(cals: JCal[]): void {
  let dateValues = 0;
  let zones = 0;
  let zoneRules = 0;
  const countDates = (comp: JCal) => {
    for (const prop of comp[1]) if (prop[0] === 'exdate' || prop[0] === 'rdate') dateValues += Math.max(0, prop.length - 3);
  };
  for (const cal of cals) {
    for (const comp of cal[2]) {
      countDates(comp);
      if (comp[0] !== 'vtimezone') continue;
      zones++;
      for (const rule of comp[2]) {
        zoneRules++;
        countDates(rule);
      }
    }
  }
  if (dateValues > CALENDAR_LIMITS.dateValues || zones > CALENDAR_LIMITS.zones || zoneRules > CALENDAR_LIMITS.zoneRules) {
    throw new CalendarTooComplexError('limits');
  }
}

const DAY_MS = 86_400_000;
const propOf = (j: JCal, name: string) => j[1].find((p) => p[0] === name);
/** An event without recurrence (no RRULE, RDATE or RECURRENCE-ID). */
const isSingle = (j: JCal) => !j[1].some((p) => p[0] === 'rrule' || p[0] === 'rdate' || p[0] === 'recurrence-id');
/**
 * True when a single event starts two days or more before the span or after it, read from the text of its DTSTART
 * (`YYYY-MM-DD…`) without building it: a file of ten years' appointments is mostly such events. Two days cover every
 * zone's offset and the longest occurrence counted (under 24 hours).
 */
function outside(j: JCal, [first, last]: [string, string]): boolean {
  const start = propOf(j, 'dtstart')?.[3];
  if (typeof start !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(start)) return false;
  const day = start.slice(0, 10);
  return day < first || day > last;
}

/** The instant of a time: UTC and zones defined in the file by ical.js, other named IANA zones by Intl, floating and unknown zones as Berlin. */
function instant(t: Time, zone: string): number {
  if (t.zone && t.zone !== ICAL.Timezone.localTimezone) return t.toUnixTime() * 1000;
  return instantOf({ year: t.year, month: t.month, day: t.day, hour: t.hour, minute: t.minute, second: t.second }, zone);
}

function isBusy(c: Comp): boolean {
  const transp = String(c.getFirstPropertyValue('transp') ?? '').toUpperCase();
  const status = String(c.getFirstPropertyValue('status') ?? '').toUpperCase();
  const msBusy = String(c.getFirstPropertyValue('x-microsoft-cdo-busystatus') ?? '').toUpperCase();
  return transp !== 'TRANSPARENT' && status !== 'CANCELLED' && msBusy !== 'FREE';
}

/** The IANA zone a property's TZID names (in any spelling), or Berlin for none or an unknown one. */
const zoneOf = (c: Comp, prop: string): string => {
  const value = c.getFirstProperty(prop)?.getParameter('tzid');
  return (typeof value === 'string' && canonicalZone(value)) || BERLIN;
};

function occurrenceOf(item: Event, start: Time, end: Time): Occurrence | undefined {
  const c = item.component;
  if (start.isDate || !isBusy(c)) return undefined;
  const startZone = zoneOf(c, 'dtstart');
  const from = instant(start, startZone);
  // An end without a TZID of its own is in the start's zone.
  const to = instant(end, c.getFirstProperty('dtend')?.getParameter('tzid') ? zoneOf(c, 'dtend') : startZone);
  if (!(to > from) || to - from >= MAX_OCCURRENCE_MS) return undefined;
  const summary =
    String(item.summary ?? '')
      .trim()
      .slice(0, MAX_SUMMARY) || 'Termin';
  return { start: from, end: to, summary };
}

/** Registers the file's own VTIMEZONEs for the synchronous expansion only (ical.js keeps zones globally). */
function withFileZones<T>(cals: JCal[], run: () => T): T {
  const added: string[] = [];
  try {
    for (const cal of cals) {
      for (const jcal of cal[2]) {
        if (jcal[0] !== 'vtimezone') continue;
        const vtz = new ICAL.Component(jcal);
        const tzid = vtz.getFirstPropertyValue('tzid');
        if (typeof tzid !== 'string' || !tzid || ICAL.TimezoneService.has(tzid)) continue;
        ICAL.TimezoneService.register(vtz);
        added.push(tzid);
      }
    }
    return run();
  } finally {
    for (const tzid of added) ICAL.TimezoneService.remove(tzid);
  }
}

/**
 * Every busy timed occurrence overlapping [from, to), clipped to it. Throws NotACalendarError for anything but
 * iCalendar and CalendarTooComplexError beyond CALENDAR_LIMITS.
 */
export function calendarOccurrences(text: string, from: number, to: number): Occurrence[] {
  const cals = parseCalendars(text);
  checkLimits(cals);
  return withFileZones(cals, () => {
    const out: Occurrence[] = [];
    const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const days: [string, string] = [isoDay(from - 2 * DAY_MS), isoDay(to + 2 * DAY_MS)];
    // The same with a week's room on both sides, as numbers (YYYYMMDD) for the recurrence steps.
    const firstDay = Number(isoDay(from - WEEK_MS - 2 * DAY_MS).replaceAll('-', ''));
    const lastDay = Number(isoDay(to + WEEK_MS + 2 * DAY_MS).replaceAll('-', ''));
    let steps = 0;
    const keep = (o: Occurrence | undefined) => {
      if (!o || o.end <= from || o.start >= to) return;
      if (out.length >= CALENDAR_LIMITS.occurrences) throw new CalendarTooComplexError('occurrences');
      out.push({ start: Math.max(o.start, from), end: Math.min(o.end, to), summary: o.summary });
    };
    for (const cal of cals) {
      // Each event stands alone (no parent calendar): ical.js then finds a TZID among the registered zones at once
      // instead of searching the whole file for a VTIMEZONE at every date.
      const vevents = cal[2].filter((j) => j[0] === 'vevent' && !(isSingle(j) && outside(j, days))).map((j) => new ICAL.Component(j));
      const exceptions = new Map<string, Comp[]>();
      for (const v of vevents) {
        if (!v.hasProperty('recurrence-id')) continue;
        const uid = String(v.getFirstPropertyValue('uid') ?? '');
        const list = exceptions.get(uid) ?? [];
        list.push(v);
        exceptions.set(uid, list);
      }
      const masters = new Set<string>();
      for (const v of vevents) {
        if (v.hasProperty('recurrence-id') || !v.hasProperty('dtstart')) continue;
        const uid = String(v.getFirstPropertyValue('uid') ?? '');
        masters.add(uid);
        const event = new ICAL.Event(v, { exceptions: exceptions.get(uid) ?? [], strictExceptions: true });
        if (!event.isRecurring()) {
          keep(occurrenceOf(event, event.startDate, event.endDate));
          continue;
        }
        const zone = zoneOf(v, 'dtstart');
        const it = event.iterator();
        for (let next = it.next(); next; next = it.next()) {
          if (++steps > CALENDAR_LIMITS.steps) throw new CalendarTooComplexError('steps');
          // Days far from the span are told by their date alone, without converting the time.
          const day = next.year * 10_000 + next.month * 100 + next.day;
          if (day > lastDay) break;
          if (day < firstDay) continue;
          const at = instant(next, zone);
          // Past the span (with a week's room for an occurrence moved earlier by a RECURRENCE-ID exception).
          if (at >= to + WEEK_MS) break;
          // Long before the span (the same room for one moved later): nothing to look at.
          if (at < from - WEEK_MS - MAX_OCCURRENCE_MS) continue;
          const details = event.getOccurrenceDetails(next);
          keep(occurrenceOf(details.item, details.startDate, details.endDate));
        }
      }
      // A moved occurrence whose series is not in the file still is a time of its own.
      for (const [uid, list] of exceptions) {
        if (masters.has(uid)) continue;
        for (const v of list) {
          const event = new ICAL.Event(v);
          keep(occurrenceOf(event, event.startDate, event.endDate));
        }
      }
    }
    return out;
  });
}
