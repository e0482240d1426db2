import { lockClassTimeline, type Db } from '../data/class-timeline.js';
import type { CancellationRow, MakeupRow } from '../data/makeup-repository.js';
import { de, type DatedLesson } from './dated-lesson.js';
import type { NotificationDeps } from './deps.js';
import { applySwaps } from './swap-lessons.js';

/** A dated lesson with the semester's changes: cancelled (by whom, its make-up) or a booked make-up. */
export type ChangedLesson = DatedLesson & { makeup_id?: string; cancelled_by?: 'teacher' | 'student' };

/**
 * The class's cancellations and booked make-ups over its dated lessons (after the swaps): a cancelled lesson keeps
 * its place with status 'cancelled' (its reason and make-up), a booked make-up is one more lesson 'makeup'.
 */
export function applyMakeupChanges(all: DatedLesson[], cancellations: readonly CancellationRow[], makeups: readonly MakeupRow[]): ChangedLesson[] {
  const cancelled = new Map(cancellations.map((c) => [`${c.memberId}|${c.date}|${c.start}`, c]));
  const out: ChangedLesson[] = all.map((l) => {
    if (l.status !== 'planned' && l.status !== 'swapped') return l;
    const c = cancelled.get(`${l.member_id}|${l.date}|${l.start}`);
    return c ? { ...l, status: 'cancelled', reason: c.reason, cancelled_by: c.byRole, ...(c.makeupId ? { makeup_id: c.makeupId } : {}) } : l;
  });
  for (const m of makeups) {
    if (!m.bookedDate || !m.bookedStart || !m.bookedEnd) continue;
    const own = all.find((l) => l.member_id === m.memberId);
    if (!own) continue;
    out.push({
      member_id: m.memberId,
      name: own.name,
      date: m.bookedDate,
      start: m.bookedStart,
      end: m.bookedEnd,
      status: 'makeup',
      reason: `Nachholtermin für den ${de(m.cancelledDate)}`,
      week: null,
      makeup_id: m.id,
    } as ChangedLesson);
  }
  return out;
}

/**
 * The per-date changes of one class applied to every member's dated lessons (`all` holds all members' lessons of
 * the class, so a swap finds both of its lessons): swaps as they were made, then cancellations and booked make-ups.
 * `db`: a transaction to read in (one query after the other, on its connection).
 */
export async function withChanges(deps: NotificationDeps, classId: string, all: DatedLesson[], db?: Db): Promise<DatedLesson[]> {
  const [swaps, cancellations, makeups] = db
    ? [await deps.swaps.swapped([classId], db), await deps.makeups.cancellations([classId], db), await deps.makeups.makeupsOfClasses([classId], db)]
    : await Promise.all([deps.swaps.swapped([classId]), deps.makeups.cancellations([classId]), deps.makeups.makeupsOfClasses([classId])]);
  return applyMakeupChanges(applySwaps(all, swaps, cancellations), cancellations, makeups);
}

/** The answer of a change that lost a race for its lesson (docs/product/semester.md). */
export const CHANGED_MEANWHILE = 'Dieser Termin wurde gerade schon getauscht oder abgesagt.';

/**
 * The guard of a change of a class's dated lessons, run first in the change's transaction: it locks the class's
 * lessons (lockClassTimeline), reads the changes committed so far in that transaction, applies them to `all`
 * (the same lessons the change was checked on) and checks again; `check` throws (409) when the change no longer
 * holds, which rolls back the change with its mails.
 */
export function recheckLocked(deps: NotificationDeps, classId: string, all: DatedLesson[], check: (lessons: DatedLesson[]) => void) {
  return async (tx: Db): Promise<void> => {
    await lockClassTimeline(tx, classId);
    check(await withChanges(deps, classId, all, tx));
  };
}
