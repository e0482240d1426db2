/** Pure operations on the plan (docs/product/planning.md "Student placement", docs/product/planning.md "Drop availability check"). */
import { DAYS, SLOTS_PER_DAY, WeekSlots, durationToSlots, slotToLabel } from '@stundenplan/timegrid';
import type { ErrorEntry, Placement, PlanContent } from './types';

/** Slots a member's lesson occupies: duration / 15, at least 1. */
export function lessonSlots(duration: number): number {
  return durationToSlots(duration);
}

/**
 * Places a member at `day`/`start` for `length` slots. Any earlier placement of that member and
 * its 'ERROR: ...' entries are cleared; the lock of an earlier placement is kept (a moved locked
 * lesson stays locked).
 */
export function placeMember(plan: PlanContent, memberId: string, day: number, start: number, length: number): PlanContent {
  const previous = plan.placements.find((p) => p.memberId === memberId);
  const next: Placement = { memberId, day, start, end: start + length, pinned: previous?.pinned ?? false };
  return {
    placements: [...plan.placements.filter((p) => p.memberId !== memberId), next],
    errors: plan.errors.filter((e) => e.memberId !== memberId),
  };
}

/** The delete cross: the member is unplaced (day null, empty range). */
export function unplaceMember(plan: PlanContent, memberId: string): PlanContent {
  return { placements: plan.placements.filter((p) => p.memberId !== memberId), errors: plan.errors };
}

export function removeErrorEntry(plan: PlanContent, key: string): PlanContent {
  return { placements: plan.placements, errors: plan.errors.filter((e) => e.key !== key) };
}

export function togglePinned(plan: PlanContent, memberId: string): PlanContent {
  return { placements: plan.placements.map((p) => (p.memberId === memberId ? { ...p, pinned: !p.pinned } : p)), errors: plan.errors };
}

/** Every occupied slot (placements and error entries), optionally ignoring one member. */
export function occupiedWeek(plan: PlanContent, exceptMemberId?: string): WeekSlots {
  const spans: Array<Placement | ErrorEntry> = [...plan.placements, ...plan.errors].filter((s) => s.memberId !== exceptMemberId);
  const clamp = (slot: number) => Math.max(0, Math.min(SLOTS_PER_DAY, slot));
  return WeekSlots.fromRanges(
    spans
      .filter((s) => Number.isInteger(s.day) && s.day >= 0 && s.day < DAYS)
      .map((s) => ({ day: s.day, start: clamp(s.start), end: Math.max(clamp(s.start), clamp(s.end)) })),
  );
}

/** Who occupies slot `slot` of `day` (placements first), if anyone. */
export function occupantAt(plan: PlanContent, day: number, slot: number, exceptMemberId?: string): string | undefined {
  for (const s of [...plan.placements, ...plan.errors]) {
    if (s.memberId !== exceptMemberId && s.day === day && slot >= s.start && slot < s.end) return s.memberId;
  }
  return undefined;
}

/** True when every slot covering the lesson lies in the student's chosen times (docs/product/planning.md). */
export function isAvailableAt(times: WeekSlots, day: number, start: number, length: number): boolean {
  if (day < 0 || day >= DAYS || length < 1) return false;
  return times.containsWindow(day, start, length);
}

export type DropVerdict = { kind: 'outside' } | { kind: 'occupied'; by: string } | { kind: 'ok'; available: boolean };

/**
 * What dropping a member's lesson at `day`/`start` means: outside the day, on top of another
 * lesson, or fine — with `available` false when the override confirmation is needed.
 */
export function evaluateDrop(plan: PlanContent, memberId: string, day: number, start: number, length: number, times: WeekSlots): DropVerdict {
  if (!Number.isInteger(day) || day < 0 || day >= DAYS || !Number.isInteger(start) || start < 0 || start + length > SLOTS_PER_DAY) {
    return { kind: 'outside' };
  }
  for (let slot = start; slot < start + length; slot++) {
    // The member's own lesson and own error entries make room (placing clears them).
    const by = occupantAt(plan, day, slot, memberId);
    if (by !== undefined) return { kind: 'occupied', by };
  }
  return { kind: 'ok', available: isAvailableAt(times, day, start, length) };
}

/** Pinned lessons in the calculation body: `{ member_id, day, start: "9.00" }`. */
export function pinnedForCalculation(placements: readonly Placement[], memberIds: ReadonlySet<string>): { member_id: string; day: number; start: string }[] {
  return placements.filter((p) => p.pinned && memberIds.has(p.memberId)).map((p) => ({ member_id: p.memberId, day: p.day, start: slotToLabel(p.start) }));
}

/**
 * Where a keyboard drag of a member starts: their lesson (clamped into the visible range), else the first free
 * cell inside their chosen times, else the first free cell, else the top of Monday.
 */
export function keyboardStartCell(
  plan: PlanContent,
  memberId: string,
  placed: Placement | undefined,
  length: number,
  times: WeekSlots,
  range: { start: number; end: number },
): { day: number; slot: number } {
  if (placed) return { day: placed.day, slot: Math.max(range.start, Math.min(range.end - 1, placed.start)) };
  let free: { day: number; slot: number } | null = null;
  for (let day = 0; day < DAYS; day++) {
    for (let slot = range.start; slot + length <= range.end; slot++) {
      const verdict = evaluateDrop(plan, memberId, day, slot, length, times);
      if (verdict.kind !== 'ok') continue;
      if (verdict.available) return { day, slot };
      free ??= { day, slot };
    }
  }
  return free ?? { day: 0, slot: range.start };
}
