import { DndContext, DragOverlay } from '@dnd-kit/core';
import { DEFAULT_VISIBLE_RANGE, type TimesMap } from '@stundenplan/timegrid';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { cx } from '../../../shared/ui/cx';
import { CalcErrorDialog } from './components/CalcErrorDialog';
import { CalculateButton } from './components/CalculateButton';
import { LessonActionsBar, LessonBars, UndoBar } from './components/LessonActionsBar';
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
import { useFixes } from './hooks/use-fixes';
import { FixesDialog } from './components/FixesDialog';
import { toast } from '../../../shared/toast';
import { useHoverHighlight } from './hooks/use-hover-highlight';
import { markLessons, usePlanMarks } from './hooks/use-plan-marks';
import { usePlanState } from './hooks/use-plan-state';
import { usePlannerData } from './hooks/use-planner-data';
import { useAutoLoadLatest } from './hooks/use-auto-load';
import { usePlannerDnd } from './hooks/use-planner-dnd';
import { usePlannerView } from './hooks/use-planner-view';
import { useScheduleActions } from './hooks/use-schedule-actions';
import { useSelection } from './hooks/use-selection';
import { useUndoRemoval } from './hooks/use-undo-removal';
import { describeSpan } from './model/describe';
import { hasTwoSources } from './model/preferences';
import { evaluateDrop, keyboardStartCell, pinnedForCalculation } from './model/placements';
import { PLANNER_TEXTS } from './model/texts';
import type { PlannerMember, TimeSource, VisibleRange } from './model/types';
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
export { UNDO_MS } from './hooks/use-undo-removal';

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
      fixes: outcome.fixes,
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

  useAutoLoadLatest(classId, membersQuery, schedulesQuery, state.dirty, schedule.loadSchedule);

  const { nameOf, lengthOf, weekOf } = view.lookups;
  const flow = useDropFlow({ plan: state.plan, ...view.lookups, place: actions.place, setWeek: actions.setWeek });
  const gridHelpId = useId();

  const {
    undo,
    removeLesson,
    undoRemoval,
    dismiss: dismissUndo,
  } = useUndoRemoval({
    plan: state.plan,
    placementById: view.placementById,
    byId: view.byId,
    nameOf,
    weekOf,
    unplace: actions.unplace,
    restore: actions.restore,
  });
  const removeErrorEntry = useCallback((key: string) => actions.removeError(key.replace(/^error:/, '')), [actions]);

  const selection = useSelection({ lessons: view.lessons, byId: view.byId, drop: flow.drop, removeLesson, removeErrorEntry, announce: flow.announce });
  const { selected } = selection;

  const keyboardStart = useCallback(
    (memberId: string) =>
      keyboardStartCell(state.plan, memberId, view.placementById.get(memberId), lengthOf(memberId), weekOf(memberId), range ?? DEFAULT_VISIBLE_RANGE),
    [range, view.placementById, state.plan, lengthOf, weekOf],
  );

  const dnd = usePlannerDnd({ range, lengthOf, keyboardStart, onDrop: flow.drop, onUnplace: removeLesson, nameOf, describeCell: describeSpan });

  let preview: DropPreview | null = null;
  if (dnd.active && dnd.target) {
    const length = lengthOf(dnd.active.memberId);
    const verdict = evaluateDrop(
      state.plan,
      dnd.active.memberId,
      dnd.target.day,
      dnd.target.start,
      length,
      weekOf(dnd.active.memberId),
      flow.weekFor(dnd.active.memberId, dnd.target.day, dnd.target.start),
    );
    preview = { ...dnd.target, length, tone: verdict.kind !== 'ok' ? 'bad' : verdict.available ? 'ok' : 'warn' };
  }
  const highlightId = dnd.active?.memberId ?? selection.selectedStudentId ?? hover.highlighted;
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
    if (best) actions.calculated(best.plan, best.name, best.notAssigned, best.reasons, { summary: best.summary, fixes: best.fixes });
    calc.closeError();
  };

  const fixes = useFixes({
    classId,
    state,
    actions,
    byId: view.byId,
    names: view.names,
    teacherWeek: view.teacherWeek,
    range,
    setRange: (r) => setRangeValue({ start: r.start, end: r.end }),
    lookups: view.lookups,
    drop: flow.drop,
    recalculate: runCalculation,
    announce: (text) => toast.success(text),
  });

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
                  selected={selection.selectedStudentId === m.member_id}
                  onSelect={selection.selectStudent}
                  twoSources={hasTwoSources(m)}
                  preference={view.prefs[m.member_id]!}
                  notes={view.panelNotes.get(m.member_id) ?? []}
                  onPreference={setPreference}
                  onHover={hover.track}
                  onUnplace={removeLesson}
                  onFixes={state.fixes[m.member_id] && state.notAssigned.includes(m.member_id) ? fixes.open : undefined}
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
            onSelect={selection.selectLesson}
            onCellTap={selection.tapCell}
            helpId={gridHelpId}
            onUnplace={removeLesson}
            onRemoveError={removeErrorEntry}
            onTogglePin={actions.togglePin}
            onHover={hover.track}
          />
          <p className="planner-help" id={gridHelpId}>
            {PLANNER_TEXTS.keyboardHelp} {PLANNER_TEXTS.gridHelp}
          </p>
          {(selected || undo) && (
            <LessonBars>
              {undo && <UndoBar text={PLANNER_TEXTS.removed(undo.name)} onUndo={undoRemoval} onClose={dismissUndo} />}
              {selected && (
                <LessonActionsBar
                  selected={selected}
                  onTogglePin={actions.togglePin}
                  onSwitchWeek={flow.switchWeek}
                  onRemove={selection.removeSelected}
                  onClose={selection.clear}
                />
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
      <p className="visually-hidden planner-status" role="status">
        {flow.announcement}
      </p>
      <FixesDialog
        target={fixes.target}
        nameOf={(id) => view.names.get(id) ?? ''}
        onClose={fixes.close}
        onApplyTeacherTime={fixes.applyTeacherTime}
        onAskStudent={fixes.askStudent}
        onMove={fixes.move}
      />
      <CalcErrorDialog error={calc.error} onClose={calc.closeError} onEditTimes={onEditTimes} onTakeBest={takeBest} />
      <SaveDialog
        state={schedule.saveDialog}
        busy={schedule.saveBusy}
        semesterCost={schedule.semesterCost}
        onClose={schedule.closeSave}
        onSubmit={(n, d, u) => void schedule.submitSave(n, d, u)}
      />
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
