import { useDraggable } from '@dnd-kit/core';
import { memo, type KeyboardEvent } from 'react';
import { cx } from '../../../../shared/ui/cx';
import type { DragData } from '../model/dnd';
import { FIX_TEXTS } from '../model/fixes';
import { STUDENT_SOURCE, TEACHER_SOURCE } from '../model/preferences';
import { PLANNER_TEXTS } from '../model/texts';
import type { PlannerMember, TimeSource } from '../model/types';
import type { StudentNote } from '../model/warnings';
import { CheckIcon } from './icons';
import { NotesIcon } from './NotesIcon';

/** A member without own and without teacher-entered times has not answered yet. */
function hasAnyTimes(m: PlannerMember): boolean {
  const some = (t: PlannerMember['available_times']) => Object.values(t ?? {}).some((labels) => Array.isArray(labels) && labels.length > 0);
  return some(m.available_times) || some(m.available_times_user_input);
}

interface Props {
  member: PlannerMember;
  shortName: string;
  placed: boolean;
  highlighted: boolean;
  /** Tapped or clicked while unplaced: a tap on a free cell places the student. */
  selected: boolean;
  onSelect: (memberId: string) => void;
  twoSources: boolean;
  preference: TimeSource;
  notes: readonly StudentNote[];
  onPreference: (memberId: string, source: TimeSource) => void;
  onHover: (memberId: string | null) => void;
  onUnplace: (memberId: string) => void;
  /** Set for a student the last calculation left out with a list of fixes: shows "Was hilft?". */
  onFixes?: (memberId: string) => void;
}

/** One student in the sidebar: short name, minutes, check mark when placed, L/S toggles, notes. Draggable; a tap selects. */
export const StudentPanel = memo(function StudentPanel({
  member,
  shortName,
  placed,
  highlighted,
  selected,
  onSelect,
  twoSources,
  preference,
  notes,
  onPreference,
  onHover,
  onUnplace,
  onFixes,
}: Props) {
  const id = member.member_id;
  const data: DragData = { kind: 'student', memberId: id };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: `student:${id}`,
    data,
    attributes: { roleDescription: 'ziehbar' },
  });
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (placed && (e.key === 'Delete' || e.key === 'Backspace')) {
      e.preventDefault();
      onUnplace(id);
      return;
    }
    listeners?.onKeyDown?.(e);
  };
  const noTimes = !hasAnyTimes(member);
  const label = `${member.name}, ${member.duration} Minuten, ${placed ? 'eingeplant' : 'nicht eingeplant'}${noTimes ? `, ${PLANNER_TEXTS.noTimesYet}` : ''}`;
  return (
    <li
      ref={setNodeRef}
      className={cx(
        'student-panel',
        placed && 'student-panel--placed',
        isDragging && 'is-dragging',
        highlighted && 'is-highlighted',
        selected && 'is-selected',
      )}
      data-member={id}
      data-selected={selected || undefined}
    >
      <div
        ref={setActivatorNodeRef}
        className="student-panel__main"
        {...attributes}
        {...listeners}
        onKeyDown={onKeyDown}
        onClick={() => onSelect(id)}
        title={member.name}
        onPointerEnter={() => onHover(id)}
        onPointerLeave={() => onHover(null)}
        onFocus={() => onHover(id)}
        onBlur={() => onHover(null)}
      >
        <span className="student-panel__check" aria-hidden="true">
          {placed ? <CheckIcon /> : null}
        </span>
        {/*
          The name comes from this text, not from aria-label: it says in full words what the short forms shown say,
          and those stay out of it (an aria-label would have to contain the visible text, WCAG 2.5.3 Label in Name).
        */}
        <span className="visually-hidden">{label}</span>
        <span className="student-panel__name" aria-hidden="true">
          {shortName}
        </span>
        <span className="student-panel__minutes" aria-hidden="true">
          {member.duration} Min.
        </span>
        {noTimes && (
          <span className="student-panel__no-times" title={PLANNER_TEXTS.noTimesYet} data-testid="planner-no-times" aria-hidden="true">
            {PLANNER_TEXTS.noTimesTag}
          </span>
        )}
      </div>
      {twoSources && (
        <div className="student-panel__sources" role="group" aria-label={`Zeitquelle für ${member.name}`}>
          <button
            type="button"
            className="source-toggle"
            aria-pressed={preference === TEACHER_SOURCE}
            title={PLANNER_TEXTS.sourceTeacher}
            aria-label={PLANNER_TEXTS.sourceTeacher}
            onClick={() => onPreference(id, TEACHER_SOURCE)}
          >
            L
          </button>
          <button
            type="button"
            className="source-toggle"
            aria-pressed={preference === STUDENT_SOURCE}
            title={PLANNER_TEXTS.sourceStudent}
            aria-label={PLANNER_TEXTS.sourceStudent}
            onClick={() => onPreference(id, STUDENT_SOURCE)}
          >
            S
          </button>
        </div>
      )}
      <NotesIcon notes={notes} />
      {onFixes && !placed && (
        <div className="student-panel__fixes-row">
          <button type="button" className="student-panel__fixes" aria-label={FIX_TEXTS.buttonLabel(member.name)} onClick={() => onFixes(id)}>
            {FIX_TEXTS.button}
          </button>
        </div>
      )}
    </li>
  );
});
