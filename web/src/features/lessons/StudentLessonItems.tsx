import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../shared/api/client';
import { toast } from '../../shared/toast/toast-store';
import { Button } from '../../shared/ui/Button';
import { acceptSwap, declineSwap, germanDate, lessonWhen, SWAP_STATUS_LABELS, type MySwapRequest } from './lessons-api';
import { STUDENT_LESSON_TEXTS } from './student-lesson-texts';
import { useRefreshLessons } from './use-refresh-lessons';

export { MakeupItem } from './MakeupItem';

const when = (r: Pick<MySwapRequest, 'date' | 'from_date'>) => (r.date ? `am ${germanDate(r.date)}` : `jede Woche ab ${germanDate(r.from_date)}`);

/** The request with both lessons when the server names them ("… mit deinem Do 17.12., 16:30 tauschen"). */
function requestText(r: MySwapRequest): string {
  const T = STUDENT_LESSON_TEXTS;
  if (r.lesson && r.with_lesson) {
    const both = r.incoming ? T.incomingBoth : T.outgoingBoth;
    return both(r.with_name, lessonWhen(r.with_lesson), lessonWhen(r.lesson), r.date === null, r.class_name);
  }
  return r.incoming ? T.incoming(r.with_name, when(r), r.class_name) : T.outgoing(r.with_name, when(r), r.class_name);
}

/** Whose answer the request waits for: the asked student sees that it is theirs, the asking one whose it is. */
function waitingText(r: MySwapRequest): string {
  if (r.status !== 'pending') return SWAP_STATUS_LABELS[r.status];
  return r.incoming ? STUDENT_LESSON_TEXTS.waitsOnYou : STUDENT_LESSON_TEXTS.waitsOn(r.with_name);
}

/** A swap request, with 'Annehmen' and 'Ablehnen' when it is addressed to the student and still open. */
export function SwapRequestItem({ request: r }: { request: MySwapRequest }) {
  const refresh = useRefreshLessons();
  const answer = useMutation({
    mutationFn: (accept: boolean) => (accept ? acceptSwap(r.request_id) : declineSwap(r.request_id)),
    onSuccess: async (a) => {
      toast.success(a?.message ?? SWAP_STATUS_LABELS.swapped);
      await refresh();
    },
    onError: async (e) => {
      toast.error(errorMessage(e));
      await refresh();
    },
  });
  return (
    <>
      <div className="lesson-item__what">{requestText(r)}</div>
      <span className={`lesson-status lesson-status--${r.status === 'pending' ? 'planned' : 'makeup'}`}>{waitingText(r)}</span>
      {r.incoming && r.status === 'pending' && (
        <div className="lesson-item__actions">
          <Button size="sm" loading={answer.isPending && answer.variables} disabled={answer.isPending} onClick={() => answer.mutate(true)}>
            {STUDENT_LESSON_TEXTS.accept}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            loading={answer.isPending && !answer.variables}
            disabled={answer.isPending}
            onClick={() => answer.mutate(false)}
          >
            {STUDENT_LESSON_TEXTS.decline}
          </Button>
        </div>
      )}
    </>
  );
}
