import { DndContext, DragOverlay } from '@dnd-kit/core';
import type { TimesMap } from '@stundenplan/timegrid';
import { cx } from '../../../shared/ui/cx';
import { PlannerDialogs } from './components/PlannerDialogs';
import { PlannerMain } from './components/PlannerMain';
import { PlannerSidebarArea } from './components/PlannerSidebarArea';
import { usePlanner, type Planner } from './hooks/use-planner';
// In this order (the cascade of the former single file).
import './styles/sidebar.css';
import './styles/panels.css';
import './styles/grid.css';
import './styles/legend-dialogs.css';
import './styles/responsive.css';
import './styles/selection.css';
import './styles/marks.css';

export interface PlannerStepProps {
  classId: string;
  className: string;
  teacherTimes: TimesMap;
  /** The students' time range of the class (step 3); the grid shows the teacher's times and the students' chosen times. */
  timeRange: TimesMap | null;
  onUnsavedChange?: (dirty: boolean) => void;
  onEditTimes?: () => void;
}

export { UNDO_MS } from './hooks/use-undo-removal';

/** Step 4 of the teacher scheduling process (docs/product/planning.md): plan the timetable. */
export function PlannerStep({ onEditTimes, ...input }: PlannerStepProps) {
  const p = usePlanner(input);
  const { dnd } = p;
  return (
    <div className={cx('planner', !p.ui.sidebarOpen && 'planner--collapsed')}>
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
        <PlannerSidebarArea p={p} />
        <PlannerMain p={p} />
        <DragOverlay dropAnimation={null}>{dnd.active && !dnd.active.keyboard ? <DragChip p={p} memberId={dnd.active.memberId} /> : null}</DragOverlay>
      </DndContext>
      <PlannerDialogs p={p} onEditTimes={onEditTimes} />
    </div>
  );
}

/** What follows the pointer during a drag: the short name and the minutes. */
function DragChip({ p, memberId }: { p: Planner; memberId: string }) {
  return (
    <div className="drag-chip">
      <span>{p.view.names.get(memberId) ?? p.view.lookups.nameOf(memberId)}</span>
      <span className="drag-chip__minutes">{p.view.byId.get(memberId)?.duration ?? ''} Min.</span>
    </div>
  );
}
