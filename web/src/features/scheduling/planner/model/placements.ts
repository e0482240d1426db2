/** Pure operations on the plan (docs/product/planning.md "Student placement", docs/product/planning.md "Drop availability check"). */
import { DAYS, SLOTS_PER_DAY, WeekSlots, durationToSlots, slotToLabel, type LessonWeek } from '@stundenplan/timegrid';
import type { ErrorEntry, Placement, PlanContent, PlannerRoom } from './types';

/** Slots a member's lesson occupies: duration / 15, at least 1. */
export function lessonSlots(duration: number): number {
  return durationToSlots(duration);
}

/**
 * Places a member at `day`/`start` for `length` slots. Any earlier placement of that member and
 * its 'ERROR: ...' entries are cleared; the lock of an earlier placement is kept (a moved locked
 * lesson stays locked).
 */
export function placeMember(plan: PlanContent, memberId: string, day: number, start: number, length: number, week?: LessonWeek | null): PlanContent {
  const previous = plan.placements.find((p) => p.memberId === memberId);
  // A biweekly lesson keeps its week when it is moved (unless the caller gives one).
  const lessonWeek = week === undefined ? previous?.week : week;
  const next: Placement = {
    memberId,
    day,
    start,
    end: start + length,
    pinned: previous?.pinned ?? false,
    ...(lessonWeek ? { week: lessonWeek } : {}),
    ...roomAfterMove(previous, day, start, lessonWeek ?? null),
  };
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

/** Moves a biweekly lesson into the other week (the caller checks that it is free there). */
export function setLessonWeek(plan: PlanContent, memberId: string, week: LessonWeek): PlanContent {
  return {
    placements: plan.placements.map((p) => (p.memberId === memberId ? { ...p, week, ...(p.room ? { roomUnchecked: true } : {}) } : p)),
    errors: plan.errors,
  };
}

/**
 * The room of a lesson after it was placed again: kept as it is at the same time, kept but to be checked
 * (`roomUnchecked`, useRoomRecheck asks room-options) at another time; none for a new lesson.
 */
function roomAfterMove(previous: Placement | undefined, day: number, start: number, week: LessonWeek | null): Partial<Placement> {
  if (!previous?.room) return {};
  const same = previous.day === day && previous.start === start && (previous.week ?? null) === week;
  return same ? { room: previous.room, ...(previous.roomUnchecked ? { roomUnchecked: true } : {}) } : { room: previous.room, roomUnchecked: true };
}

/** The teacher's room choice (null: none, given when the plan is sent); the check of a moved lesson is over. */
export function setLessonRoom(plan: PlanContent, memberId: string, room: PlannerRoom | null): PlanContent {
  return {
    placements: plan.placements.map((p) => {
      if (p.memberId !== memberId) return p;
      const { roomUnchecked: _checked, ...rest } = p;
      return { ...rest, room };
    }),
    errors: plan.errors,
  };
}

/** Two lessons can share a quarter hour only when both are biweekly and in different weeks. */
export function weeksMeet(a: LessonWeek | null | undefined, b: LessonWeek | null | undefined): boolean {
  return !a || !b || a === b;
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

/** Who occupies slot `slot` of `day` (placements first), if anyone; with `week`, lessons of the other week do not count. */
export function occupantAt(plan: PlanContent, day: number, slot: number, exceptMemberId?: string, week?: LessonWeek | null): string | undefined {
  for (const s of [...plan.placements, ...plan.errors]) {
    if (!weeksMeet('week' in s ? s.week : null, week)) continue;
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
export function evaluateDrop(
  plan: PlanContent,
  memberId: string,
  day: number,
  start: number,
  length: number,
  times: WeekSlots,
  week?: LessonWeek | null,
): DropVerdict {
  if (!Number.isInteger(day) || day < 0 || day >= DAYS || !Number.isInteger(start) || start < 0 || start + length > SLOTS_PER_DAY) {
    return { kind: 'outside' };
  }
  for (let slot = start; slot < start + length; slot++) {
    // The member's own lesson and own error entries make room (placing clears them).
    const by = occupantAt(plan, day, slot, memberId, week);
    if (by !== undefined) return { kind: 'occupied', by };
  }
  return { kind: 'ok', available: isAvailableAt(times, day, start, length) };
}

/**
 * The week a biweekly student's lesson gets at a drop: a moved lesson keeps its week; a new one goes into the A week,
 * or into the B week when only that one is free there.
 */
export function dropWeek(plan: PlanContent, memberId: string, current: LessonWeek | null | undefined, day: number, start: number, length: number): LessonWeek {
  if (current) return current;
  const free = (week: LessonWeek) => Array.from({ length }, (_, i) => start + i).every((slot) => occupantAt(plan, day, slot, memberId, week) === undefined);
  return !free('A') && free('B') ? 'B' : 'A';
}

/** Pinned lessons in the calculation body: `{ member_id, day, start: "9.00" }`, with the week of a biweekly lesson. */
export function pinnedForCalculation(
  placements: readonly Placement[],
  memberIds: ReadonlySet<string>,
): { member_id: string; day: number; start: string; week?: LessonWeek }[] {
  return placements
    .filter((p) => p.pinned && memberIds.has(p.memberId))
    .map((p) => ({ member_id: p.memberId, day: p.day, start: slotToLabel(p.start), ...(p.week ? { week: p.week } : {}) }));
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
