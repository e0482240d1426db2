import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage } from '../../shared/api/client';
import { toast } from '../../shared/toast/toast-store';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { germanDate, lessonWhen, requestSwap, swapOptionsQuery, type MyLesson } from './lessons-api';
import { STUDENT_LESSON_TEXTS } from './student-lesson-texts';
import { useRefreshLessons } from './use-refresh-lessons';

/** 'Tauschen': asks someone of the course whose times fit to swap this date or every week. */
export function SwapDialog({ lesson, onClose }: { lesson: MyLesson; onClose: () => void }) {
  const [weekly, setWeekly] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = useRefreshLessons();
  const options = useQuery(swapOptionsQuery(lesson.class_id, lesson.member_id, weekly ? null : lesson.date));
  const groupId = useId();
  const mutation = useMutation({
    mutationFn: () => requestSwap({ class_id: lesson.class_id, member_id: lesson.member_id, with_member_id: chosen!, date: weekly ? null : lesson.date }),
    onSuccess: async (answer) => {
      toast.success(answer?.message ?? STUDENT_LESSON_TEXTS.sendRequest);
      await refresh();
      onClose();
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const list = options.data ?? [];
  const offer = list.find((o) => o.member_id === chosen);
  return (
    <Dialog
      open
      onClose={onClose}
      title={STUDENT_LESSON_TEXTS.swapTitle}
      description={STUDENT_LESSON_TEXTS.swapIntro(germanDate(lesson.date))}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Abbrechen
          </Button>
          <Button disabled={!chosen} loading={mutation.isPending} onClick={() => mutation.mutate()}>
            {STUDENT_LESSON_TEXTS.sendRequest}
          </Button>
        </>
      }
    >
      <label className="lesson-check">
        <input
          type="checkbox"
          checked={weekly}
          onChange={(e) => {
            setWeekly(e.target.checked);
            setChosen(null);
          }}
        />
        {STUDENT_LESSON_TEXTS.swapWeekly}
      </label>
      {options.isError ? (
        <Alert kind="error" title={errorMessage(options.error)}>
          {null}
        </Alert>
      ) : options.isPending ? null : list.length === 0 ? (
        <p className="muted">{STUDENT_LESSON_TEXTS.noOptions}</p>
      ) : (
        <fieldset className="lesson-options">
          <legend className="visually-hidden">{STUDENT_LESSON_TEXTS.swapTitle}</legend>
          {list.map((o) => (
            <label key={o.member_id} className="lesson-option">
              <input type="radio" name={groupId} value={o.member_id} checked={chosen === o.member_id} onChange={() => setChosen(o.member_id)} />
              {STUDENT_LESSON_TEXTS.option(o.name, lessonWhen(o.with_lesson))}
            </label>
          ))}
        </fieldset>
      )}
      {offer && (
        <p className="lesson-offer" aria-live="polite">
          {STUDENT_LESSON_TEXTS.offer(offer.name, lessonWhen(offer.with_lesson), lessonWhen(offer.lesson), weekly)}
        </p>
      )}
      {error && (
        <Alert kind="error" title={error}>
          {null}
        </Alert>
      )}
    </Dialog>
  );
}
