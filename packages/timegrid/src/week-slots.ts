/**
 * WeekSlots: an immutable set of quarter-hour slots over one week (7 days x 96 slots).
 *
 * Stored as 21 unsigned 32-bit words, 3 per day (bit `slot % 32` of word `day * 3 + slot / 32`).
 * Every operation returns a new instance; an instance never changes after construction.
 */
import { DAYS, SLOTS_PER_DAY } from './constants.js';
import { SLOT_LABELS, tryLabelToSlot } from './slot-labels.js';
import { TimegridError, TIMES_ERRORS, assertIntegerInRange } from './timegrid-error.js';
import type { FromTimesMapOptions, TimesMap, ToTimesMapOptions } from './times-map.js';

const WORDS_PER_DAY = 3;
const WORD_COUNT = DAYS * WORDS_PER_DAY;
/** Bytes of `toBytes()`: 672 bits. */
export const WEEK_SLOTS_BYTES = (DAYS * SLOTS_PER_DAY) / 8;

/** A contiguous run of slots on one day: [start, end) with `end` exclusive. */
export interface SlotRun {
  start: number;
  end: number;
}

/** A range of slots on one day: [start, end) with `end` exclusive (0 <= start <= end <= 96). */
export interface DaySlotRange {
  day: number;
  start: number;
  end: number;
}

/** The start of a window: `length` slots from `start` on `day`. */
export interface SlotWindow {
  day: number;
  start: number;
}

function popcount32(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

function assertDay(day: unknown): asserts day is number {
  assertIntegerInRange(day, 0, DAYS - 1, 'day');
}

function assertSlot(slot: unknown): asserts slot is number {
  assertIntegerInRange(slot, 0, SLOTS_PER_DAY - 1, 'slot');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const DAY_KEY = /^[0-6]$/;

/** Sets bits [start, end) of one day in `words` (mutates; internal use only). */
function setRange(words: Uint32Array, day: number, start: number, end: number): void {
  for (let slot = start; slot < end; slot++) {
    words[day * WORDS_PER_DAY + (slot >>> 5)]! |= 1 << (slot & 31);
  }
}

export class WeekSlots {
  readonly #words: Uint32Array;

  private constructor(words: Uint32Array) {
    this.#words = words;
  }

  /** A week without any slot. */
  static empty(): WeekSlots {
    return new WeekSlots(new Uint32Array(WORD_COUNT));
  }

  /** A week with all 672 slots. */
  static full(): WeekSlots {
    return new WeekSlots(new Uint32Array(WORD_COUNT).fill(0xffffffff));
  }

  /**
   * Reads the SPEC shape `{ "0": ["9.00", ...], ... }`.
   *
   * strict (default): throws TimegridError (German message, see TIMES_ERRORS) for a non-object
   * (including null and arrays), a day key other than "0".."6", a day value that is neither a list
   * nor null/undefined, more than 96 entries in one list, a non-string entry or an unknown label.
   * Duplicates are tolerated (a set cannot hold them); null/undefined/empty day lists mean no slots.
   *
   * non-strict: never throws; drops whatever is malformed and keeps the rest (a non-object gives
   * an empty week).
   */
  static fromTimesMap(map: unknown, opts: FromTimesMapOptions = {}): WeekSlots {
    const strict = opts.strict ?? true;
    const words = new Uint32Array(WORD_COUNT);
    if (!isPlainObject(map)) {
      if (strict) throw new TimegridError('not_an_object', TIMES_ERRORS.notAnObject);
      return new WeekSlots(words);
    }
    for (const key of Object.keys(map)) {
      if (!DAY_KEY.test(key)) {
        if (strict) throw new TimegridError('invalid_day', TIMES_ERRORS.invalidDay(key));
        continue;
      }
      const day = Number(key);
      const labels = map[key];
      if (labels === null || labels === undefined) continue;
      if (!Array.isArray(labels)) {
        if (strict) throw new TimegridError('invalid_day_list', TIMES_ERRORS.notAList(key));
        continue;
      }
      if (strict && labels.length > SLOTS_PER_DAY) {
        throw new TimegridError('too_many_labels', TIMES_ERRORS.tooMany(key));
      }
      for (const label of labels) {
        const slot = tryLabelToSlot(label);
        if (slot === undefined) {
          if (strict) throw new TimegridError('invalid_label', TIMES_ERRORS.invalidLabel(label));
          continue;
        }
        words[day * WORDS_PER_DAY + (slot >>> 5)]! |= 1 << (slot & 31);
      }
    }
    return new WeekSlots(words);
  }

  /** Builds a week from day ranges [start, end) (end exclusive). Throws TimegridError for invalid ranges. */
  static fromRanges(ranges: Iterable<DaySlotRange>): WeekSlots {
    const words = new Uint32Array(WORD_COUNT);
    for (const range of ranges) {
      assertDay(range?.day);
      assertIntegerInRange(range.start, 0, SLOTS_PER_DAY, 'range start');
      assertIntegerInRange(range.end, range.start, SLOTS_PER_DAY, 'range end');
      setRange(words, range.day, range.start, range.end);
    }
    return new WeekSlots(words);
  }

  /**
   * Reads the compact binary form of `toBytes()` (84 bytes: day-major, slot bit `slot % 8` of byte
   * `(day * 96 + slot) / 8`). Throws TimegridError for a different length.
   */
  static fromBytes(bytes: Uint8Array): WeekSlots {
    if (!(bytes instanceof Uint8Array) || bytes.length !== WEEK_SLOTS_BYTES) {
      throw new TimegridError('invalid_argument', `expected ${WEEK_SLOTS_BYTES} bytes`);
    }
    const words = new Uint32Array(WORD_COUNT);
    for (let i = 0; i < WORD_COUNT; i++) {
      const o = i * 4;
      words[i] = (bytes[o]! | (bytes[o + 1]! << 8) | (bytes[o + 2]! << 16) | (bytes[o + 3]! << 24)) >>> 0;
    }
    return new WeekSlots(words);
  }

  /** The compact binary form (84 bytes), e.g. for storage; see `fromBytes`. */
  toBytes(): Uint8Array {
    const bytes = new Uint8Array(WEEK_SLOTS_BYTES);
    for (let i = 0; i < WORD_COUNT; i++) {
      const w = this.#words[i]!;
      const o = i * 4;
      bytes[o] = w & 0xff;
      bytes[o + 1] = (w >>> 8) & 0xff;
      bytes[o + 2] = (w >>> 16) & 0xff;
      bytes[o + 3] = (w >>> 24) & 0xff;
    }
    return bytes;
  }

  /**
   * The SPEC shape: labels sorted by time, one canonical spelling ("9.00").
   * Default: only days with at least one slot; `{ allDays: true }`: all 7 keys.
   */
  toTimesMap(opts: ToTimesMapOptions = {}): TimesMap {
    const result: TimesMap = {};
    for (let day = 0; day < DAYS; day++) {
      const labels = this.slots(day).map((slot) => SLOT_LABELS[slot]!);
      if (labels.length > 0 || opts.allDays) result[String(day)] = labels;
    }
    return result;
  }

  /** JSON form = `toTimesMap()`. */
  toJSON(): TimesMap {
    return this.toTimesMap();
  }

  /** True when `slot` of `day` is set. Throws TimegridError for an invalid day or slot. */
  has(day: number, slot: number): boolean {
    assertDay(day);
    assertSlot(slot);
    return ((this.#words[day * WORDS_PER_DAY + (slot >>> 5)]! >>> (slot & 31)) & 1) === 1;
  }

  /** A copy with `slot` of `day` set (`on` = true) or cleared. */
  with(day: number, slot: number, on: boolean): WeekSlots {
    assertDay(day);
    assertSlot(slot);
    const words = this.#words.slice();
    const index = day * WORDS_PER_DAY + (slot >>> 5);
    const bit = 1 << (slot & 31);
    words[index] = on ? words[index]! | bit : words[index]! & ~bit;
    return new WeekSlots(words);
  }

  union(other: WeekSlots): WeekSlots {
    return this.#combine(other, (a, b) => a | b);
  }

  intersect(other: WeekSlots): WeekSlots {
    return this.#combine(other, (a, b) => a & b);
  }

  /** Slots of this week that are not in `other`. */
  difference(other: WeekSlots): WeekSlots {
    return this.#combine(other, (a, b) => a & ~b);
  }

  #combine(other: WeekSlots, op: (a: number, b: number) => number): WeekSlots {
    if (!(other instanceof WeekSlots)) throw new TimegridError('invalid_argument', 'expected a WeekSlots');
    const words = new Uint32Array(WORD_COUNT);
    for (let i = 0; i < WORD_COUNT; i++) words[i] = op(this.#words[i]!, other.#words[i]!);
    return new WeekSlots(words);
  }

  /** Number of set slots in the week. */
  count(): number {
    let total = 0;
    for (let i = 0; i < WORD_COUNT; i++) total += popcount32(this.#words[i]!);
    return total;
  }

  /** Number of set slots on `day`. */
  countDay(day: number): number {
    assertDay(day);
    const base = day * WORDS_PER_DAY;
    return popcount32(this.#words[base]!) + popcount32(this.#words[base + 1]!) + popcount32(this.#words[base + 2]!);
  }

  isEmpty(): boolean {
    return this.#words.every((word) => word === 0);
  }

  equals(other: WeekSlots): boolean {
    if (!(other instanceof WeekSlots)) return false;
    for (let i = 0; i < WORD_COUNT; i++) if (this.#words[i] !== other.#words[i]) return false;
    return true;
  }

  /** Set slots of `day`, ascending. */
  slots(day: number): number[] {
    assertDay(day);
    const result: number[] = [];
    for (let slot = 0; slot < SLOTS_PER_DAY; slot++) {
      if ((this.#words[day * WORDS_PER_DAY + (slot >>> 5)]! >>> (slot & 31)) & 1) result.push(slot);
    }
    return result;
  }

  /** Days (ascending) with at least one slot. */
  daysWithSlots(): number[] {
    const result: number[] = [];
    for (let day = 0; day < DAYS; day++) if (this.countDay(day) > 0) result.push(day);
    return result;
  }

  /**
   * True when all `length` slots start .. start+length-1 of `day` are set; false when the window
   * would start before 0 or run past slot 95. Throws TimegridError for an invalid day or a length
   * that is not a positive integer.
   */
  containsWindow(day: number, start: number, length: number): boolean {
    assertDay(day);
    assertIntegerInRange(length, 1, Number.MAX_SAFE_INTEGER, 'length');
    if (!Number.isInteger(start) || start < 0 || start + length > SLOTS_PER_DAY) return false;
    for (let slot = start; slot < start + length; slot++) {
      if (!((this.#words[day * WORDS_PER_DAY + (slot >>> 5)]! >>> (slot & 31)) & 1)) return false;
    }
    return true;
  }

  /** Every {day, start} (ordered by day, then start) where a window of `length` slots fits. */
  windows(length: number): SlotWindow[] {
    assertIntegerInRange(length, 1, Number.MAX_SAFE_INTEGER, 'length');
    const result: SlotWindow[] = [];
    for (let day = 0; day < DAYS; day++) {
      for (const run of this.runs(day)) {
        for (let start = run.start; start + length <= run.end; start++) result.push({ day, start });
      }
    }
    return result;
  }

  /** Maximal contiguous runs of set slots on `day`, ascending, each [start, end) with `end` exclusive. */
  runs(day: number): SlotRun[] {
    const result: SlotRun[] = [];
    let start = -1;
    const slots = this.slots(day);
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      if (start === -1) start = slot;
      if (i === slots.length - 1 || slots[i + 1] !== slot + 1) {
        result.push({ start, end: slot + 1 });
        start = -1;
      }
    }
    return result;
  }

  /**
   * Extends every set slot by `n` slots before and after, within the same day (clamped to 0..95).
   * `n` must be a non-negative integer; 0 returns an equal week.
   */
  pad(n: number): WeekSlots {
    assertIntegerInRange(n, 0, Number.MAX_SAFE_INTEGER, 'padding');
    const words = new Uint32Array(WORD_COUNT);
    for (let day = 0; day < DAYS; day++) {
      for (const run of this.runs(day)) {
        setRange(words, day, Math.max(0, run.start - n), Math.min(SLOTS_PER_DAY, run.end + n));
      }
    }
    return new WeekSlots(words);
  }
}
