// The timed, busy occurrences of an iCalendar text within a span of instants, expanded by ical.js (RRULE, RDATE,
// EXDATE and RECURRENCE-ID exceptions); all-day, transparent, free and cancelled events are left out.
import ICAL from 'ical.js';
import { BERLIN, instantOf, isKnownZone } from './zone-clock.js';

export interface Occurrence {
  start: number;
  end: number;
  summary: string;
}

/** Occurrences of 24 hours or more are whole days (a trip, a festival), not times of the week. */
const MAX_OCCURRENCE_MS = 24 * 3_600_000;
/** Recurrence steps looked at over the whole file: a rule every minute since 1970 must not run for minutes. */
const MAX_STEPS = 200_000;
const MAX_SUMMARY = 120;
const WEEK_MS = 7 * 86_400_000;

export class NotACalendarError extends Error {}

type Comp = InstanceType<typeof ICAL.Component>;
type Time = InstanceType<typeof ICAL.Time>;
type Event = InstanceType<typeof ICAL.Event>;

function calendars(text: string): Comp[] {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch {
    throw new NotACalendarError('unparsable');
  }
  const list = (Array.isArray(parsed) && typeof parsed[0] === 'string' ? [parsed] : (parsed as unknown[])) as unknown[];
  const comps = list.map((j) => new ICAL.Component(j as never)).filter((c) => c.name === 'vcalendar');
  if (!comps.length) throw new NotACalendarError('no VCALENDAR');
  return comps;
}

/** The instant of a time: UTC and zones defined in the file by ical.js, other named IANA zones by Intl, floating as Berlin. */
function instant(t: Time, tzid: string | undefined): number {
  if (t.zone && t.zone !== ICAL.Timezone.localTimezone) return t.toUnixTime() * 1000;
  const zone = tzid && isKnownZone(tzid) ? tzid : BERLIN;
  return instantOf({ year: t.year, month: t.month, day: t.day, hour: t.hour, minute: t.minute, second: t.second }, zone);
}

function isBusy(c: Comp): boolean {
  const transp = String(c.getFirstPropertyValue('transp') ?? '').toUpperCase();
  const status = String(c.getFirstPropertyValue('status') ?? '').toUpperCase();
  const msBusy = String(c.getFirstPropertyValue('x-microsoft-cdo-busystatus') ?? '').toUpperCase();
  return transp !== 'TRANSPARENT' && status !== 'CANCELLED' && msBusy !== 'FREE';
}

const tzidOf = (c: Comp, prop: string): string | undefined => {
  const value = c.getFirstProperty(prop)?.getParameter('tzid');
  return typeof value === 'string' ? value : undefined;
};

function occurrenceOf(item: Event, start: Time, end: Time): Occurrence | undefined {
  const c = item.component;
  if (start.isDate || !isBusy(c)) return undefined;
  const startTz = tzidOf(c, 'dtstart');
  const from = instant(start, startTz);
  const to = instant(end, tzidOf(c, 'dtend') ?? startTz);
  if (!(to > from) || to - from >= MAX_OCCURRENCE_MS) return undefined;
  const summary =
    String(item.summary ?? '')
      .trim()
      .slice(0, MAX_SUMMARY) || 'Termin';
  return { start: from, end: to, summary };
}

/** Registers the file's own VTIMEZONEs for the synchronous expansion only (ical.js keeps zones globally). */
function withFileZones<T>(cals: Comp[], run: () => T): T {
  const added: string[] = [];
  try {
    for (const cal of cals) {
      for (const vtz of cal.getAllSubcomponents('vtimezone')) {
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

/** Every busy timed occurrence overlapping [from, to). Throws NotACalendarError for anything but iCalendar. */
export function calendarOccurrences(text: string, from: number, to: number): Occurrence[] {
  const cals = calendars(text);
  return withFileZones(cals, () => {
    const out: Occurrence[] = [];
    let steps = 0;
    const keep = (o: Occurrence | undefined) => {
      if (o && o.end > from && o.start < to) out.push(o);
    };
    for (const cal of cals) {
      const vevents = cal.getAllSubcomponents('vevent');
      const exceptions = new Map<string, Comp[]>();
      for (const v of vevents) {
        if (!v.hasProperty('recurrence-id')) continue;
        const uid = String(v.getFirstPropertyValue('uid') ?? '');
        exceptions.set(uid, [...(exceptions.get(uid) ?? []), v]);
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
        const it = event.iterator();
        for (let next = it.next(); next && steps < MAX_STEPS; next = it.next(), steps++) {
          // Past the span (with a week's room for an occurrence moved earlier by a RECURRENCE-ID exception).
          if (instant(next, tzidOf(v, 'dtstart')) >= to + WEEK_MS) break;
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
