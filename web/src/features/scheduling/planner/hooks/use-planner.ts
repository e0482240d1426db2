import { DEFAULT_VISIBLE_RANGE, type TimesMap } from '@stundenplan/timegrid';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { toast } from '../../../../shared/toast';
import { useRegisterPlannerSave } from '../../planner-save-context';
import { describeSpan } from '../model/describe';
import { dropPreview } from '../model/drop-preview';
import { keyboardStartCell } from '../model/placements';
import type { PlannerMember } from '../model/types';
import { useAutoLoadLatest } from './use-auto-load';
import { useDropFlow } from './use-drop-flow';
import { useFixes } from './use-fixes';
import { useHoverHighlight } from './use-hover-highlight';
import { usePlanCalculation } from './use-plan-calculation';
import { markLessons, usePlanMarks } from './use-plan-marks';
import { usePlanState } from './use-plan-state';
import { useRoomRecheck } from './use-room-options';
import { usePlannerData } from './use-planner-data';
import { usePlannerDnd } from './use-planner-dnd';
import { usePlannerUi } from './use-planner-ui';
import { usePlannerView } from './use-planner-view';
import { useScheduleActions } from './use-schedule-actions';
import { useSelection } from './use-selection';
import { useStableReplan } from './use-stable-replan';
import { useUndoRemoval } from './use-undo-removal';

export interface PlannerInput {
  classId: string;
  className: string;
  teacherTimes: TimesMap;
  onUnsavedChange?: (dirty: boolean) => void;
}

const NO_MEMBERS: PlannerMember[] = [];

/** Step 4's state and wiring: data, plan, view, drag and drop, selection, calculation, fixes and the schedule actions. */
export function usePlanner({ classId, className, teacherTimes, onUnsavedChange }: PlannerInput) {
  const data = usePlannerData(classId);
  const members = data.members.data ?? NO_MEMBERS;
  const { state, actions } = usePlanState();
  const { ui, range, set } = usePlannerUi(teacherTimes);
  const hover = useHoverHighlight();
  const view = usePlannerView(members, ui.choices, state.plan, teacherTimes, state.notAssigned, state.reasons);
  const stable = useStableReplan(state, data.schedules.data);

  const schedule = useScheduleActions({
    classId,
    className,
    members,
    state,
    actions,
    pdfInput: () => ({ plan: state.plan, members, shortNames: view.names, range, className, scheduleName: state.current.name }),
  });
  const calc = usePlanCalculation({
    classId,
    members,
    state,
    actions,
    prefs: view.prefs,
    wiggle: ui.wiggle,
    priority: ui.priority,
    previousId: stable.stable ? stable.baseId : null,
  });
  const marks = usePlanMarks(members, view.prefs, state);
  const { withRooms } = state;
  const lessons = useMemo(() => {
    const marked = markLessons(view.lessons, marks);
    if (!withRooms) return marked;
    // A plan with rooms: every lesson shows its room, or that the sending chooses one.
    return marked.map((l) => (l.kind === 'lesson' ? { ...l, room: view.placementById.get(l.memberId)?.room ?? null } : l));
  }, [view.lessons, view.placementById, marks, withRooms]);
  useRoomRecheck(classId, state.plan.placements, actions.confirmRoom);
  // 'Raum ändern': the member whose lesson's room dialog is open.
  const [roomFor, setRoomFor] = useState<string | null>(null);
  const rooms = {
    open: roomFor ? (view.placementById.get(roomFor) ?? null) : null,
    openFor: setRoomFor,
    close: () => setRoomFor(null),
    choose: actions.setRoom,
  };

  useEffect(() => {
    onUnsavedChange?.(state.dirty);
  }, [state.dirty, onUnsavedChange]);
  // 'Speichern und fortfahren' of the page's unsaved-changes modal saves through this.
  useRegisterPlannerSave(schedule.saveNow);
  useAutoLoadLatest(classId, data.members, data.schedules, state.dirty, schedule.loadSchedule);

  const { nameOf, lengthOf, weekOf } = view.lookups;
  const flow = useDropFlow({ plan: state.plan, ...view.lookups, place: actions.place, setWeek: actions.setWeek });
  const undo = useUndoRemoval({
    plan: state.plan,
    placementById: view.placementById,
    byId: view.byId,
    nameOf,
    weekOf,
    unplace: actions.unplace,
    restore: actions.restore,
  });
  const removeErrorEntry = useCallback((key: string) => actions.removeError(key.replace(/^error:/, '')), [actions]);
  const selection = useSelection({
    lessons: view.lessons,
    byId: view.byId,
    drop: flow.drop,
    removeLesson: undo.removeLesson,
    removeErrorEntry,
    announce: flow.announce,
  });

  const keyboardStart = useCallback(
    (memberId: string) =>
      keyboardStartCell(state.plan, memberId, view.placementById.get(memberId), lengthOf(memberId), weekOf(memberId), range ?? DEFAULT_VISIBLE_RANGE),
    [range, view.placementById, state.plan, lengthOf, weekOf],
  );
  const dnd = usePlannerDnd({ range, lengthOf, keyboardStart, onDrop: flow.drop, onUnplace: undo.removeLesson, nameOf, describeCell: describeSpan });
  const preview = dropPreview(state.plan, dnd.active, dnd.target, { lengthOf, weekOf, weekFor: flow.weekFor });
  const highlightId = dnd.active?.memberId ?? selection.selectedStudentId ?? hover.highlighted;

  const fixes = useFixes({
    classId,
    state,
    actions,
    byId: view.byId,
    names: view.names,
    teacherWeek: view.teacherWeek,
    range,
    setRange: (r) => set.range({ start: r.start, end: r.end }),
    lookups: view.lookups,
    drop: flow.drop,
    recalculate: calc.run,
    announce: (text) => toast.success(text),
  });

  return {
    classId,
    className,
    data,
    members,
    state,
    actions,
    ui,
    range,
    set,
    hover,
    view,
    stable,
    schedule,
    calc,
    marks,
    lessons,
    flow,
    undo,
    removeErrorEntry,
    selection,
    dnd,
    preview,
    highlightId,
    fixes,
    rooms,
  };
}

export type Planner = ReturnType<typeof usePlanner>;
