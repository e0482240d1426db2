import type { ReactNode } from 'react';
import { Alert, ButtonLink } from '../../../../shared/ui';
import { PLANNER_TEXTS } from '../model/texts';
import { SidebarIcon } from './icons';

interface Props {
  id: string;
  classId: string;
  className: string;
  open: boolean;
  onToggle: () => void;
  membersFailed: boolean;
  toolbar: ReactNode;
  meta: ReactNode;
  calculation: ReactNode;
  range: ReactNode;
  teacher: ReactNode;
  students: ReactNode;
}

/** The step-4 sidebar (docs/product/planning.md); it toggles open and closed. */
export function PlannerSidebar({ id, classId, className, open, onToggle, membersFailed, toolbar, meta, calculation, range, teacher, students }: Props) {
  return (
    <aside className="planner-sidebar" aria-label="Seitenleiste">
      <div className="planner-sidebar__head">
        <h2 className="planner-sidebar__title">{className || 'Stundenplan'}</h2>
        <button
          type="button"
          className="icon-button"
          aria-expanded={open}
          aria-controls={id}
          aria-label={open ? PLANNER_TEXTS.sidebarHide : PLANNER_TEXTS.sidebarShow}
          title={open ? PLANNER_TEXTS.sidebarHide : PLANNER_TEXTS.sidebarShow}
          onClick={onToggle}
        >
          <SidebarIcon />
        </button>
      </div>
      <div id={id} className="planner-sidebar__body" hidden={!open}>
        {/* Load/save/PDF/send and the calculation stay in view while the student list scrolls. */}
        <div className="planner-sidebar__actions">
          {toolbar}
          {calculation}
        </div>
        {meta}
        {range}
        {teacher}
        {membersFailed && <Alert kind="error">{PLANNER_TEXTS.membersFailed}</Alert>}
        {students}
        <ButtonLink to={`/me/classes?selectClass=${encodeURIComponent(classId)}`} variant="secondary" size="sm" block>
          {PLANNER_TEXTS.editStudents}
        </ButtonLink>
      </div>
    </aside>
  );
}
