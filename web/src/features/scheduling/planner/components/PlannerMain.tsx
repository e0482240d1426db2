import { useId } from 'react';
import type { Planner } from '../hooks/use-planner';
import { PLANNER_TEXTS } from '../model/texts';
import { LessonActionsBar, LessonBars, UndoBar } from './LessonActionsBar';
import { LessonPlanGrid } from './LessonPlanGrid';
import { PlanSummaryLine } from './PlanSummaryLine';
import { RoomDialog } from './RoomDialog';

/** The main part of step 4: the summary line, the grid with its keyboard help, and the bars for a removed or selected lesson. */
export function PlannerMain({ p }: { p: Planner }) {
  const helpId = useId();
  const { view, dnd, selection, undo, actions } = p;
  const { selected } = selection;
  const highlightWeek = p.highlightId ? (view.weeks.get(p.highlightId) ?? null) : null;
  return (
    <div className="planner-main">
      <PlanSummaryLine marks={p.marks} baseName={p.stable.baseName} />
      <LessonPlanGrid
        range={p.range}
        compact={p.ui.compact}
        teacherWeek={view.teacherWeek}
        highlightWeek={highlightWeek}
        highlightName={p.highlightId ? (view.names.get(p.highlightId) ?? null) : null}
        candidates={view.candidates}
        maxCandidates={view.maxCount}
        lessons={p.lessons}
        preview={p.preview}
        draggingKey={dnd.active?.kind === 'lesson' ? dnd.active.memberId : null}
        selectedKey={selected ? selected.key : null}
        onSelect={selection.selectLesson}
        onCellTap={selection.tapCell}
        helpId={helpId}
        onUnplace={undo.removeLesson}
        onRemoveError={p.removeErrorEntry}
        onTogglePin={actions.togglePin}
        onHover={p.hover.track}
        onChangeRoom={p.state.withRooms ? p.rooms.openFor : undefined}
      />
      <p className="planner-help" id={helpId}>
        {PLANNER_TEXTS.keyboardHelp} {PLANNER_TEXTS.gridHelp}
      </p>
      {(selected || undo.undo) && (
        <LessonBars>
          {undo.undo && <UndoBar text={PLANNER_TEXTS.removed(undo.undo.name)} onUndo={undo.undoRemoval} onClose={undo.dismiss} />}
          {selected && (
            <LessonActionsBar
              selected={selected}
              onTogglePin={actions.togglePin}
              onSwitchWeek={p.flow.switchWeek}
              onChangeRoom={p.state.withRooms ? p.rooms.openFor : undefined}
              onRemove={selection.removeSelected}
              onClose={selection.clear}
            />
          )}
        </LessonBars>
      )}
      <RoomDialog
        classId={p.classId}
        lesson={p.rooms.open}
        name={p.rooms.open ? (view.byId.get(p.rooms.open.memberId)?.name ?? '') : ''}
        onChoose={p.rooms.choose}
        onClose={p.rooms.close}
      />
    </div>
  );
}
