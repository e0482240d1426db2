import { useDroppable } from '@dnd-kit/core';
import type { ReactNode } from 'react';
import { cx } from '../../../../shared/ui/cx';
import { UNPLACE_ID } from '../model/dnd';
import { PLANNER_TEXTS } from '../model/texts';

interface Props {
  loading: boolean;
  count: number;
  placedCount: number;
  /** A placed lesson is being dragged: the list accepts it to unplace it. */
  acceptsLesson: boolean;
  over: boolean;
  children: ReactNode;
}

/** The student panel list; also the drop zone that takes a lesson out of the plan. */
export function StudentList({ loading, count, placedCount, acceptsLesson, over, children }: Props) {
  const { setNodeRef } = useDroppable({ id: UNPLACE_ID, disabled: !acceptsLesson });
  return (
    <section
      className={cx('planner-students', acceptsLesson && 'planner-students--drop', over && 'is-over')}
      ref={setNodeRef}
      aria-label={PLANNER_TEXTS.students}
    >
      <div className="planner-section__head">
        <h3 className="planner-section__title">{PLANNER_TEXTS.students}</h3>
        {count > 0 && <span className="planner-section__meta">{PLANNER_TEXTS.placedCount(placedCount, count)}</span>}
      </div>
      {acceptsLesson && <p className="planner-students__drop-hint">{PLANNER_TEXTS.unplaceZone}</p>}
      {loading ? (
        <p className="planner-empty">{PLANNER_TEXTS.loadingStudents}</p>
      ) : count === 0 ? (
        <p className="planner-empty">{PLANNER_TEXTS.noStudents}</p>
      ) : (
        <ul className="student-list">{children}</ul>
      )}
    </section>
  );
}
