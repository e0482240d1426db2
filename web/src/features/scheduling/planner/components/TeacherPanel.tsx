import { SLOT_MINUTES, formatSummedTime, type WeekSlots } from '@stundenplan/timegrid';
import { PLANNER_TEXTS } from '../model/texts';

/** The teacher-times panel (docs/product/planning.md), labelled Dozent, with the summed time. */
export function TeacherPanel({ week }: { week: WeekSlots }) {
  return (
    <div className="teacher-panel">
      <span className="teacher-panel__swatch" aria-hidden="true" />
      <span className="teacher-panel__label">{PLANNER_TEXTS.teacher}</span>
      <span className="teacher-panel__sum">{formatSummedTime(week.count() * SLOT_MINUTES)}</span>
    </div>
  );
}
