// 'Absagen' in "Meine Kurse" (docs/product/semester.md): cancels one date with an optional reason. Before it
// happens the dialog says whether a make-up follows (the class's notice hours come with each lesson); the answer
// stays in the page as a notice.
import { useState } from 'react';
import { Alert } from '../../shared/ui/Alert';
import { CancelDialog } from './CancelDialog';
import { cancelLesson, shortDate, type MyLesson } from './lessons-api';
import type { Notice } from './LessonNotice';
import { STUDENT_LESSON_TEXTS } from './student-lesson-texts';
import './lesson-changes.css';

const pad = (n: number) => String(n).padStart(2, '0');

/** "Sa, 02.01., 09:00 Uhr" in Europe/Berlin. */
export function berlinMoment(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Berlin',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${shortDate(`${parts.year}-${parts.month}-${parts.day}`)}, ${pad(Number(parts.hour))}:${parts.minute} Uhr`;
}

export const STUDENT_CANCEL_TEXTS = {
  inTime: (until: string) => `Du sagst rechtzeitig ab: Du bekommst einen Nachholtermin. (Rechtzeitig ist eine Absage bis ${until}.)`,
  lateTitle: 'Für einen Nachholtermin ist es zu spät',
  late: (hours: number, until: string) =>
    `Dafür musst du mindestens ${hours} Stunden vor dem Unterricht absagen (bis ${until}). Wenn du jetzt absagst, fällt der Termin ohne Nachholtermin aus.`,
  lateConfirm: 'Trotzdem absagen',
} as const;

/** Whether a cancellation now still gives a make-up. */
export const inTime = (lesson: Pick<MyLesson, 'cancel_in_time_until'>, now: Date = new Date()) => now.getTime() <= Date.parse(lesson.cancel_in_time_until);

export function StudentCancelDialog({ lesson, onClose, onDone }: { lesson: MyLesson; onClose: () => void; onDone: (notice: Notice) => void }) {
  // Decided when the dialog opens: what it says is what the student agrees to.
  const [late] = useState(() => !inTime(lesson));
  const until = berlinMoment(lesson.cancel_in_time_until);
  return (
    <CancelDialog
      title={STUDENT_LESSON_TEXTS.cancelTitle}
      description={`${lesson.class_name}: ${shortDate(lesson.date)} ${lesson.start}–${lesson.end} Uhr`}
      reason={{ label: STUDENT_LESSON_TEXTS.cancelReason, rows: 3 }}
      cancelLabel="Abbrechen"
      confirmLabel={late ? STUDENT_CANCEL_TEXTS.lateConfirm : STUDENT_LESSON_TEXTS.cancelConfirm}
      send={(withReason) => cancelLesson({ class_id: lesson.class_id, member_id: lesson.member_id, date: lesson.date, ...withReason })}
      notice={(answer) => {
        const noMakeup = answer ? answer.makeup_id === null : late;
        return { kind: noMakeup ? 'warning' : 'success', title: answer?.message ?? STUDENT_LESSON_TEXTS.cancelTitle };
      }}
      onDone={onDone}
      onClose={onClose}
    >
      {late ? (
        <Alert kind="warning" title={STUDENT_CANCEL_TEXTS.lateTitle}>
          {STUDENT_CANCEL_TEXTS.late(lesson.cancel_notice_hours, until)}
        </Alert>
      ) : (
        <p className="muted teacher-cancel__info">{STUDENT_CANCEL_TEXTS.inTime(until)}</p>
      )}
    </CancelDialog>
  );
}
