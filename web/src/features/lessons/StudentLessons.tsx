// "Meine Kurse": the student's next dates with "Absagen" and "Tauschen", open make-ups with their suggestions and
// "Buchen", and swap requests with "Annehmen"/"Ablehnen" (docs/product/semester.md). Phone first: one column.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/client';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { berlinToday, myLessonsQuery, myMakeupsQuery, mySwapsQuery, shortDate, swapDatesQuery, type MyLesson } from './lessons-api';
import { LessonNotice, useNotice } from './LessonNotice';
import { StatusBadge } from './StatusBadge';
import { StudentCancelDialog } from './StudentCancelDialog';
import { STUDENT_LESSON_TEXTS } from './student-lesson-texts';
import { SwapDialog } from './StudentLessonDialogs';
import { MakeupItem, SwapRequestItem } from './StudentLessonItems';
import { canWithdraw, WithdrawCancellationButton } from './WithdrawCancellation';
import './lessons.css';

export { STUDENT_LESSON_TEXTS } from './student-lesson-texts';

const NEXT_DATES = 8;

export function StudentLessons() {
  const lessons = useQuery(myLessonsQuery());
  const makeups = useQuery(myMakeupsQuery());
  const swaps = useQuery(mySwapsQuery());
  // "Tauschen" only where somebody fits: one request for the page, not one per date.
  const swapDates = useQuery(swapDatesQuery());
  const swappable = new Set((swapDates.data ?? []).map((d) => `${d.class_id}|${d.member_id}|${d.date}`));
  const [cancelling, setCancelling] = useState<MyLesson | null>(null);
  const [swapping, setSwapping] = useState<MyLesson | null>(null);
  const today = berlinToday();
  const { notice, show, dismiss } = useNotice();

  const upcoming = (lessons.data ?? []).filter((l) => l.date >= today).slice(0, NEXT_DATES);
  const open = (makeups.data ?? []).filter((m) => m.status !== 'expired');
  const requests = (swaps.data ?? []).filter((r) => r.status === 'pending' || r.status === 'awaiting_approval');

  return (
    <>
      <LessonNotice notice={notice} onDismiss={dismiss} />
      <section className="lesson-section" aria-labelledby="dates-heading">
        <h2 id="dates-heading" className="section-title">
          {STUDENT_LESSON_TEXTS.datesTitle}
        </h2>
        {lessons.isError ? (
          <Alert kind="error" title={STUDENT_LESSON_TEXTS.loadFailed}>
            {errorMessage(lessons.error)}
          </Alert>
        ) : lessons.isPending ? null : upcoming.length === 0 ? (
          <p className="muted">{STUDENT_LESSON_TEXTS.noDates}</p>
        ) : (
          <ul className="lesson-list" data-testid="my-dates">
            {upcoming.map((l) => (
              <li key={`${l.class_id}-${l.date}-${l.start}`} className="lesson-item" data-testid={`date-${l.date}`}>
                <div className="lesson-item__when">
                  <strong>{shortDate(l.date)}</strong> {l.start}–{l.end} Uhr
                </div>
                <div className="lesson-item__what">{l.class_name}</div>
                <StatusBadge status={l.status} reason={l.status === 'planned' ? null : l.reason} />
                {(l.status === 'planned' || l.status === 'swapped' || l.status === 'makeup') && (
                  <div className="lesson-item__actions">
                    <Button size="sm" variant="secondary" onClick={() => setCancelling(l)} aria-label={`${STUDENT_LESSON_TEXTS.cancel}: ${shortDate(l.date)}`}>
                      {STUDENT_LESSON_TEXTS.cancel}
                    </Button>
                    {l.status === 'planned' && swappable.has(`${l.class_id}|${l.member_id}|${l.date}`) && (
                      <Button size="sm" variant="secondary" onClick={() => setSwapping(l)} aria-label={`${STUDENT_LESSON_TEXTS.swap}: ${shortDate(l.date)}`}>
                        {STUDENT_LESSON_TEXTS.swap}
                      </Button>
                    )}
                  </div>
                )}
                {canWithdraw(l, 'student', today) && (
                  <div className="lesson-item__actions">
                    <WithdrawCancellationButton classId={l.class_id} lesson={l} onDone={show} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      {open.length > 0 && (
        <section className="lesson-section" aria-labelledby="makeups-heading">
          <h2 id="makeups-heading" className="section-title">
            {STUDENT_LESSON_TEXTS.makeupsTitle}
          </h2>
          <ul className="lesson-list">
            {open.map((m) => (
              <li key={m.makeup_id} className="lesson-item" data-testid={`makeup-${m.makeup_id}`}>
                <MakeupItem makeup={m} />
              </li>
            ))}
          </ul>
        </section>
      )}

      {requests.length > 0 && (
        <section className="lesson-section" aria-labelledby="swaps-heading">
          <h2 id="swaps-heading" className="section-title">
            {STUDENT_LESSON_TEXTS.requestsTitle}
          </h2>
          <ul className="lesson-list">
            {requests.map((r) => (
              <li key={r.request_id} className="lesson-item" data-testid={`swap-request-${r.request_id}`}>
                <SwapRequestItem request={r} />
              </li>
            ))}
          </ul>
        </section>
      )}

      {cancelling && <StudentCancelDialog lesson={cancelling} onClose={() => setCancelling(null)} onDone={show} />}
      {swapping && <SwapDialog lesson={swapping} onClose={() => setSwapping(null)} />}
    </>
  );
}
