import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../shared/api/client';
import { toast } from '../../shared/toast/toast-store';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { bookMakeup, FIRST_SUGGESTIONS, germanDate, lessonKeys, shortDate, suggestionsQuery, type Makeup, type Suggestion } from './lessons-api';
import { STUDENT_LESSON_TEXTS } from './student-lesson-texts';
import { useRefreshLessons } from './use-refresh-lessons';

const timeText = (s: Pick<Suggestion, 'date' | 'start' | 'end'>) => `${shortDate(s.date)} ${s.start}–${s.end} Uhr`;

/**
 * An open make-up with its suggested times ('Weitere Zeiten' shows more) and 'Buchen', which asks first; or the
 * booked one, whose suggestions are not asked for again (the server refuses them once it is booked).
 */
export function MakeupItem({ makeup: m }: { makeup: Makeup }) {
  const refresh = useRefreshLessons();
  const qc = useQueryClient();
  const [all, setAll] = useState(false);
  const [confirming, setConfirming] = useState<Suggestion | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const suggestions = useQuery({ ...suggestionsQuery(m.makeup_id), enabled: m.status === 'open' });
  const book = useMutation({
    mutationFn: (s: Suggestion) => bookMakeup(m.makeup_id, s.date, s.start),
    onSuccess: async (answer) => {
      setConfirming(null);
      toast.success(answer?.message ?? STUDENT_LESSON_TEXTS.book);
      const key = lessonKeys.suggestions(m.makeup_id);
      await qc.cancelQueries({ queryKey: key });
      await refresh(key);
    },
    onError: (e) => {
      setConfirming(null);
      toast.error(errorMessage(e));
    },
  });
  useEffect(() => {
    // The first time 'Weitere Zeiten' showed takes the focus the vanished button had.
    if (all) listRef.current?.querySelectorAll('button')[FIRST_SUGGESTIONS]?.focus();
  }, [all]);

  if (m.status === 'booked' && m.booked) {
    return <p className="lesson-item__what">{STUDENT_LESSON_TEXTS.makeupBooked(shortDate(m.booked.date), m.booked.start, m.booked.end)}</p>;
  }
  const list = suggestions.data ?? [];
  const shown = all ? list : list.slice(0, FIRST_SUGGESTIONS);
  return (
    <>
      <div className="lesson-item__what">
        <strong>{m.name}</strong> · {STUDENT_LESSON_TEXTS.makeupOpen(germanDate(m.cancelled_date), germanDate(m.expires_on))}
      </div>
      {suggestions.isError ? (
        <p className="muted">{errorMessage(suggestions.error)}</p>
      ) : suggestions.isPending ? null : list.length === 0 ? (
        <p className="muted">{STUDENT_LESSON_TEXTS.noSuggestions}</p>
      ) : (
        <>
          <ul className="lesson-suggestions" ref={listRef}>
            {shown.map((s) => (
              <li key={`${s.date}-${s.start}`}>
                <span>{timeText(s)}</span>
                <Button
                  size="sm"
                  disabled={book.isPending}
                  onClick={() => setConfirming(s)}
                  aria-label={`${STUDENT_LESSON_TEXTS.book}: ${shortDate(s.date)} ${s.start} Uhr`}
                >
                  {STUDENT_LESSON_TEXTS.book}
                </Button>
              </li>
            ))}
          </ul>
          {!all && list.length > FIRST_SUGGESTIONS && (
            <div className="lesson-item__actions">
              <Button size="sm" variant="secondary" onClick={() => setAll(true)}>
                {STUDENT_LESSON_TEXTS.moreTimes}
              </Button>
            </div>
          )}
        </>
      )}
      {confirming && (
        <Dialog
          open
          onClose={() => setConfirming(null)}
          title={STUDENT_LESSON_TEXTS.bookTitle}
          description={STUDENT_LESSON_TEXTS.bookQuestion(timeText(confirming))}
          footer={
            <>
              <Button variant="secondary" onClick={() => setConfirming(null)}>
                Abbrechen
              </Button>
              <Button loading={book.isPending} onClick={() => book.mutate(confirming)}>
                {STUDENT_LESSON_TEXTS.bookConfirm}
              </Button>
            </>
          }
        >
          {null}
        </Dialog>
      )}
    </>
  );
}
