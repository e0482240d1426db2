// The class page's part of the semester (docs/product/semester.md "The semester section"): the lessons of a chosen
// day with 'Absagen' or 'Absage zurücknehmen', 'Ich bin krank' for the whole day, and the open make-ups the
// teacher may book. The same actions as in "Termine", for one day.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../shared/ui/Button';
import { Input } from '../../shared/ui/Input';
import { berlinToday, classLessonsQuery } from './lessons-api';
import { LessonNotice, useNotice } from './LessonNotice';
import { StatusBadge } from './StatusBadge';
import { TeacherCancelDialog, type TeacherCancelTarget } from './TeacherCancelDialog';
import { TeacherLessonActions, TeacherMakeups } from './TeacherDateActions';
import './lessons.css';
import './lesson-changes.css';

export const CLASS_LESSON_TEXTS = {
  title: 'Termine absagen',
  intro: 'Wähle einen Tag: Du kannst einzelne Termine absagen oder alle Termine des Tages, zum Beispiel wenn du krank bist.',
  day: 'Tag',
  none: 'An diesem Tag hat in diesem Kurs niemand Unterricht.',
  noPlan: 'Sobald du einen Stundenplan verschickt hast, kannst du hier Termine absagen.',
  sickDay: 'Ich bin krank: alle Termine des Tages absagen',
} as const;

const T = CLASS_LESSON_TEXTS;

export function ClassLessonTools({ classId, className }: { classId: string; className?: string | undefined }) {
  const today = berlinToday();
  const [date, setDate] = useState(today);
  const [cancelling, setCancelling] = useState<TeacherCancelTarget | null>(null);
  const { notice, show, dismiss } = useNotice();
  const lessons = useQuery(classLessonsQuery(classId));
  const headingId = useId();
  const ofDay = (lessons.data ?? []).filter((l) => l.date === date);
  return (
    <section className="class-lesson-tools" aria-labelledby={headingId} data-testid={`class-lessons-${classId}`}>
      <h4 id={headingId} className="lesson-rules__title">
        {T.title}
      </h4>
      <LessonNotice notice={notice} onDismiss={dismiss} />
      {lessons.isSuccess && lessons.data.length === 0 ? (
        <p className="muted">{T.noPlan}</p>
      ) : (
        <>
          <p className="muted class-lesson-tools__intro">{T.intro}</p>
          <div className="class-lesson-tools__day">
            <Input type="date" label={T.day} min={today} value={date} onChange={(e) => setDate(e.target.value)} />
            <Button size="sm" variant="danger" disabled={!date || !ofDay.length} onClick={() => setCancelling({ kind: 'day', date })}>
              {T.sickDay}
            </Button>
          </div>
          {lessons.isSuccess && date && ofDay.length === 0 && <p className="muted">{T.none}</p>}
          {ofDay.length > 0 && (
            <ul className="lesson-list">
              {ofDay.map((l) => (
                <li key={`${l.member_id}-${l.start}`} className="lesson-item class-lesson-tools__row">
                  <span>
                    {l.start}–{l.end} Uhr <strong>{l.name}</strong>
                  </span>
                  <StatusBadge status={l.status} reason={l.reason} />
                  <TeacherLessonActions classId={classId} lesson={l} onCancel={setCancelling} onDone={show} today={today} />
                </li>
              ))}
            </ul>
          )}
          <TeacherMakeups classId={classId} heading="h5" />
        </>
      )}
      {cancelling && <TeacherCancelDialog classId={classId} className={className} target={cancelling} onClose={() => setCancelling(null)} onDone={show} />}
    </section>
  );
}
