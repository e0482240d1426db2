import type { SessionUser } from '@stundenplan/base';
import { berlinToday } from '@stundenplan/timegrid';
import type { SwapRow } from '../data/swap-repository.js';
import type { NotificationDeps } from './deps.js';
import { lessonInWeek, shortName, swapPairs } from './swap-lessons.js';
import { candidates, fittingPairs, loadClass, timeOf, timesOf } from './swap-requests.js';

/**
 * What the swap screens list (docs/product/semester.md "Swaps"): the requests of a student and of a class, each
 * open one with the two lessons it would exchange, and the dates where anybody could swap.
 */

type SwapTime = ReturnType<typeof timeOf>;

/**
 * The two lessons each open request would exchange (the asking member's first), as accepting would pair them
 * now (a weekly swap: its first pair from today on); none for an answered request or one that no longer fits.
 */
async function openRequestTimes(deps: NotificationDeps, rows: readonly SwapRow[]): Promise<Map<string, [SwapTime, SwapTime]>> {
  const today = berlinToday();
  const open = rows.filter((r) => (r.status === 'pending' || r.status === 'awaiting_approval') && (!r.date || r.date >= today));
  const out = new Map<string, [SwapTime, SwapTime]>();
  for (const classId of new Set(open.map((r) => r.classId))) {
    const c = await loadClass(deps, classId).catch(() => null);
    if (!c) continue;
    for (const r of open.filter((x) => x.classId === classId)) {
      const [first] = swapPairs(c.lessons, { ...r, fromDate: r.date ?? today });
      if (first) out.set(r.id, [timeOf(first[0]), timeOf(first[1])]);
    }
  }
  return out;
}

/** GET /api/me/swap-requests: asked by or of the caller; the other student by first name and initial. */
export async function mySwapRequests(deps: NotificationDeps, user: SessionUser) {
  const [rows, memberships] = await Promise.all([deps.swaps.forUser(user.userId), deps.classes.memberships(user.userId)]);
  const classNames = new Map(memberships.map((m) => [m.classId, m.className]));
  const times = await openRequestTimes(
    deps,
    rows.filter((r) => classNames.has(r.classId)),
  );
  return {
    requests: rows
      .filter((r) => classNames.has(r.classId))
      .map((r) => {
        const incoming = r.withUserId === user.userId;
        return {
          request_id: r.id,
          class_id: r.classId,
          class_name: classNames.get(r.classId) ?? '',
          member_id: incoming ? r.withMemberId : r.memberId,
          incoming,
          with_name: shortName(incoming ? r.memberName : r.withMemberName),
          date: r.date,
          from_date: r.fromDate,
          status: r.status,
          created_at: r.createdAt.toISOString(),
          // The caller's lesson first.
          lesson: times.get(r.id)?.[incoming ? 1 : 0] ?? null,
          with_lesson: times.get(r.id)?.[incoming ? 0 : 1] ?? null,
        };
      }),
  };
}

/** GET /api/classes/{classId}/swap-requests (owner). */
export async function classSwapRequests(deps: NotificationDeps, teacherId: string, classId: string) {
  await deps.classes.getClass(classId, teacherId);
  const rows = await deps.swaps.forClass(classId);
  const times = await openRequestTimes(deps, rows);
  return {
    requests: rows.map((r) => ({
      request_id: r.id,
      member_id: r.memberId,
      name: r.memberName,
      with_member_id: r.withMemberId,
      with_name: r.withMemberName,
      date: r.date,
      from_date: r.fromDate,
      status: r.status,
      created_at: r.createdAt.toISOString(),
      lesson: times.get(r.id)?.[0] ?? null,
      with_lesson: times.get(r.id)?.[1] ?? null,
    })),
  };
}

/**
 * GET /api/me/swap-dates (docs/product/semester.md "Swaps"): the caller's planned lessons from today on that at
 * least one classmate could swap, by the same rule as the swap options of each date, so that "Meine Kurse"
 * offers "Tauschen" only there with one request for the whole page (one class read and one times lookup per
 * class, not one per lesson).
 */
export async function swapDates(deps: NotificationDeps, user: SessionUser) {
  const today = berlinToday();
  const memberships = await deps.classes.memberships(user.userId);
  const perClass = await Promise.all(
    memberships.map(async (own) => {
      const c = await loadClass(deps, own.classId).catch(() => null);
      const me = c?.members.get(own.memberId);
      if (!c || !me) return [];
      const mine = c.lessons.filter((l) => l.member_id === own.memberId && l.status === 'planned' && l.date >= today);
      const others = candidates(c, own.memberId);
      if (!mine.length || !others.length) return [];
      const times = await timesOf(deps, own.classId, [me, ...others]);
      const dates = new Set(
        mine
          .filter((l) =>
            others.some(
              (m) =>
                lessonInWeek(c.lessons, m.memberId, l.date, today) &&
                fittingPairs(c, times, { memberId: own.memberId, withMemberId: m.memberId, date: l.date, fromDate: l.date }),
            ),
          )
          .map((l) => l.date),
      );
      return [...dates].sort().map((date) => ({ class_id: own.classId, member_id: own.memberId, date }));
    }),
  );
  return { dates: perClass.flat() };
}
