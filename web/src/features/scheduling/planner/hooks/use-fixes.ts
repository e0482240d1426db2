import { classes } from '@stundenplan/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { WeekSlots } from '@stundenplan/timegrid';
import { useCallback, useState } from 'react';
import { call, errorMessage } from '../../../../shared/api/client';
import { timeRangeQuery, useSaveTeacherTimes, useSaveTimeRange } from '../../scheduling-data';
import type { FixesTarget } from '../components/FixesDialog';
import type { DropOutcome } from './use-drop-flow';
import { describeSpan } from '../model/describe';
import { clockSlot, FIX_TEXTS, fixSlots, freeWindowFor, rangeCovering, withWindow, type MoveFix, type TimeFix } from '../model/fixes';
import { placeMember } from '../model/placements';
import type { PlanActions, PlanState } from './use-plan-state';
import type { PlannerMember, VisibleRange } from '../model/types';

interface Options {
  classId: string;
  state: PlanState;
  actions: PlanActions;
  byId: ReadonlyMap<string, PlannerMember>;
  names: ReadonlyMap<string, string>;
  teacherWeek: WeekSlots;
  range: VisibleRange | null;
  setRange: (range: VisibleRange) => void;
  lookups: {
    lengthOf: (memberId: string) => number;
    weekOf: (memberId: string) => WeekSlots;
    biweekly: (memberId: string) => boolean;
    nameOf: (memberId: string) => string;
  };
  /** Moves a lesson as a drop would (the planner's drop flow). */
  drop: (memberId: string, day: number, start: number) => DropOutcome;
  recalculate: () => void;
  announce: (text: string) => void;
}

/** A verified member (student_id set) with an e-mail address can be asked by mail. */
export function canAskByMail(m: PlannerMember | undefined): boolean {
  return Boolean(m?.student_id && m.user_id && m.email);
}

/**
 * How "Was hilft?" can reach the member about more times: ask by mail (verified), invite (not registered, with an
 * e-mail address), 'unregistered' (not registered, no address) or 'unverified' (registered, not verified).
 */
export function contactOf(m: PlannerMember): FixesTarget['contact'] {
  if (canAskByMail(m)) return 'ask';
  if (!m.user_id) return m.email ? 'invite' : 'unregistered';
  return 'unverified';
}

/** "Was hilft?" (docs/product/planning.md "Fixes"): which student's fixes are open, and the actions of the fixes. */
export function useFixes(o: Options) {
  const queryClient = useQueryClient();
  const saveTimes = useSaveTeacherTimes(o.classId);
  const saveRange = useSaveTimeRange(o.classId);
  const [openId, setOpenId] = useState<string | null>(null);

  const info = openId ? o.state.fixes[openId] : undefined;
  const member = openId ? o.byId.get(openId) : undefined;
  const target: FixesTarget | null =
    openId && info && member && o.state.notAssigned.includes(openId)
      ? { memberId: openId, name: o.names.get(openId) ?? member.name, fullName: member.name, info, contact: contactOf(member), email: member.email ?? null }
      : null;

  const open = useCallback((memberId: string) => setOpenId(memberId), []);
  const close = useCallback(() => setOpenId(null), []);

  /** The teacher's times and the class's range get the window; the planner shows it; then the plan is recalculated. */
  const applyTeacherTime = async (fix: TimeFix) => {
    try {
      await saveTimes.mutateAsync(withWindow(o.teacherWeek, fix));
      // An exact or extended range follows the teacher's times on the server; a custom one is widened here.
      // Through the query (it joins the refetch the save started; a second GET of the same URL would abort that one).
      const range = await queryClient.fetchQuery({ ...timeRangeQuery(o.classId), staleTime: 0 });
      const { day, start, end } = fixSlots(fix);
      const covered = range.timeRange ? Array.from({ length: end - start }, (_, i) => start + i).every((s) => range.timeRange!.has(day, s)) : true;
      if (range.timeRange && !covered && (range.mode === 'custom' || range.mode === null)) {
        await saveRange.mutateAsync({ choice: { mode: 'custom', extraMinutes: null }, custom: withWindow(range.timeRange, fix) });
      }
    } catch (e) {
      throw new Error(errorMessage(e, FIX_TEXTS.applyFailed), { cause: e });
    }
    o.setRange(rangeCovering(o.range, fix));
    o.recalculate();
  };

  const askStudent = async (memberId: string, fix: TimeFix): Promise<string> => {
    try {
      const answer = await call(
        classes.requestTimes,
        { params: { classId: o.classId, memberId }, body: { day: fix.day, start: fix.start, end: fix.end } },
        { abortPrevious: false },
      );
      return answer?.message ?? '';
    } catch (e) {
      throw new Error(errorMessage(e), { cause: e });
    }
  };

  /** Mails the registration link to the member's stored address (the class page's 'Einladung senden'). */
  const invite = async (memberId: string): Promise<string> => {
    const email = o.byId.get(memberId)?.email ?? '';
    try {
      await call(classes.inviteStudent, { params: { classId: o.classId }, body: { member_id: memberId, email } }, { abortPrevious: false });
      return FIX_TEXTS.invited(email);
    } catch (e) {
      throw new Error(errorMessage(e), { cause: e });
    }
  };

  /** The other lesson moves as a drag would; then the student takes a free window of their times, where there is one. */
  const move = (memberId: string, fix: MoveFix) => {
    const other = fix.member_id;
    const slot = clockSlot(fix.to.start);
    const outcome = o.drop(other, fix.to.day, slot);
    if (outcome !== 'placed' && outcome !== 'unchanged') return;
    const otherLength = o.lookups.lengthOf(other);
    if (fix.to.week) o.actions.setWeek(other, fix.to.week);
    const moved = placeMember(
      o.state.plan,
      other,
      fix.to.day,
      slot,
      otherLength,
      fix.to.week ?? o.state.plan.placements.find((p) => p.memberId === other)?.week,
    );
    const length = o.lookups.lengthOf(memberId);
    const free = freeWindowFor(moved, memberId, length, o.lookups.weekOf(memberId), o.teacherWeek, o.lookups.biweekly(memberId));
    if (free) o.actions.place(memberId, free.day, free.start, length, free.week);
    const name = o.names.get(memberId) ?? o.lookups.nameOf(memberId);
    o.announce(FIX_TEXTS.moved(o.names.get(other) ?? fix.name, describeSpan(fix.to.day, slot, otherLength), name, Boolean(free)));
  };

  return { target, open, close, applyTeacherTime, askStudent, invite, move };
}
