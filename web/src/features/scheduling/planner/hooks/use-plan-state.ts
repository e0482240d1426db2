import type { LessonWeek } from '@stundenplan/timegrid';
import { useCallback, useMemo, useReducer } from 'react';
import type { FixInfo } from '../model/fixes';
import { movedMembers, type CalcSummary } from '../model/plan-summary';
import { placeMember, removeErrorEntry, setLessonRoom, setLessonWeek, togglePinned, unplaceMember } from '../model/placements';
import { planHasRooms } from '../model/rooms';
import type { Placement, PlanContent, PlannerRoom } from '../model/types';

export interface CurrentSchedule {
  /** Id of the loaded/saved schedule; null for an unsaved or calculated plan. */
  id: string | null;
  name: string | null;
  description: string | null;
}

export interface PlanState {
  plan: PlanContent;
  dirty: boolean;
  /** Members the last calculation could not place (SPEC is_not_assigned). */
  notAssigned: string[];
  /** Why the last calculation could not place them (German, from the answer), by member id. */
  reasons: Record<string, string>;
  /** What would place them (the answer's `fixes`), by member id. */
  fixes: Record<string, FixInfo>;
  current: CurrentSchedule;
  /** The saved schedule the plan started from (loaded or last saved): the reference of stable re-planning. */
  base: { id: string; plan: PlanContent } | null;
  /** The last calculation's summary; `summaryFresh` while the plan is unchanged since. */
  summary: CalcSummary | null;
  summaryFresh: boolean;
  /** Members the last calculation moved away from the base schedule; null when it did not compare. */
  moved: string[] | null;
  /** The plan came with rooms (a class with a school): the tiles show a room or 'Raum wird beim Senden vergeben'. */
  withRooms: boolean;
}

/** What a calculation answered beside the plan. */
export interface CalculatedExtra {
  summary?: CalcSummary | null;
  /** The calculation was asked to stay close to the base schedule (previous_schedule_id). */
  stable?: boolean;
  /** The answer's fixes of the members it left out. */
  fixes?: Record<string, FixInfo>;
}

type Action =
  | { type: 'edit'; op: (plan: PlanContent) => PlanContent; placed?: string }
  | { type: 'load'; plan: PlanContent; current: CurrentSchedule }
  | { type: 'calculated'; plan: PlanContent; name: string; notAssigned: string[]; reasons: Record<string, string>; extra: CalculatedExtra }
  | { type: 'saved'; current: CurrentSchedule }
  | { type: 'meta'; name: string | null; description: string | null }
  | { type: 'detach' }
  | { type: 'dropBase'; id: string }
  | { type: 'roomChecked'; at: Pick<Placement, 'memberId' | 'day' | 'start' | 'week'>; roomIds: readonly string[] | null };

const EMPTY: PlanState = {
  plan: { placements: [], errors: [] },
  dirty: false,
  notAssigned: [],
  reasons: {},
  fixes: {},
  current: { id: null, name: null, description: null },
  base: null,
  summary: null,
  summaryFresh: false,
  moved: null,
  withRooms: false,
};

function movedOf(state: PlanState, plan: PlanContent, extra: CalculatedExtra): string[] | null {
  if (!extra.stable || !state.base) return null;
  return extra.summary?.movedIds ?? movedMembers(state.base.plan, plan);
}

function reducer(state: PlanState, action: Action): PlanState {
  switch (action.type) {
    case 'edit':
      return {
        ...state,
        plan: action.op(state.plan),
        dirty: true,
        summaryFresh: false,
        notAssigned: action.placed ? state.notAssigned.filter((id) => id !== action.placed) : state.notAssigned,
      };
    case 'load':
      return {
        ...EMPTY,
        plan: action.plan,
        current: action.current,
        base: action.current.id ? { id: action.current.id, plan: action.plan } : null,
        withRooms: planHasRooms(action.plan),
      };
    case 'calculated':
      return {
        ...state,
        plan: action.plan,
        dirty: true,
        notAssigned: action.notAssigned,
        reasons: action.reasons,
        fixes: action.extra.fixes ?? {},
        current: { id: null, name: action.name, description: null },
        summary: action.extra.summary ?? null,
        summaryFresh: true,
        moved: movedOf(state, action.plan, action.extra),
        withRooms: state.withRooms || planHasRooms(action.plan),
      };
    case 'saved':
      return {
        ...state,
        dirty: false,
        current: action.current,
        base: action.current.id ? { id: action.current.id, plan: state.plan } : state.base,
        moved: null,
      };
    case 'meta':
      return { ...state, current: { ...state.current, name: action.name, description: action.description } };
    case 'detach':
      return { ...state, dirty: true, current: { ...state.current, id: null } };
    case 'roomChecked': {
      const { at, roomIds } = action;
      const target = state.plan.placements.find(
        (p) => p.memberId === at.memberId && p.day === at.day && p.start === at.start && (p.week ?? null) === (at.week ?? null) && p.roomUnchecked,
      );
      if (!target) return state;
      const keep = target.room && roomIds?.includes(target.room.id) ? target.room : null;
      return { ...state, plan: setLessonRoom(state.plan, at.memberId, keep) };
    }
    case 'dropBase':
      return state.base?.id === action.id ? { ...state, base: null } : state;
  }
}

/** The plan shown in the grid, its unsaved flag and the schedule it belongs to. */
export function usePlanState() {
  const [state, dispatch] = useReducer(reducer, EMPTY);

  const place = useCallback(
    (memberId: string, day: number, start: number, length: number, week?: LessonWeek | null) =>
      dispatch({ type: 'edit', op: (p) => placeMember(p, memberId, day, start, length, week), placed: memberId }),
    [],
  );
  const setWeek = useCallback((memberId: string, week: LessonWeek) => dispatch({ type: 'edit', op: (p) => setLessonWeek(p, memberId, week) }), []);
  const unplace = useCallback((memberId: string) => dispatch({ type: 'edit', op: (p) => unplaceMember(p, memberId) }), []);
  const togglePin = useCallback((memberId: string) => dispatch({ type: 'edit', op: (p) => togglePinned(p, memberId) }), []);
  /** Undo of a removal: the placement comes back as it was (pinned included). */
  const restore = useCallback(
    (placement: Placement) =>
      dispatch({
        type: 'edit',
        op: (p) => ({ placements: [...p.placements.filter((x) => x.memberId !== placement.memberId), placement], errors: p.errors }),
        placed: placement.memberId,
      }),
    [],
  );
  const setRoom = useCallback((memberId: string, room: PlannerRoom | null) => dispatch({ type: 'edit', op: (p) => setLessonRoom(p, memberId, room) }), []);
  /**
   * The answer of room-options for a moved lesson: its room stays when listed, else it is cleared. Ignored when the
   * lesson moved on since (then another check runs). Not an edit of its own: the move already set the unsaved flag.
   */
  const confirmRoom = useCallback(
    (at: Pick<Placement, 'memberId' | 'day' | 'start' | 'week'>, roomIds: readonly string[] | null) => dispatch({ type: 'roomChecked', at, roomIds }),
    [],
  );
  const removeError = useCallback((key: string) => dispatch({ type: 'edit', op: (p) => removeErrorEntry(p, key) }), []);
  const load = useCallback((next: PlanContent, current: CurrentSchedule) => dispatch({ type: 'load', plan: next, current }), []);
  const calculated = useCallback(
    (next: PlanContent, name: string, notAssigned: string[], reasons: Record<string, string> = {}, extra: CalculatedExtra = {}) =>
      dispatch({ type: 'calculated', plan: next, name, notAssigned, reasons, extra }),
    [],
  );
  const saved = useCallback((current: CurrentSchedule) => dispatch({ type: 'saved', current }), []);
  const setMeta = useCallback((name: string | null, description: string | null) => dispatch({ type: 'meta', name, description }), []);
  const detach = useCallback(() => dispatch({ type: 'detach' }), []);
  /** A deleted schedule can no longer be the reference of stable re-planning. */
  const dropBase = useCallback((id: string) => dispatch({ type: 'dropBase', id }), []);

  const actions = useMemo(
    () => ({ place, setWeek, unplace, restore, togglePin, setRoom, confirmRoom, removeError, load, calculated, saved, setMeta, detach, dropBase }),
    [place, setWeek, unplace, restore, togglePin, setRoom, confirmRoom, removeError, load, calculated, saved, setMeta, detach, dropBase],
  );
  return { state, actions };
}

export type PlanActions = ReturnType<typeof usePlanState>['actions'];
