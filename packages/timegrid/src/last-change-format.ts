/** "Letzte Änderung" display (docs/product/limits.md "Last-change display"). */

export type DateInput = Date | string | number | null | undefined;

const MINUTE_MS = 60_000;

function toDate(value: DateInput): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * Relative age of a change, measured against `now` (whole units, rounded down):
 * no (or an unparsable) value -> '---'; at most 1 min (or in the future) -> 'gerade eben';
 * under 60 min -> 'n min'; under 24 h -> 'n Std.'; under 30 days -> 'n d'; otherwise '> 30 d'.
 */
export function formatLastChange(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '---';
  const minutes = Math.floor((now.getTime() - date.getTime()) / MINUTE_MS);
  if (minutes <= 1) return 'gerade eben';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} Std.`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `${days} d`;
  return '> 30 d';
}

export interface DateTimeFormatOptions {
  /** IANA time zone; default: the runtime's local zone. */
  timeZone?: string;
}

/** German date and time "22.11.2026, 09:15" (de-DE, 24 h clock). */
export function formatGermanDateTime(value: Date, opts: DateTimeFormatOptions = {}): string {
  const parts = new Intl.DateTimeFormat('de-DE', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: opts.timeZone,
  }).formatToParts(value);
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')}, ${part('hour')}:${part('minute')}`;
}

/** Hover text of the last change: full German date and time, or 'Keine Änderung erfasst'. */
export function formatLastChangeTitle(value: DateInput, opts: DateTimeFormatOptions = {}): string {
  const date = toDate(value);
  return date ? formatGermanDateTime(date, opts) : 'Keine Änderung erfasst';
}
