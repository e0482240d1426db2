// Pure logic of the weekly grid editor: rectangles, painting, two-tap selection, keyboard moves.
// All slot storage is `WeekSlots` from @stundenplan/timegrid; nothing here re-implements slot maths.
import { DAYS, SLOTS_PER_DAY, WeekSlots } from '@stundenplan/timegrid';

/** One cell of the grid: day 0 (Montag) .. 6 (Sonntag), slot 0 (0.00) .. 95 (23.45). */
export interface CellRef {
  day: number;
  slot: number;
}

/** Visible rows: slot `start` up to, not including, slot `end` (so 32..76 shows 8:00 to 19:00). */
export interface SlotRange {
  start: number;
  end: number;
}

export const ALL_DAYS: readonly number[] = Object.freeze([0, 1, 2, 3, 4, 5, 6]);

export function sameCell(a: CellRef | null | undefined, b: CellRef | null | undefined): boolean {
  return !!a && !!b && a.day === b.day && a.slot === b.slot;
}

/** Clamps a visible range into 0..96 with at least one row. */
export function clampRange(range: SlotRange): SlotRange {
  const start = Math.min(Math.max(0, Math.floor(range.start)), SLOTS_PER_DAY - 1);
  const end = Math.max(start + 1, Math.min(SLOTS_PER_DAY, Math.floor(range.end)));
  return { start, end };
}

/** Slot indexes of the visible rows, ascending. */
export function visibleSlots(range: SlotRange): number[] {
  const { start, end } = clampRange(range);
  return Array.from({ length: end - start }, (_, i) => start + i);
}

/** "8:00" on rows at minute 00, otherwise null (docs/product/planning.md: a full-hour label on each row at minute 00). */
export function hourLabel(slot: number): string | null {
  // '08:00', as the planner (step 4) writes times.
  return slot % 4 === 0 ? `${String(slot / 4).padStart(2, '0')}:00` : null;
}

/** "9:15" for the start of a slot; 96 gives "24:00". */
export function slotTime(slot: number): string {
  const minutes = (slot % 4) * 15;
  return `${Math.floor(slot / 4)}:${minutes === 0 ? '00' : minutes}`;
}

/** "09:15" for the start of a slot, as cell names and announcements say it. */
export function clockTime(slot: number): string {
  return `${String(Math.floor(slot / 4)).padStart(2, '0')}:${String((slot % 4) * 15).padStart(2, '0')}`;
}

/** Days shown, in week order: all days except `hiddenDays`. */
export function visibleDays(hiddenDays: readonly number[] = []): number[] {
  return ALL_DAYS.filter((day) => !hiddenDays.includes(day));
}

/**
 * The cells of the rectangle spanned by two corners: every visible day column between the two
 * (in visible order, hidden days skipped) and every slot between the two rows, as a WeekSlots.
 */
export function rectangle(a: CellRef, b: CellRef, days: readonly number[] = ALL_DAYS): WeekSlots {
  const ia = days.indexOf(a.day);
  const ib = days.indexOf(b.day);
  const fromSlot = Math.min(a.slot, b.slot);
  const toSlot = Math.max(a.slot, b.slot) + 1;
  const columns = ia === -1 || ib === -1 ? [a.day, b.day].filter((d, i, all) => all.indexOf(d) === i) : days.slice(Math.min(ia, ib), Math.max(ia, ib) + 1);
  return WeekSlots.fromRanges(columns.map((day) => ({ day, start: fromSlot, end: toSlot })));
}

/**
 * Paints `area` onto `value`: on = add, off = remove. Only slots in `enabled` change
 * (undefined = everything editable), so disabled slots keep whatever they had.
 */
export function paint(value: WeekSlots, area: WeekSlots, on: boolean, enabled?: WeekSlots): WeekSlots {
  const editable = enabled ? area.intersect(enabled) : area;
  return on ? value.union(editable) : value.difference(editable);
}

/** The state a stroke starting at `cell` paints: the opposite of the cell's current state. */
export function paintValueFor(value: WeekSlots, cell: CellRef): boolean {
  return !value.has(cell.day, cell.slot);
}

export function isEnabled(cell: CellRef, enabled?: WeekSlots): boolean {
  return !enabled || enabled.has(cell.day, cell.slot);
}

/** Toggles one cell (no change when it is disabled). */
export function toggleCell(value: WeekSlots, cell: CellRef, enabled?: WeekSlots): WeekSlots {
  if (!isEnabled(cell, enabled)) return value;
  return value.with(cell.day, cell.slot, !value.has(cell.day, cell.slot));
}

/** Applies a finished stroke (drag or two taps) from `anchor` to `target`. */
export function applyStroke(
  value: WeekSlots,
  anchor: CellRef,
  target: CellRef,
  opts: { days?: readonly number[]; enabled?: WeekSlots; paintOn?: boolean } = {},
): WeekSlots {
  const on = opts.paintOn ?? paintValueFor(value, anchor);
  return paint(value, rectangle(anchor, target, opts.days), on, opts.enabled);
}

// ---------------------------------------------------------------------------------------------
// Drag (desktop): pointer down on a cell starts a stroke that paints the first cell's new state
// over the rectangle to the cell under the pointer; pointer up commits it.

export interface DragState {
  anchor: CellRef;
  current: CellRef;
  paintOn: boolean;
}

export function startDrag(value: WeekSlots, cell: CellRef, enabled?: WeekSlots): DragState | null {
  if (!isEnabled(cell, enabled)) return null;
  return { anchor: cell, current: cell, paintOn: paintValueFor(value, cell) };
}

export function moveDrag(drag: DragState, cell: CellRef): DragState {
  return sameCell(drag.current, cell) ? drag : { ...drag, current: cell };
}

export function finishDrag(value: WeekSlots, drag: DragState, opts: { days?: readonly number[]; enabled?: WeekSlots } = {}): WeekSlots {
  return applyStroke(value, drag.anchor, drag.current, { ...opts, paintOn: drag.paintOn });
}

// ---------------------------------------------------------------------------------------------
// Two taps (mobile): the first tap marks a corner, the second applies the rectangle. Tapping the
// same cell twice toggles just that cell.

export interface TwoTapState {
  anchor: CellRef | null;
}

export interface TwoTapResult {
  state: TwoTapState;
  /** The new value when the tap completed a rectangle, else null. */
  value: WeekSlots | null;
}

export function twoTap(state: TwoTapState, value: WeekSlots, cell: CellRef, opts: { days?: readonly number[]; enabled?: WeekSlots } = {}): TwoTapResult {
  if (!state.anchor) {
    if (!isEnabled(cell, opts.enabled)) return { state, value: null };
    return { state: { anchor: cell }, value: null };
  }
  return { state: { anchor: null }, value: applyStroke(value, state.anchor, cell, opts) };
}

// ---------------------------------------------------------------------------------------------
// Keyboard: arrow keys move within the visible rows and days, Home/End to the first/last day,
// PageUp/PageDown by one hour.

export function moveFocus(cell: CellRef, key: string, days: readonly number[], range: SlotRange): CellRef | null {
  const { start, end } = clampRange(range);
  const col = Math.max(0, days.indexOf(cell.day));
  const clampSlot = (slot: number) => Math.min(end - 1, Math.max(start, slot));
  switch (key) {
    case 'ArrowUp':
      return { day: cell.day, slot: clampSlot(cell.slot - 1) };
    case 'ArrowDown':
      return { day: cell.day, slot: clampSlot(cell.slot + 1) };
    case 'ArrowLeft':
      return { day: days[Math.max(0, col - 1)] ?? cell.day, slot: cell.slot };
    case 'ArrowRight':
      return { day: days[Math.min(days.length - 1, col + 1)] ?? cell.day, slot: cell.slot };
    case 'Home':
      return { day: days[0] ?? cell.day, slot: cell.slot };
    case 'End':
      return { day: days[days.length - 1] ?? cell.day, slot: cell.slot };
    case 'PageUp':
      return { day: cell.day, slot: clampSlot(cell.slot - 4) };
    case 'PageDown':
      return { day: cell.day, slot: clampSlot(cell.slot + 4) };
    default:
      return null;
  }
}

/** A cell that is valid for the current view: the wanted one if visible, else the first visible. */
export function visibleCell(cell: CellRef | null, days: readonly number[], range: SlotRange): CellRef | null {
  if (days.length === 0) return null;
  const { start, end } = clampRange(range);
  if (cell && days.includes(cell.day) && cell.slot >= start && cell.slot < end) return cell;
  return { day: cell && days.includes(cell.day) ? cell.day : days[0]!, slot: cell ? Math.min(end - 1, Math.max(start, cell.slot)) : start };
}

// ---------------------------------------------------------------------------------------------
// Ranges of a week.

/** First and last+1 slot used on any day, or null for an empty week. */
export function extentOf(week: WeekSlots): SlotRange | null {
  let start = SLOTS_PER_DAY;
  let end = 0;
  for (let day = 0; day < DAYS; day++) {
    const slots = week.slots(day);
    if (slots.length === 0) continue;
    start = Math.min(start, slots[0]!);
    end = Math.max(end, slots[slots.length - 1]! + 1);
  }
  return end > start ? { start, end } : null;
}

/** Smallest range covering both (null counts as nothing). */
export function unionRange(a: SlotRange | null, b: SlotRange | null): SlotRange | null {
  if (!a) return b;
  if (!b) return a;
  return { start: Math.min(a.start, b.start), end: Math.max(a.end, b.end) };
}

/** Number of set slots of `week` outside the visible rows or on hidden days. */
export function countOutsideView(week: WeekSlots, range: SlotRange, hiddenDays: readonly number[] = []): number {
  const { start, end } = clampRange(range);
  const days = visibleDays(hiddenDays);
  const view = WeekSlots.fromRanges(days.map((day) => ({ day, start, end })));
  return week.difference(view).count();
}

/** Summed minutes of a week (15 per slot). */
export function weekMinutes(week: WeekSlots): number {
  return week.count() * 15;
}
