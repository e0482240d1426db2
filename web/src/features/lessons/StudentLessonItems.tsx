import { useMutation, useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../shared/api/client';
import { toast } from '../../shared/toast/toast-store';
import { Button } from '../../shared/ui/Button';
import {
  acceptSwap,
  bookMakeup,
  declineSwap,
  germanDate,
  shortDate,
  suggestionsQuery,
  SWAP_STATUS_LABELS,
  type Makeup,
  type MySwapRequest,
} from './lessons-api';
import { STUDENT_LESSON_TEXTS } from './student-lesson-texts';
import { useRefreshLessons } from './use-refresh-lessons';

const when = (r: Pick<MySwapRequest, 'date' | 'from_date'>) => (r.date ? `am ${germanDate(r.date)}` : `jede Woche ab ${germanDate(r.from_date)}`);

/** An open make-up with its suggested dates and 'Buchen', or the booked one. */
export function MakeupItem({ makeup: m }: { makeup: Makeup }) {
  const refresh = useRefreshLessons();
  const suggestions = useQuery({ ...suggestionsQuery(m.makeup_id), enabled: m.status === 'open' });
  const book = useMutation({
    mutationFn: (s: { date: string; start: string }) => bookMakeup(m.makeup_id, s.date, s.start),
    onSuccess: async (answer) => {
      toast.success(answer?.message ?? STUDENT_LESSON_TEXTS.book);
      await refresh();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  if (m.status === 'booked' && m.booked) {
    return <p className="lesson-item__what">{STUDENT_LESSON_TEXTS.makeupBooked(shortDate(m.booked.date), m.booked.start, m.booked.end)}</p>;
  }
  return (
    <>
      <div className="lesson-item__what">
        <strong>{m.name}</strong> · {STUDENT_LESSON_TEXTS.makeupOpen(germanDate(m.cancelled_date), germanDate(m.expires_on))}
      </div>
      {suggestions.isError ? (
        <p className="muted">{errorMessage(suggestions.error)}</p>
      ) : suggestions.isPending ? null : suggestions.data.length === 0 ? (
        <p className="muted">{STUDENT_LESSON_TEXTS.noSuggestions}</p>
      ) : (
        <ul className="lesson-suggestions">
          {suggestions.data.map((s) => (
            <li key={`${s.date}-${s.start}`}>
              <span>
                {shortDate(s.date)} {s.start}–{s.end} Uhr
              </span>
              <Button
                size="sm"
                loading={book.isPending && book.variables?.date === s.date && book.variables.start === s.start}
                disabled={book.isPending}
                onClick={() => book.mutate({ date: s.date, start: s.start })}
                aria-label={`${STUDENT_LESSON_TEXTS.book}: ${shortDate(s.date)} ${s.start} Uhr`}
              >
                {STUDENT_LESSON_TEXTS.book}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
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
      <div className="lesson-item__what">
        {r.incoming ? STUDENT_LESSON_TEXTS.incoming(r.with_name, when(r), r.class_name) : STUDENT_LESSON_TEXTS.outgoing(r.with_name, when(r), r.class_name)}
      </div>
      <span className={`lesson-status lesson-status--${r.status === 'pending' ? 'planned' : 'makeup'}`}>{SWAP_STATUS_LABELS[r.status]}</span>
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
