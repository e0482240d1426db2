// 'Absage zurücknehmen' (docs/product/semester.md): while the lesson is still ahead, the student who cancelled or
// the teacher takes the cancellation back; the lesson takes place again and its open make-up goes. The answer (or
// why not, e.g. a make-up already booked) stays in the page as a notice.
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../shared/api/client';
import { Button } from '../../shared/ui/Button';
import { withdrawCancellation } from './lesson-changes-api';
import { berlinToday, shortDate } from './lessons-api';
import type { Notice } from './LessonNotice';
import { useRefreshLessons } from './use-refresh-lessons';

export const WITHDRAW_TEXTS = {
  button: 'Absage zurücknehmen',
  label: (date: string, name?: string) => `Absage zurücknehmen: ${name ? `${name}, ` : ''}${shortDate(date)}`,
  done: 'Die Absage ist zurückgenommen.',
} as const;

interface Lesson {
  class_id?: string;
  member_id: string;
  date: string;
  start: string;
  status: string;
  cancelled_by?: 'teacher' | 'student' | undefined;
}

/** Whether `who` may take the cancellation of this lesson back now (its day not past; the server checks the hour). */
export function canWithdraw(l: Lesson, who: 'teacher' | 'student', today: string = berlinToday()): boolean {
  if (l.status !== 'cancelled' || l.date < today) return false;
  return who === 'teacher' || l.cancelled_by === 'student';
}

export function WithdrawCancellationButton({
  classId,
  lesson,
  name,
  onDone,
}: {
  classId: string;
  lesson: Lesson;
  /** The member's name in the teacher's list, for the button's accessible name. */
  name?: string;
  onDone: (notice: Notice) => void;
}) {
  const refresh = useRefreshLessons();
  const mutation = useMutation({
    mutationFn: () => withdrawCancellation({ class_id: classId, member_id: lesson.member_id, date: lesson.date }),
    onSuccess: async (answer) => {
      onDone({ kind: 'success', title: answer?.message ?? WITHDRAW_TEXTS.done });
      await refresh();
    },
    onError: async (e) => {
      onDone({ kind: 'error', title: errorMessage(e) });
      await refresh();
    },
  });
  return (
    <Button size="sm" variant="secondary" loading={mutation.isPending} onClick={() => mutation.mutate()} aria-label={WITHDRAW_TEXTS.label(lesson.date, name)}>
      {WITHDRAW_TEXTS.button}
    </Button>
  );
}
