/**
 * Slot indexes, slot labels ("9.15") and clock strings ("09:15").
 *
 * A slot index names one quarter hour of a day: 0 = 0.00-0.15 ... 95 = 23.45-24.00.
 * Functions that describe a *boundary* (slotToMinutes, slotToClock) also accept 96 = 24:00,
 * so an exclusive range end can be shown; labels name slots and therefore stop at 95.
 */
import { DAY_END_MINUTES, SLOTS_PER_DAY, SLOT_MINUTES } from './constants.js';
import { TimegridError, TIMES_ERRORS, assertIntegerInRange } from './timegrid-error.js';

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** The 96 canonical labels "0.00" ... "23.45", index = slot. */
export const SLOT_LABELS: readonly string[] = Object.freeze(
  Array.from({ length: SLOTS_PER_DAY }, (_, slot) => `${Math.floor(slot / 4)}.${pad2((slot % 4) * SLOT_MINUTES)}`),
);

/** Accepted label spellings: "H.MM" and "HH.MM" (e.g. "9.00" and "09.00"), minutes 00/15/30/45. */
const LABEL_TO_SLOT: ReadonlyMap<string, number> = (() => {
  const map = new Map<string, number>();
  for (let slot = 0; slot < SLOTS_PER_DAY; slot++) {
    const hour = Math.floor(slot / 4);
    const minutes = pad2((slot % 4) * SLOT_MINUTES);
    map.set(`${hour}.${minutes}`, slot);
    map.set(`${pad2(hour)}.${minutes}`, slot);
  }
  return map;
})();

/** True for an integer 0..95. */
export function isValidSlot(slot: unknown): slot is number {
  return typeof slot === 'number' && Number.isInteger(slot) && slot >= 0 && slot < SLOTS_PER_DAY;
}

/** 37 -> "9.15". Throws TimegridError outside 0..95 or for non-integers. */
export function slotToLabel(slot: number): string {
  assertIntegerInRange(slot, 0, SLOTS_PER_DAY - 1, 'slot');
  return SLOT_LABELS[slot]!;
}

/** The slot index of a label, or undefined when `label` is not exactly "H.MM" / "HH.MM" on a quarter hour. */
export function tryLabelToSlot(label: unknown): number | undefined {
  return typeof label === 'string' ? LABEL_TO_SLOT.get(label) : undefined;
}

/**
 * "9.15" -> 37. Strict: accepts exactly "H.MM" or "HH.MM" with hour 0-23 and minutes 00/15/30/45;
 * throws TimegridError (German message) for anything else ("9.10", "25.00", "9", " 9.00", ...).
 */
export function labelToSlot(label: string): number {
  const slot = tryLabelToSlot(label);
  if (slot === undefined) throw new TimegridError('invalid_label', TIMES_ERRORS.invalidLabel(label));
  return slot;
}

/** Start of a slot boundary in minutes since midnight: 37 -> 555; 96 -> 1440. */
export function slotToMinutes(slot: number): number {
  assertIntegerInRange(slot, 0, SLOTS_PER_DAY, 'slot');
  return slot * SLOT_MINUTES;
}

/** Minutes since midnight as "HH:MM": 555 -> "09:15"; 1440 -> "24:00". Integers 0..1440 only. */
export function minutesToClock(minutes: number): string {
  assertIntegerInRange(minutes, 0, DAY_END_MINUTES, 'minutes');
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

/** Slot boundary as "HH:MM": 37 -> "09:15"; 96 -> "24:00". */
export function slotToClock(slot: number): string {
  return minutesToClock(slotToMinutes(slot));
}

/**
 * Slot containing `minutes` (rounded down to the quarter hour): 555 -> 37, 560 -> 37.
 * Accepts 0..1440; 1440 gives 96 (the end boundary).
 */
export function minutesToSlot(minutes: number): number {
  assertIntegerInRange(minutes, 0, DAY_END_MINUTES, 'minutes');
  return Math.floor(minutes / SLOT_MINUTES);
}
