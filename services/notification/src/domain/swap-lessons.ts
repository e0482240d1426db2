import { addDays, daysBetween, weekdayOf, type WeekSlots } from '@stundenplan/timegrid';
import type { CancellationRow } from '../data/makeup-repository.js';
import type { SwapRow } from '../data/swap-repository.js';
import { roomOf, type DatedLesson } from './dated-lesson.js';

/**
 * Swaps between two students of a class over their dated lessons (docs/product/semester.md "Swaps"): for one
 * date the asking student's lesson and the other's lesson of that week change hands; without a date every such
 * pair of lessons from the swap's first date on. Each takes the other's date and time; both are 'swapped'.
 */

/** Only a first name and an initial of another student ("Lena V."). */
export function shortName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length < 2) return parts[0] ?? '';
  return `${parts[0]} ${parts[parts.length - 1]!.charAt(0).toUpperCase()}.`;
}

/** The Monday of the date's week. */
export const mondayOf = (date: string): string => addDays(date, -weekdayOf(date));

const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** A dated lesson's weekday and quarter hours (end exclusive). */
export function slotsOf(l: Pick<DatedLesson, 'date' | 'start' | 'end'>): { day: number; start: number; length: number } {
  const start = minutes(l.start) / 15;
  return { day: weekdayOf(l.date), start, length: minutes(l.end) / 15 - start };
}

/** Both lessons have the same length and each student's times hold the other's lesson. */
export function lessonsFit(a: DatedLesson, aTimes: WeekSlots, b: DatedLesson, bTimes: WeekSlots): boolean {
  const sa = slotsOf(a);
  const sb = slotsOf(b);
  if (sa.length !== sb.length || sa.length <= 0) return false;
  if (a.date === b.date && a.start === b.start) return false;
  return aTimes.containsWindow(sb.day, sb.start, sb.length) && bTimes.containsWindow(sa.day, sa.start, sa.length);
}

/** The planned lesson of a member in the week of `date` on or after `notBefore`, if any. */
export function lessonInWeek(all: readonly DatedLesson[], memberId: string, date: string, notBefore: string): DatedLesson | undefined {
  const monday = mondayOf(date);
  return all.find(
    (l) => l.member_id === memberId && l.status === 'planned' && l.date >= notBefore && daysBetween(monday, l.date) >= 0 && daysBetween(monday, l.date) < 7,
  );
}

/** The pairs of planned lessons (asking member's, other member's) a swap exchanges, week by week. */
export function swapPairs(all: readonly DatedLesson[], swap: Pick<SwapRow, 'memberId' | 'withMemberId' | 'date' | 'fromDate'>): [DatedLesson, DatedLesson][] {
  const own = all.filter((l) => l.member_id === swap.memberId && l.status === 'planned' && (swap.date ? l.date === swap.date : l.date >= swap.fromDate));
  const pairs: [DatedLesson, DatedLesson][] = [];
  const used = new Set<DatedLesson>();
  for (const a of own) {
    const b = all.find(
      (l) => !used.has(l) && l.member_id === swap.withMemberId && l.status === 'planned' && l.date >= swap.fromDate && mondayOf(l.date) === mondayOf(a.date),
    );
    if (!b) continue;
    used.add(b);
    pairs.push([a, b]);
  }
  return pairs;
}

/**
 * The class's dated lessons with its swaps applied, in the order they were made. A lesson cancelled before a swap
 * was made stays out of it (it is cancelled where it was, with its make-up); one cancelled after it was swapped
 * is cancelled where the swap put it.
 */
export function applySwaps(
  all: DatedLesson[],
  swaps: readonly SwapRow[],
  cancellations: readonly Pick<CancellationRow, 'memberId' | 'date' | 'start' | 'createdAt'>[] = [],
): DatedLesson[] {
  let out = all;
  const key = (memberId: string, date: string, start: string) => `${memberId}|${date}|${start}`;
  for (const swap of swaps) {
    const madeAt = (swap.decidedAt ?? swap.createdAt).getTime();
    const before = new Set(cancellations.filter((c) => c.createdAt.getTime() < madeAt).map((c) => key(c.memberId, c.date, c.start)));
    const pairs = swapPairs(before.size ? out.filter((l) => !before.has(key(l.member_id, l.date, l.start))) : out, swap);
    if (!pairs.length) continue;
    const replaced = new Map<DatedLesson, DatedLesson>();
    // The room stays with the date and time: who takes the other's lesson takes its room.
    const moved = (l: DatedLesson, to: DatedLesson, reason: string): DatedLesson => {
      const { room: _room, ...rest } = l;
      return { ...rest, date: to.date, start: to.start, end: to.end, status: 'swapped', reason, ...roomOf(to.room) };
    };
    for (const [a, b] of pairs) {
      replaced.set(a, moved(a, b, `Getauscht mit ${shortName(swap.withMemberName)}`));
      replaced.set(b, moved(b, a, `Getauscht mit ${shortName(swap.memberName)}`));
    }
    out = out.map((l) => replaced.get(l) ?? l);
  }
  return out;
}
