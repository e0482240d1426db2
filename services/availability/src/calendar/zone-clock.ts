// Wall-clock times in IANA time zones through Intl (no zone data of our own): an instant's Berlin day and
// minute, and the instant of a wall time in any zone the runtime knows.

export const BERLIN = 'Europe/Berlin';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** True when the runtime knows `zone` as an IANA time zone. */
export function isKnownZone(zone: string): boolean {
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallOf(ms: number, zone: string): Wall {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(ms))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** Offset of `zone` from UTC at the instant `ms`, in milliseconds. */
function offsetAt(ms: number, zone: string): number {
  const w = wallOf(ms, zone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000;
}

/** The instant of a wall time in `zone` (in a gap of a DST change: the instant after it, as calendars do). */
export function instantOf(w: Wall, zone: string): number {
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  let ms = asUtc - offsetAt(asUtc, zone);
  ms = asUtc - offsetAt(ms, zone);
  return ms;
}

/** The Berlin calendar day (`YYYY-MM-DD`) and quarter-hour slot (0-95) of an instant. */
export function berlinSlot(ms: number): { date: string; slot: number } {
  const w = wallOf(ms, BERLIN);
  const date = `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
  return { date, slot: w.hour * 4 + Math.floor(w.minute / 15) };
}

/** The instant 00:00 Berlin starts the day `YYYY-MM-DD`. */
export function berlinMidnight(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return instantOf({ year, month, day, hour: 0, minute: 0, second: 0 }, BERLIN);
}
