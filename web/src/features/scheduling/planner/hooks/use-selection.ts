import { useCallback, useState } from 'react';
import type { SelectedLesson } from '../components/LessonActionsBar';
import type { LessonView } from '../components/LessonBlock';
import { describeSpan } from '../model/describe';
import { PLANNER_TEXTS } from '../model/texts';
import type { PlannerMember } from '../model/types';
import type { DropOutcome } from './use-drop-flow';

type Selection = { kind: 'lesson'; key: string } | { kind: 'student'; memberId: string } | null;

interface Options {
  lessons: readonly LessonView[];
  byId: ReadonlyMap<string, PlannerMember>;
  drop: (memberId: string, day: number, start: number) => DropOutcome;
  removeLesson: (memberId: string) => void;
  removeErrorEntry: (key: string) => void;
  /** The planner's polite status region. */
  announce?: (text: string) => void;
}

/**
 * Tap (or click) to plan, for phones where a drag needs a long press: a tapped lesson or student is
 * selected, its actions sit in the bar under the grid, and a tap on a free cell moves the lesson there or
 * places the student. A student's panel selects their lesson once they are placed.
 */
export function useSelection({ lessons, byId, drop, removeLesson, removeErrorEntry, announce }: Options) {
  const [selection, setSelection] = useState<Selection>(null);

  const lessonView = selection?.kind === 'lesson' ? lessons.find((l) => l.key === selection.key) : undefined;
  const student = selection?.kind === 'student' ? byId.get(selection.memberId) : undefined;
  // A selected student who got placed meanwhile (by a drag) is no longer waiting for a cell.
  const studentWaiting = student && !lessons.some((l) => l.kind === 'lesson' && l.memberId === student.member_id) ? student : undefined;
  let selected: SelectedLesson | null = null;
  if (lessonView) {
    selected = {
      memberId: lessonView.memberId,
      key: lessonView.key,
      kind: lessonView.kind,
      fullName: lessonView.fullName,
      when: describeSpan(lessonView.day, lessonView.start, lessonView.end - lessonView.start),
      pinned: lessonView.pinned,
      week: lessonView.week ?? null,
    };
  } else if (studentWaiting) {
    const id = studentWaiting.member_id;
    selected = { memberId: id, key: `student:${id}`, kind: 'student', fullName: studentWaiting.name, when: `${studentWaiting.duration} Min.`, pinned: false };
  }

  const selectLesson = useCallback(
    (key: string) => {
      const off = selection?.kind === 'lesson' && selection.key === key;
      setSelection(off ? null : { kind: 'lesson', key });
      const lesson = lessons.find((l) => l.key === key);
      if (off) announce?.(PLANNER_TEXTS.selectionCleared);
      else if (lesson) announce?.(PLANNER_TEXTS.selectedForTap(lesson.fullName));
    },
    [selection, lessons, announce],
  );
  const selectStudent = useCallback(
    (memberId: string) => {
      const placed = lessons.find((l) => l.kind === 'lesson' && l.memberId === memberId);
      if (placed) {
        selectLesson(placed.key);
        return;
      }
      const off = selection?.kind === 'student' && selection.memberId === memberId;
      setSelection(off ? null : { kind: 'student', memberId });
      const name = byId.get(memberId)?.name;
      if (off) announce?.(PLANNER_TEXTS.selectionCleared);
      else if (name) announce?.(PLANNER_TEXTS.selectedForTap(name));
    },
    [lessons, selectLesson, selection, byId, announce],
  );
  const clear = useCallback(() => setSelection(null), []);

  const tapCell = (day: number, slot: number) => {
    if (!selected || selected.kind === 'error') return;
    const outcome = drop(selected.memberId, day, slot);
    if (selected.kind === 'student' && (outcome === 'placed' || outcome === 'asking')) setSelection(null);
    // A refusal also shows its reason in a toast; the override dialog announces its own answer.
    if (outcome === 'placed') announce?.(PLANNER_TEXTS.dropped(selected.fullName));
    else if (outcome === 'refused') announce?.(PLANNER_TEXTS.notDropped(selected.fullName));
  };
  const removeSelected = () => {
    if (!selected) return;
    setSelection(null);
    if (selected.kind === 'error') removeErrorEntry(selected.key);
    else if (selected.kind === 'lesson') removeLesson(selected.memberId);
  };

  return { selected, selectedStudentId: studentWaiting?.member_id ?? null, selectLesson, selectStudent, tapCell, removeSelected, clear };
}
