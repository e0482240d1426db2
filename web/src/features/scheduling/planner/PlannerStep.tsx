import { DndContext, DragOverlay } from '@dnd-kit/core';
import { DEFAULT_VISIBLE_RANGE, WeekSlots, type TimesMap } from '@stundenplan/timegrid';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { toast } from '../../../shared/toast';
import { cx } from '../../../shared/ui/cx';
import { CalcErrorDialog } from './components/CalcErrorDialog';
import { CalculateButton } from './components/CalculateButton';
import { LessonActionsBar, LessonBars, UndoBar, type SelectedLesson } from './components/LessonActionsBar';
import { LoadDialog } from './components/LoadDialog';
import { OverrideDialog } from './components/OverrideDialog';
import { OverwriteDialog } from './components/OverwriteDialog';
import { PlannerSidebar } from './components/PlannerSidebar';
import { PlannerToolbar } from './components/PlannerToolbar';
import { PlanSummaryLine } from './components/PlanSummaryLine';
import { SaveDialog } from './components/SaveDialog';
import { ScheduleMeta } from './components/ScheduleMeta';
import { StudentList } from './components/StudentList';
import { StableSwitch } from './components/StableSwitch';
import { StudentPanel } from './components/StudentPanel';
import { TeacherPanel } from './components/TeacherPanel';
import { TimeRangeControl, type RangeValue } from './components/TimeRangeControl';
import { LessonPlanGrid, type DropPreview } from './components/LessonPlanGrid';
import { DEFAULT_WIGGLE_ROOM, WiggleRoomControl } from './components/WiggleRoomControl';
import { useCalculation } from './hooks/use-calculation';
import { useDropFlow } from './hooks/use-drop-flow';
import { useHoverHighlight } from './hooks/use-hover-highlight';
import { markLessons, usePlanMarks } from './hooks/use-plan-marks';
import { usePlanState } from './hooks/use-plan-state';
import { latestSchedule, usePlannerData } from './hooks/use-planner-data';
import { usePlannerDnd } from './hooks/use-planner-dnd';
import { usePlannerView } from './hooks/use-planner-view';
import { useScheduleActions } from './hooks/use-schedule-actions';
import { describeSpan } from './model/describe';
import { hasTwoSources } from './model/preferences';
import { evaluateDrop, lessonSlots, pinnedForCalculation } from './model/placements';
import { PLANNER_TEXTS } from './model/texts';
import type { Placement, PlannerMember, TimeSource, VisibleRange } from './model/types';
import { useRegisterPlannerSave } from '../planner-save-context';
import './planner.css';

export interface PlannerStepProps {
  classId: string;
  className: string;
  teacherTimes: TimesMap;
  /** The students' time range of the class (step 3); the grid shows the teacher's times and the students' chosen times. */
  timeRange: TimesMap | null;
  onUnsavedChange?: (dirty: boolean) => void;
  onEditTimes?: () => void;
}

const NO_MEMBERS: PlannerMember[] = [];
/** How long 'Rückgängig' stays offered after a lesson was taken out of the plan. */
export const UNDO_MS = 10_000;

/** Step 4 of the teacher scheduling process (docs/product/planning.md): plan the timetable. */
export function PlannerStep({ classId, className, teacherTimes, onUnsavedChange, onEditTimes }: PlannerStepProps) {
  const sidebarId = useId();
  const { members: membersQuery, schedules: schedulesQuery } = usePlannerData(classId);
  const members = membersQuery.data ?? NO_MEMBERS;
  const { state, actions } = usePlanState();
  const [rangeValue, setRangeValue] = useState<RangeValue>({ start: DEFAULT_VISIBLE_RANGE.start, end: DEFAULT_VISIBLE_RANGE.end });
  const range: VisibleRange | null = useMemo(
    () => (rangeValue.start !== null && rangeValue.end !== null && rangeValue.start < rangeValue.end ? { start: rangeValue.start, end: rangeValue.end } : null),
    [rangeValue.start, rangeValue.end],
  );
  const [wiggle, setWiggle] = useState(DEFAULT_WIGGLE_ROOM);
  const [choices, setChoices] = useState<Record<string, TimeSource>>({});
  const [sidebarOpen, setSidebarOpen] = useState(true);
  const [loadOpen, setLoadOpen] = useState(false);
  const [compact, setCompact] = useState(false);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [undo, setUndo] = useState<{ placement: Placement; name: string } | null>(null);
  const hover = useHoverHighlight();
  const view = usePlannerView(members, choices, state.plan, teacherTimes, state.notAssigned, state.reasons);
  const memberIds = useMemo(() => new Set(members.map((m) => m.member_id)), [members]);

  const schedule = useScheduleActions({
    classId,
    className,
    members,
    state,
    actions,
    pdfInput: () => ({ plan: state.plan, members, shortNames: view.names, range, className, scheduleName: state.current.name }),
  });
  const calc = useCalculation(classId, (outcome, body) =>
    actions.calculated(outcome.plan, outcome.name, outcome.notAssigned, outcome.reasons, {
      summary: outcome.summary,
      stable: Boolean(body.previous_schedule_id),
    }),
  );
  const marks = usePlanMarks(members, view.prefs, state);
  const lessons = useMemo(() => markLessons(view.lessons, marks), [view.lessons, marks]);

  // Stable re-planning: on by default whenever a saved plan is the reference.
  const baseId = state.base?.id ?? null;
  // Derived, not reset by an effect: a click right after a plan loaded could otherwise be undone by the late reset.
  const [stableOffFor, setStableOffFor] = useState<string | null>(null);
  const stable = stableOffFor !== baseId;
  const setStable = useCallback((on: boolean) => setStableOffFor(on ? null : baseId), [baseId]);
  const baseName = baseId ? (schedulesQuery.data?.find((s) => s.id === baseId)?.name ?? (state.current.id === baseId ? state.current.name : null) ?? '') : null;

  useEffect(() => {
    onUnsavedChange?.(state.dirty);
  }, [state.dirty, onUnsavedChange]);

  // 'Speichern und fortfahren' of the page's unsaved-changes modal saves through this.
  useRegisterPlannerSave(schedule.saveNow);

  // docs/product/planning.md: the latest saved schedule (by created_at) is loaded with the members.
  const autoLoaded = useRef<string | null>(null);
  const { loadSchedule } = schedule;
  useEffect(() => {
    if (autoLoaded.current === classId) return;
    if (schedulesQuery.isError) {
      autoLoaded.current = classId;
      toast.error(PLANNER_TEXTS.listFailed);
      return;
    }
    if (!membersQuery.isSuccess || !schedulesQuery.isSuccess) return;
    autoLoaded.current = classId;
    const latest = latestSchedule(schedulesQuery.data);
    if (latest && !state.dirty) void loadSchedule(latest.id);
  }, [classId, membersQuery.isSuccess, schedulesQuery.isSuccess, schedulesQuery.isError, schedulesQuery.data, state.dirty, loadSchedule]);

  const nameOf = useCallback((memberId: string) => view.byId.get(memberId)?.name ?? 'Unbekannt', [view.byId]);
  const lengthOf = useCallback((memberId: string) => lessonSlots(view.byId.get(memberId)?.duration ?? 30), [view.byId]);
  const weekOf = useCallback((memberId: string) => view.weeks.get(memberId) ?? WeekSlots.empty(), [view.weeks]);

  const flow = useDropFlow({
    plan: state.plan,
    known: useCallback((memberId: string) => view.byId.has(memberId), [view.byId]),
    placementOf: useCallback((memberId: string) => view.placementById.get(memberId), [view.placementById]),
    lengthOf,
    weekOf,
    nameOf,
    place: actions.place,
  });
  const handleDrop = flow.drop;

  // Taking a lesson out is always undoable for a while (a mistaken tap or click costs nothing).
  const removeLesson = useCallback(
    (memberId: string) => {
      const placement = view.placementById.get(memberId);
      actions.unplace(memberId);
      if (placement) setUndo({ placement, name: view.byId.get(memberId)?.name ?? nameOf(memberId) });
    },
    [view.placementById, view.byId, actions, nameOf],
  );
  const removeErrorEntry = useCallback((key: string) => actions.removeError(key.replace(/^error:/, '')), [actions]);
  const undoRemoval = () => {
    if (!undo) return;
    const { placement } = undo;
    setUndo(null);
    const verdict = evaluateDrop(state.plan, placement.memberId, placement.day, placement.start, placement.end - placement.start, weekOf(placement.memberId));
    if (verdict.kind === 'occupied') toast.error(PLANNER_TEXTS.occupied(nameOf(verdict.by)));
    else actions.restore(placement);
  };
  useEffect(() => {
    if (!undo) return;
    const timer = setTimeout(() => setUndo(null), UNDO_MS);
    return () => clearTimeout(timer);
  }, [undo]);

  const selectedView = selectedKey ? view.lessons.find((l) => l.key === selectedKey) : undefined;
  const selected: SelectedLesson | null = selectedView
    ? {
        memberId: selectedView.memberId,
        key: selectedView.key,
        kind: selectedView.kind,
        fullName: selectedView.fullName,
        when: describeSpan(selectedView.day, selectedView.start, selectedView.end - selectedView.start),
        pinned: selectedView.pinned,
      }
    : null;
  const selectLesson = useCallback((key: string) => setSelectedKey((current) => (current === key ? null : key)), []);
  const tapCell = (day: number, slot: number) => {
    if (selected?.kind === 'lesson') handleDrop(selected.memberId, day, slot);
  };
  const removeSelected = () => {
    if (!selected) return;
    setSelectedKey(null);
    if (selected.kind === 'error') removeErrorEntry(selected.key);
    else removeLesson(selected.memberId);
  };

  const keyboardStart = useCallback(
    (memberId: string) => {
      const r = range ?? DEFAULT_VISIBLE_RANGE;
      const clamp = (slot: number) => Math.max(r.start, Math.min(r.end - 1, slot));
      const placed = view.placementById.get(memberId);
      if (placed) return { day: placed.day, slot: clamp(placed.start) };
      const length = lengthOf(memberId);
      let free: { day: number; slot: number } | null = null;
      for (let day = 0; day < 7; day++) {
        for (let slot = r.start; slot + length <= r.end; slot++) {
          const verdict = evaluateDrop(state.plan, memberId, day, slot, length, weekOf(memberId));
          if (verdict.kind !== 'ok') continue;
          if (verdict.available) return { day, slot };
          free ??= { day, slot };
        }
      }
      return free ?? { day: 0, slot: r.start };
    },
    [range, view.placementById, state.plan, lengthOf, weekOf],
  );

  const dnd = usePlannerDnd({ range, lengthOf, keyboardStart, onDrop: handleDrop, onUnplace: removeLesson, nameOf, describeCell: describeSpan });

  let preview: DropPreview | null = null;
  if (dnd.active && dnd.target) {
    const length = lengthOf(dnd.active.memberId);
    const verdict = evaluateDrop(state.plan, dnd.active.memberId, dnd.target.day, dnd.target.start, length, weekOf(dnd.active.memberId));
    preview = { ...dnd.target, length, tone: verdict.kind !== 'ok' ? 'bad' : verdict.available ? 'ok' : 'warn' };
  }
  const highlightId = dnd.active?.memberId ?? hover.highlighted;
  const highlightWeek = highlightId ? (view.weeks.get(highlightId) ?? null) : null;

  const setPreference = useCallback((memberId: string, source: TimeSource) => setChoices((c) => ({ ...c, [memberId]: source })), []);
  const runCalculation = () => {
    const pinned = pinnedForCalculation(state.plan.placements, memberIds);
    void calc.run(
      {
        wiggleRoom: wiggle,
        selectedClass: classId,
        timePreferences: view.prefs,
        ...(pinned.length ? { pinned } : {}),
        ...(baseId && stable ? { previous_schedule_id: baseId } : {}),
      },
      members,
    );
  };
  const takeBest = () => {
    const best = calc.error?.bestPlan;
    if (best) actions.calculated(best.plan, best.name, best.notAssigned, best.reasons, { summary: best.summary });
    calc.closeError();
  };

  const placedCount = members.filter((m) => view.placementById.has(m.member_id)).length;
  const busy = !membersQuery.isSuccess;
  const activeName = dnd.active ? (view.names.get(dnd.active.memberId) ?? nameOf(dnd.active.memberId)) : '';

  return (
    <div className={cx('planner', !sidebarOpen && 'planner--collapsed')}>
      <DndContext
        sensors={dnd.sensors}
        collisionDetection={dnd.collisionDetection}
        onDragStart={dnd.onDragStart}
        onDragOver={dnd.onDragOver}
        onDragMove={dnd.onDragMove}
        onDragEnd={dnd.onDragEnd}
        onDragCancel={dnd.onDragCancel}
        accessibility={dnd.accessibility}
      >
        <PlannerSidebar
          id={sidebarId}
          classId={classId}
          className={className}
          open={sidebarOpen}
          onToggle={() => setSidebarOpen((o) => !o)}
          membersFailed={membersQuery.isError}
          toolbar={
            <PlannerToolbar
              dirty={state.dirty}
              disabled={busy}
              pdfBusy={schedule.pdfBusy}
              onLoad={() => setLoadOpen(true)}
              onSave={() => schedule.openSave('save')}
              onPdf={() => void schedule.downloadPdf()}
              onSend={() => schedule.openSave('send')}
            />
          }
          meta={
            <ScheduleMeta
              key={`${state.current.id}|${state.current.name}|${state.current.description}`}
              name={state.current.name}
              description={state.current.description}
              saved={state.current.id !== null}
              onCommit={schedule.changeMeta}
            />
          }
          calculation={
            <div className="planner-section">
              <WiggleRoomControl value={wiggle} onChange={setWiggle} />
              {baseId && <StableSwitch checked={stable} onChange={setStable} baseName={baseName ?? ''} />}
              <CalculateButton running={calc.running} progress={calc.progress} disabled={busy} onClick={runCalculation} />
            </div>
          }
          range={<TimeRangeControl value={rangeValue} onChange={setRangeValue} compact={compact} onCompactChange={setCompact} />}
          teacher={<TeacherPanel week={view.teacherWeek} />}
          students={
            <StudentList
              loading={membersQuery.isPending}
              count={members.length}
              placedCount={placedCount}
              acceptsLesson={dnd.active?.kind === 'lesson'}
              over={dnd.overUnplace}
            >
              {members.map((m) => (
                <StudentPanel
                  key={m.member_id}
                  member={m}
                  shortName={view.names.get(m.member_id) ?? m.name}
                  placed={view.placementById.has(m.member_id)}
                  highlighted={highlightId === m.member_id}
                  twoSources={hasTwoSources(m)}
                  preference={view.prefs[m.member_id]!}
                  notes={view.panelNotes.get(m.member_id) ?? []}
                  onPreference={setPreference}
                  onHover={hover.track}
                  onUnplace={removeLesson}
                />
              ))}
            </StudentList>
          }
        />
        <div className="planner-main">
          <PlanSummaryLine marks={marks} baseName={baseName} />
          <LessonPlanGrid
            range={range}
            compact={compact}
            teacherWeek={view.teacherWeek}
            highlightWeek={highlightWeek}
            highlightName={highlightId ? (view.names.get(highlightId) ?? null) : null}
            candidates={view.candidates}
            maxCandidates={view.maxCount}
            lessons={lessons}
            preview={preview}
            draggingKey={dnd.active?.kind === 'lesson' ? dnd.active.memberId : null}
            selectedKey={selected ? selected.key : null}
            onSelect={selectLesson}
            onCellTap={tapCell}
            onUnplace={removeLesson}
            onRemoveError={removeErrorEntry}
            onTogglePin={actions.togglePin}
            onHover={hover.track}
          />
          <p className="planner-help">{PLANNER_TEXTS.keyboardHelp}</p>
          {(selected || undo) && (
            <LessonBars>
              {undo && <UndoBar text={PLANNER_TEXTS.removed(undo.name)} onUndo={undoRemoval} onClose={() => setUndo(null)} />}
              {selected && (
                <LessonActionsBar selected={selected} onTogglePin={actions.togglePin} onRemove={removeSelected} onClose={() => setSelectedKey(null)} />
              )}
            </LessonBars>
          )}
        </div>
        <DragOverlay dropAnimation={null}>
          {dnd.active && !dnd.active.keyboard ? (
            <div className="drag-chip">
              <span>{activeName}</span>
              <span className="drag-chip__minutes">{view.byId.get(dnd.active.memberId)?.duration ?? ''} Min.</span>
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>

      <OverrideDialog
        open={flow.override !== null}
        name={flow.override ? nameOf(flow.override.memberId) : ''}
        when={flow.override ? describeSpan(flow.override.day, flow.override.start, flow.override.length) : ''}
        onCancel={flow.cancelOverride}
        onConfirm={flow.confirmOverride}
      />
      <p className="visually-hidden" role="status">
        {flow.announcement}
      </p>
      <CalcErrorDialog error={calc.error} onClose={calc.closeError} onEditTimes={onEditTimes} onTakeBest={takeBest} />
      <SaveDialog state={schedule.saveDialog} busy={schedule.saveBusy} onClose={schedule.closeSave} onSubmit={(n, d, u) => void schedule.submitSave(n, d, u)} />
      <OverwriteDialog
        name={schedule.overwrite ? schedule.overwrite.payload.name : null}
        busy={schedule.overwriteBusy}
        onCancel={schedule.cancelOverwrite}
        onConfirm={() => void schedule.confirmOverwrite()}
      />
      <LoadDialog
        open={loadOpen}
        schedules={schedulesQuery.data}
        loading={schedulesQuery.isPending}
        failed={schedulesQuery.isError}
        currentId={state.current.id}
        dirty={state.dirty}
        onClose={() => setLoadOpen(false)}
        onLoad={async (s) => {
          if (await schedule.loadSchedule(s.id)) setLoadOpen(false);
        }}
        onDelete={schedule.deleteSchedule}
        deletingId={schedule.deletingId}
      />
    </div>
  );
}
