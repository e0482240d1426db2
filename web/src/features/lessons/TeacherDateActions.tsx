// The teacher's actions on the semester's dates (docs/product/semester.md): 'Absagen' on a lesson still ahead,
// 'Absage zurücknehmen' on a cancelled one, 'Ich bin krank' for a whole day, and the open make-ups with their
// suggestions, which the teacher may book for the student. Used by "Termine" and the class page.
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../shared/ui/Button';
import { berlinToday, classMakeupsQuery, shortDate, type ClassLesson } from './lessons-api';
import type { Notice } from './LessonNotice';
import { MakeupItem } from './StudentLessonItems';
import { TEACHER_CANCEL_TEXTS, type TeacherCancelTarget } from './TeacherCancelDialog';
import { canWithdraw, WithdrawCancellationButton } from './WithdrawCancellation';

export const TEACHER_ACTION_TEXTS = {
  cancelLabel: (l: ClassLesson) => `Absagen: ${l.name}, ${shortDate(l.date)} ${l.start} Uhr`,
  makeupsTitle: 'Offene Nachholtermine',
  makeupsIntro: 'Du kannst einen Nachholtermin auch selbst für die Person buchen.',
} as const;

/** 'Absagen' or 'Absage zurücknehmen' for one row, or nothing (past, holiday, break, make-up). */
export function TeacherLessonActions({
  classId,
  lesson: l,
  onCancel,
  onDone,
  today = berlinToday(),
}: {
  classId: string;
  lesson: ClassLesson;
  onCancel: (target: TeacherCancelTarget) => void;
  onDone: (notice: Notice) => void;
  today?: string;
}) {
  if ((l.status === 'planned' || l.status === 'swapped') && l.date >= today) {
    return (
      <Button size="sm" variant="secondary" onClick={() => onCancel({ kind: 'lesson', lesson: l })} aria-label={TEACHER_ACTION_TEXTS.cancelLabel(l)}>
        {TEACHER_CANCEL_TEXTS.cancelOne}
      </Button>
    );
  }
  if (canWithdraw(l, 'teacher', today)) return <WithdrawCancellationButton classId={classId} lesson={l} name={l.name} onDone={onDone} />;
  return null;
}

/** 'Ich bin krank': opens the day's cancellation for today. */
export function SickDayButton({ onCancel }: { onCancel: (target: TeacherCancelTarget) => void }) {
  return (
    <Button size="sm" variant="danger" onClick={() => onCancel({ kind: 'day', date: berlinToday() })}>
      {TEACHER_CANCEL_TEXTS.sick}
    </Button>
  );
}

/** The class's open make-ups; the teacher books one from its suggestions as the student can. */
export function TeacherMakeups({ classId, heading: Heading = 'h3' }: { classId: string; heading?: 'h3' | 'h5' }) {
  const makeups = useQuery(classMakeupsQuery(classId));
  const open = (makeups.data ?? []).filter((m) => m.status === 'open');
  if (!open.length) return null;
  return (
    <section className="lesson-section" aria-labelledby={`teacher-makeups-${classId}`}>
      <Heading id={`teacher-makeups-${classId}`}>{TEACHER_ACTION_TEXTS.makeupsTitle}</Heading>
      <p className="muted">{TEACHER_ACTION_TEXTS.makeupsIntro}</p>
      <ul className="lesson-list">
        {open.map((m) => (
          <li key={m.makeup_id} className="lesson-item" data-testid={`teacher-makeup-${m.makeup_id}`}>
            <MakeupItem makeup={m} />
          </li>
        ))}
      </ul>
    </section>
  );
}
