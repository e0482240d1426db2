// Wall-clock times in IANA time zones through Intl (no zone data of our own): an instant's Berlin day and
// minute, and the instant of a wall time in any zone the runtime knows. A calendar file names its zones in any
// spelling; only canonical names reach the caches here, and those are bounded (docs/adr/0020-calendar-import-worker.md).

export const BERLIN = 'Europe/Berlin';

/** Formatters (one per zone, about 30 kB each) kept at most; the least recently used one goes first. */
export const ZONE_CACHE_LIMIT = 16;
/** Spellings of zone names remembered with their canonical name (or none). */
const SPELLING_LIMIT = 512;
/** Offsets remembered per zone (per UTC day, and per quarter hour on the days of a change). */
const OFFSET_LIMIT = 50_000;
const QUARTER_MS = 15 * 60_000;
const DAY_MS = 86_400_000;

/** A map that forgets its least recently used entry beyond `limit` (a Map iterates in insertion order). */
class Lru<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }
  override get(key: K): V | undefined {
    if (!super.has(key)) return undefined;
    const value = super.get(key) as V;
    super.delete(key);
    super.set(key, value);
    return value;
  }
  override set(key: K, value: V): this {
    super.delete(key);
    super.set(key, value);
    if (this.size > this.limit) super.delete(this.keys().next().value as K);
    return this;
  }
}

interface ZoneClock {
  zone: string;
  format: Intl.DateTimeFormat;
  /** UTC day -> the zone's offset in ms all that day, or null on a day the offset changes. */
  days: Map<number, number | null>;
  /** UTC quarter hour -> offset, on the days the offset changes. */
  quarters: Map<number, number>;
}

const clocks = new Lru<string, ZoneClock>(ZONE_CACHE_LIMIT);
const spellings = new Lru<string, string | null>(SPELLING_LIMIT);
let canonicalNames: Map<string, string> | undefined;
let recent: ZoneClock | undefined;

/** The runtime's canonical zone names by their lower-case spelling. */
function canonicalByLowerCase(): Map<string, string> {
  if (!canonicalNames) {
    canonicalNames = new Map(Intl.supportedValuesOf('timeZone').map((z) => [z.toLowerCase(), z]));
    canonicalNames.set('utc', 'UTC');
  }
  return canonicalNames;
}

/** The canonical IANA name of a zone named in any spelling or by an alias (`us/eastern`), or undefined if the runtime knows no such zone. */
export function canonicalZone(name: string): string | undefined {
  const key = name.trim().toLowerCase();
  if (!key || key.length > 64) return undefined;
  const known = canonicalByLowerCase().get(key);
  if (known) return known;
  const remembered = spellings.get(key);
  if (remembered !== undefined) return remembered ?? undefined;
  let resolved: string | null;
  try {
    // An alias (`Asia/Calcutta`, `US/Eastern`): the runtime names its zone; the formatter is not kept.
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: key }).resolvedOptions().timeZone;
  } catch {
    resolved = null;
  }
  spellings.set(key, resolved);
  return resolved ?? undefined;
}

/** Zones with a kept formatter (for the tests of the bound). */
export function cachedZoneCount(): number {
  return clocks.size;
}

/** The clock of a canonical zone name (from canonicalZone or BERLIN). */
function clock(zone: string): ZoneClock {
  if (recent?.zone === zone) return recent;
  let c = clocks.get(zone);
  if (!c) {
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    c = { zone, format, days: new Map(), quarters: new Map() };
    clocks.set(zone, c);
  }
  recent = c;
  return c;
}

/** The zone's offset at `ms` as Intl formats it. */
function formattedOffset(c: ZoneClock, ms: number): number {
  const parts: Record<string, number> = {};
  for (const p of c.format.formatToParts(new Date(ms))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) - ms;
}

/**
 * Offset of `zone` from UTC at the instant `ms`, in milliseconds. Intl is asked twice per UTC day (its first and
 * last quarter hour): the same offset means the whole day has it; on a day of a change, once per quarter hour
 * (changes fall on whole quarter hours).
 */
function offsetAt(ms: number, zone: string): number {
  const c = clock(zone);
  const day = Math.floor(ms / DAY_MS);
  let whole = c.days.get(day);
  if (whole === undefined) {
    const first = formattedOffset(c, day * DAY_MS);
    whole = first === formattedOffset(c, (day + 1) * DAY_MS - QUARTER_MS) ? first : null;
    if (c.days.size >= OFFSET_LIMIT) c.days.clear();
    c.days.set(day, whole);
  }
  if (whole !== null) return whole;
  const quarter = Math.floor(ms / QUARTER_MS);
  let offset = c.quarters.get(quarter);
  if (offset === undefined) {
    offset = formattedOffset(c, quarter * QUARTER_MS);
    if (c.quarters.size >= OFFSET_LIMIT) c.quarters.clear();
    c.quarters.set(quarter, offset);
  }
  return offset;
}

interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
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
  const wall = new Date(ms + offsetAt(ms, BERLIN));
  const date = `${wall.getUTCFullYear()}-${String(wall.getUTCMonth() + 1).padStart(2, '0')}-${String(wall.getUTCDate()).padStart(2, '0')}`;
  return { date, slot: wall.getUTCHours() * 4 + Math.floor(wall.getUTCMinutes() / 15) };
}

/** The instant 00:00 Berlin starts the day `YYYY-MM-DD`. */
export function berlinMidnight(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return instantOf({ year, month, day, hour: 0, minute: 0, second: 0 }, BERLIN);
}
