// The teacher cancels (docs/product/semester.md): one lesson of a student, or every lesson of a day ("Ich bin
// krank") in this class or in all their classes. Every student hit gets a make-up and a mail; the result stays in
// the page as a notice.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Input } from '../../shared/ui/Input';
import { CancelDialog } from './CancelDialog';
import { cancelDay } from './lesson-changes-api';
import { berlinToday, cancelLesson, classLessonsQuery, shortDate, type ClassLesson } from './lessons-api';
import type { Notice } from './LessonNotice';
import './lesson-changes.css';

export const TEACHER_CANCEL_TEXTS = {
  sick: 'Ich bin krank',
  cancelOne: 'Absagen',
  oneTitle: 'Termin absagen',
  oneInfo: (name: string) => `${name} bekommt eine E-Mail und kann den Termin nachholen.`,
  oneConfirm: 'Termin absagen',
  dayTitle: 'Ich bin krank – Termine absagen',
  dayIntro: 'Alle Termine des Tages, die noch bevorstehen, werden abgesagt. Alle Betroffenen bekommen eine E-Mail und einen Nachholtermin.',
  day: 'Tag',
  scope: 'Welche Termine?',
  scopeAll: 'Alle meine Kurse',
  scopeClass: (name: string | undefined) => (name ? `Nur „${name}“` : 'Nur dieser Kurs'),
  dayLessons: (n: number, name: string | undefined) => {
    const where = name ? `In „${name}“` : 'In diesem Kurs';
    return n === 0 ? `${where} hast du an diesem Tag keinen Termin mehr.` : n === 1 ? `${where}: 1 Termin` : `${where}: ${n} Termine`;
  },
  dayConfirm: 'Termine absagen',
  reason: 'Grund (optional, steht in der E-Mail)',
  reasonPlaceholder: 'z. B. Ich bin krank.',
  cancel: 'Abbrechen',
} as const;

const T = TEACHER_CANCEL_TEXTS;
const cancellable = (l: ClassLesson) => l.status === 'planned' || l.status === 'swapped';

export type TeacherCancelTarget = { kind: 'lesson'; lesson: ClassLesson } | { kind: 'day'; date: string };

interface Props {
  classId: string;
  /** The class's name, when the screen knows it. */
  className?: string | undefined;
  target: TeacherCancelTarget;
  onClose: () => void;
  /** The result, for a notice that stays in the page. */
  onDone: (notice: Notice) => void;
}

export function TeacherCancelDialog(props: Props) {
  return props.target.kind === 'lesson' ? <CancelOne {...props} lesson={props.target.lesson} /> : <CancelDay {...props} initialDate={props.target.date} />;
}

function CancelOne({ classId, lesson, onClose, onDone }: Props & { lesson: ClassLesson }) {
  return (
    <CancelDialog
      title={T.oneTitle}
      description={`${lesson.name}: ${shortDate(lesson.date)} ${lesson.start}–${lesson.end} Uhr`}
      reason={{ label: T.reason, placeholder: T.reasonPlaceholder, rows: 3 }}
      cancelLabel={T.cancel}
      confirmLabel={T.oneConfirm}
      send={(withReason) => cancelLesson({ class_id: classId, member_id: lesson.member_id, date: lesson.date, ...withReason })}
      notice={(answer) => ({ kind: 'success', title: answer?.message ?? T.oneTitle })}
      onDone={onDone}
      onClose={onClose}
    >
      <p className="muted teacher-cancel__info">{T.oneInfo(lesson.name)}</p>
    </CancelDialog>
  );
}

function CancelDay({ classId, className, initialDate, onClose, onDone }: Props & { initialDate: string }) {
  const [date, setDate] = useState(initialDate);
  const [scope, setScope] = useState<'all' | 'class'>('all');
  const lessons = useQuery(classLessonsQuery(classId));
  const id = useId();
  const today = berlinToday();
  const ofDay = (lessons.data ?? []).filter((l) => l.date === date && cancellable(l));
  return (
    <CancelDialog
      title={T.dayTitle}
      description={T.dayIntro}
      reason={{ label: T.reason, placeholder: T.reasonPlaceholder, rows: 2 }}
      cancelLabel={T.cancel}
      confirmLabel={T.dayConfirm}
      confirmDisabled={!date}
      send={(withReason) => cancelDay({ date, ...(scope === 'class' ? { class_id: classId } : {}), ...withReason })}
      notice={(answer) => ({
        kind: 'success',
        title: answer?.message ?? T.dayTitle,
        lines: (answer?.cancelled ?? []).map((l) => `${l.start}–${l.end} Uhr ${l.name} („${l.class_name}“)`),
      })}
      onDone={onDone}
      onClose={onClose}
    >
      <Input type="date" label={T.day} min={today} value={date} onChange={(e) => setDate(e.target.value)} />
      <fieldset className="teacher-cancel__scope">
        <legend>{T.scope}</legend>
        <label className="lesson-option">
          <input type="radio" name={`${id}-scope`} checked={scope === 'all'} onChange={() => setScope('all')} />
          {T.scopeAll}
        </label>
        <label className="lesson-option">
          <input type="radio" name={`${id}-scope`} checked={scope === 'class'} onChange={() => setScope('class')} />
          {T.scopeClass(className)}
        </label>
      </fieldset>
      {date && lessons.isSuccess && (
        <div className="teacher-cancel__day" data-testid="day-lessons">
          <p>{T.dayLessons(ofDay.length, className)}</p>
          {ofDay.length > 0 && (
            <ul>
              {ofDay.map((l) => (
                <li key={`${l.member_id}-${l.start}`}>
                  {l.start}–{l.end} Uhr {l.name}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </CancelDialog>
  );
}
