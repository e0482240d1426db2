/**
 * Parser of the available-times free text (docs/product/times.md "Available-times text"), e.g.
 * "Mo 9-12, 14:00-16:30; Di, Do 8-10; Mo-Fr ab 18; Sa von 9 bis 12".
 *
 * Grammar (case-insensitive, whitespace free-form):
 * - Day markers: German and English, long and short, optional trailing dot: montag/mo, dienstag/di,
 *   mittwoch/mi, donnerstag/do, freitag/fr, samstag/sonnabend/sa, sonntag/so; mon/monday,
 *   tue/tues/tuesday, wed/weds/wednesday, thu/thur/thurs/thursday, fri/friday, sat/saturday,
 *   sun/sunday. German long names also with the adverbial "s" (montags, dienstags, ...).
 * - A day marker applies to all following ranges until the next day marker. Consecutive markers
 *   before a range form a day list ("Mo, Mi 9-12" = both days; "Mo Mi 9-12" too).
 * - Day spans "Mo-Fr" / "Mo bis Fr" include both ends. DECISION: a span whose end comes before its
 *   start wraps around the week end: "Fr-Mo" = Fr, Sa, So, Mo ("Mo-Mo" = Mo).
 * - Ranges: "9-12", "14:00-16:30", "0900-1200", "9.30-11", "9 - 12"; "ab X" = X until 24:00.
 *   Times: "H", "HH" (whole hours), "H:MM"/"H.MM" (exactly two minute digits), "HMM"/"HHMM".
 *   Hours 0-23, minutes 0-59; "24" / "24:00" / "24.00" / "2400" = end of day (1440) and, because a
 *   range's start must be before its end, only usable as an end.
 * - 'von' and 'uhr' are ignored ("von 9 bis 12 Uhr"), 'bis' (and en/em dashes) mean '-',
 *   'und' and ';' mean ','. A '.' or ':' that is not part of a time or day is a separator too
 *   ("Montag: 9-12. Dienstag: 10-11").
 * - DECISION (rounding): minutes not on a quarter hour are rounded inward (start up, end down), so no
 *   slot outside the typed range is produced; a range that becomes empty ("9:05-9:10") is dropped
 *   silently (it is valid text, it just covers no whole quarter hour).
 * - A range with start >= end is an error ("12-9", "22-2", "ab 24").
 * - Ranges before the first day marker are checked but contribute nothing; text without any day
 *   marker (including empty text) is ok with an empty result. A day marker without ranges
 *   contributes nothing either ("Mo" while still typing).
 * - Anything else is an error: unknown words or characters, a time without a range ("Mo 9"),
 *   dangling dashes, more than 10,000 characters.
 * The result is split into 15-minute slots, deduplicated and sorted per day.
 */
import { DAY_END_MINUTES, MAX_TIMES_TEXT_LENGTH, SLOT_MINUTES } from './constants.js';
import { TIMES_TEXT_ERRORS } from './timegrid-error.js';
import type { TimesMap } from './times-map.js';
import { WeekSlots, type DaySlotRange } from './week-slots.js';

export type TimesTextParseError = 'Fehler beim Verarbeiten der Eingabe.';

export type ParseTimesTextResult = { ok: true; times: TimesMap; week: WeekSlots } | { ok: false; error: TimesTextParseError };

type Token = { kind: 'day'; day: number } | { kind: 'time'; minutes: number } | { kind: 'dash' } | { kind: 'sep' } | { kind: 'from' };

const DAY_WORDS: ReadonlyMap<string, number> = new Map(
  (
    [
      ['montag', 'montags', 'mo', 'mon', 'monday'],
      ['dienstag', 'dienstags', 'di', 'tue', 'tues', 'tuesday'],
      ['mittwoch', 'mittwochs', 'mi', 'wed', 'weds', 'wednesday'],
      ['donnerstag', 'donnerstags', 'do', 'thu', 'thur', 'thurs', 'thursday'],
      ['freitag', 'freitags', 'fr', 'fri', 'friday'],
      ['samstag', 'samstags', 'sonnabend', 'sonnabends', 'sa', 'sat', 'saturday'],
      ['sonntag', 'sonntags', 'so', 'sun', 'sunday'],
    ] as const
  ).flatMap((words, day) => words.map((word) => [word, day] as const)),
);

const IGNORED_WORDS = new Set(['von', 'uhr']);
const DASH_WORDS = new Set(['bis']);
const SEPARATOR_WORDS = new Set(['und']);
const FROM_WORDS = new Set(['ab']);

const WORD = /[a-zäöüß]+/y;
const NUMBER = /(\d+)(?:[.:](\d+))?/y;
const WHITESPACE = /\s/;
const DASH_CHARS = new Set(['-', '\u2010', '\u2011', '\u2012', '\u2013', '\u2014', '\u2212']);
const SEPARATOR_CHARS = new Set([',', ';', '.', ':']);

/** A time token as minutes since midnight (0..1440), or undefined when malformed. */
function timeToMinutes(hourDigits: string, minuteDigits: string | undefined): number | undefined {
  let hours: number;
  let minutes: number;
  if (minuteDigits !== undefined) {
    if (hourDigits.length > 2 || minuteDigits.length !== 2) return undefined;
    hours = Number(hourDigits);
    minutes = Number(minuteDigits);
  } else if (hourDigits.length <= 2) {
    hours = Number(hourDigits);
    minutes = 0;
  } else if (hourDigits.length <= 4) {
    hours = Number(hourDigits.slice(0, -2));
    minutes = Number(hourDigits.slice(-2));
  } else {
    return undefined;
  }
  if (minutes > 59) return undefined;
  if (hours === 24 && minutes === 0) return DAY_END_MINUTES;
  if (hours > 23) return undefined;
  return hours * 60 + minutes;
}

function tokenize(text: string): Token[] | undefined {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (WHITESPACE.test(ch)) {
      i++;
    } else if (DASH_CHARS.has(ch)) {
      tokens.push({ kind: 'dash' });
      i++;
    } else if (SEPARATOR_CHARS.has(ch)) {
      tokens.push({ kind: 'sep' });
      i++;
    } else if (ch >= '0' && ch <= '9') {
      NUMBER.lastIndex = i;
      const match = NUMBER.exec(text);
      if (!match) return undefined;
      const minutes = timeToMinutes(match[1]!, match[2]);
      if (minutes === undefined) return undefined;
      tokens.push({ kind: 'time', minutes });
      i = NUMBER.lastIndex;
    } else {
      WORD.lastIndex = i;
      const match = WORD.exec(text);
      if (!match) return undefined;
      const word = match[0];
      i = WORD.lastIndex;
      const day = DAY_WORDS.get(word);
      if (day !== undefined) {
        tokens.push({ kind: 'day', day });
        if (text[i] === '.') i++; // "Mo." – the abbreviation dot belongs to the day
      } else if (DASH_WORDS.has(word)) tokens.push({ kind: 'dash' });
      else if (SEPARATOR_WORDS.has(word)) tokens.push({ kind: 'sep' });
      else if (FROM_WORDS.has(word)) tokens.push({ kind: 'from' });
      else if (!IGNORED_WORDS.has(word)) return undefined;
    }
  }
  return tokens;
}

/** Days from `first` to `last` inclusive, wrapping past Sunday when `last` < `first`. */
function daySpan(first: number, last: number): number[] {
  const days = [first];
  for (let day = first; day !== last; ) {
    day = (day + 1) % 7;
    days.push(day);
  }
  return days;
}

const FAILURE: ParseTimesTextResult = Object.freeze({ ok: false, error: TIMES_TEXT_ERRORS.parse as TimesTextParseError });

/** Parses the available-times free text; see the module comment for the accepted language. */
export function parseTimesText(text: string): ParseTimesTextResult {
  if (typeof text !== 'string' || text.length > MAX_TIMES_TEXT_LENGTH) return FAILURE;
  const tokens = tokenize(text.toLowerCase());
  if (!tokens) return FAILURE;

  const ranges: DaySlotRange[] = [];
  let groupDays: number[] = [];
  let groupHasRanges = false;

  /** Adds [start, end) minutes to the current day group; false when the range is invalid. */
  const addRange = (start: number, end: number): boolean => {
    if (start >= end) return false;
    groupHasRanges = true;
    const first = Math.ceil(start / SLOT_MINUTES);
    const last = Math.floor(end / SLOT_MINUTES);
    if (first < last) for (const day of groupDays) ranges.push({ day, start: first, end: last });
    return true;
  };

  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i]!;
    const next = tokens[i + 1];
    const afterNext = tokens[i + 2];
    switch (token.kind) {
      case 'sep':
        i += 1;
        break;
      case 'day': {
        let days = [token.day];
        i += 1;
        if (next?.kind === 'dash' && afterNext?.kind === 'day') {
          days = daySpan(token.day, afterNext.day);
          i += 2;
        }
        if (groupHasRanges) {
          groupDays = [];
          groupHasRanges = false;
        }
        // A day named twice in one list ("Mo Mo", "Mo-So Mo") counts once.
        for (const day of days) if (!groupDays.includes(day)) groupDays.push(day);
        break;
      }
      case 'from':
        if (next?.kind !== 'time' || !addRange(next.minutes, DAY_END_MINUTES)) return FAILURE;
        i += 2;
        break;
      case 'time':
        if (next?.kind !== 'dash' || afterNext?.kind !== 'time' || !addRange(token.minutes, afterNext.minutes)) {
          return FAILURE;
        }
        i += 3;
        break;
      case 'dash':
        return FAILURE;
    }
  }

  const week = WeekSlots.fromRanges(ranges);
  return { ok: true, times: week.toTimesMap(), week };
}
