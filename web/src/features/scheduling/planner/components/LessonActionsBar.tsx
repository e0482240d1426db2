import type { LessonWeek } from '@stundenplan/timegrid';
import type { ReactNode } from 'react';
import { Button } from '../../../../shared/ui/Button';
import { useBottomBarOffset } from '../../../../shared/ui/use-bottom-bar-offset';
import { ROOM_TEXTS } from '../model/rooms';
import { PLANNER_TEXTS } from '../model/texts';

export interface SelectedLesson {
  memberId: string;
  key: string;
  /** A placed lesson, an 'ERROR: ...' entry, or an unplaced student waiting for a tap on a free cell. */
  kind: 'lesson' | 'error' | 'student';
  fullName: string;
  when: string;
  pinned: boolean;
  /** The week of a biweekly student's lesson. */
  week?: LessonWeek | null;
}

interface Props {
  selected: SelectedLesson;
  onTogglePin: (memberId: string) => void;
  /** Moves a biweekly lesson into the other week. */
  onSwitchWeek?: (memberId: string) => void;
  onRemove: () => void;
  onClose: () => void;
  /** 'Raum ändern' (a plan with rooms). */
  onChangeRoom?: (memberId: string) => void;
}

/**
 * Actions of a tapped lesson (phones have no hover and no room for small buttons on a tile): lock,
 * take out of the plan, done. While it is open, tapping a free cell moves the lesson there (or, for a
 * selected student, places them there).
 */
export function LessonActionsBar({ selected, onTogglePin, onSwitchWeek, onRemove, onClose, onChangeRoom }: Props) {
  const isLesson = selected.kind === 'lesson';
  const isStudent = selected.kind === 'student';
  return (
    <div className="lesson-bar" role="region" aria-label={PLANNER_TEXTS.selectedRegion}>
      <p className="lesson-bar__text" aria-live="polite">
        <strong>{selected.fullName}</strong> <span>{selected.when}</span>
        {selected.week && <span className="lesson-bar__week">{PLANNER_TEXTS.weekLabel(selected.week)}</span>}
        {isLesson && <span className="lesson-bar__hint">{PLANNER_TEXTS.tapToMove}</span>}
        {isStudent && <span className="lesson-bar__hint">{PLANNER_TEXTS.tapToPlace}</span>}
      </p>
      <div className="lesson-bar__actions">
        {isLesson && (
          <Button variant="secondary" size="md" aria-pressed={selected.pinned} onClick={() => onTogglePin(selected.memberId)}>
            {selected.pinned ? PLANNER_TEXTS.unlockShort : PLANNER_TEXTS.lockShort}
          </Button>
        )}
        {isLesson && selected.week && onSwitchWeek && (
          <Button variant="secondary" size="md" onClick={() => onSwitchWeek(selected.memberId)}>
            {PLANNER_TEXTS.switchWeek(selected.week === 'A' ? 'B' : 'A')}
          </Button>
        )}
        {isLesson && onChangeRoom && (
          <Button variant="secondary" size="md" onClick={() => onChangeRoom(selected.memberId)}>
            {ROOM_TEXTS.change}
          </Button>
        )}
        {!isStudent && (
          <Button variant="danger" size="md" onClick={onRemove}>
            {PLANNER_TEXTS.removeShort}
          </Button>
        )}
        <Button variant="ghost" size="md" onClick={onClose}>
          {PLANNER_TEXTS.done}
        </Button>
      </div>
    </div>
  );
}

/** 'Anna aus dem Plan genommen. Rückgängig' after a lesson was taken out. */
export function UndoBar({ text, onUndo, onClose }: { text: string; onUndo: () => void; onClose: () => void }) {
  return (
    <div className="lesson-bar lesson-bar--undo" role="status">
      <p className="lesson-bar__text">{text}</p>
      <div className="lesson-bar__actions">
        <Button variant="secondary" size="md" onClick={onUndo}>
          {PLANNER_TEXTS.undo}
        </Button>
        <Button variant="ghost" size="md" aria-label={PLANNER_TEXTS.closeHint} onClick={onClose}>
          ×
        </Button>
      </div>
    </div>
  );
}

/** Holds the bars at the bottom of the screen, where a thumb reaches them. */
export function LessonBars({ children }: { children: ReactNode }) {
  const ref = useBottomBarOffset<HTMLDivElement>();
  return (
    <div ref={ref} className="lesson-bars">
      {children}
    </div>
  );
}
