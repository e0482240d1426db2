// The planner's "Termine": the semester's dated lessons of the class week by week, with cancellations, make-ups and
// swaps (status and reason), and the swaps waiting for the teacher's approval (docs/product/semester.md).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/client';
import { toast } from '../../shared/toast/toast-store';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { PageSpinner } from '../../shared/ui/Spinner';
import {
  approveSwap,
  classLessonsQuery,
  classMakeupsQuery,
  classSwapsQuery,
  declineSwap,
  germanDate,
  lessonKeys,
  lessonWhen,
  mondayOf,
  shortDate,
  type ClassLesson,
  type ClassSwapRequest,
} from './lessons-api';
import { LessonNotice, useNotice } from './LessonNotice';
import { DatesFilter, weekHeadingId } from './DatesFilter';
import { StatusBadge } from './StatusBadge';
import { TeacherCancelDialog, type TeacherCancelTarget } from './TeacherCancelDialog';
import { SickDayButton, TeacherLessonActions, TeacherMakeups } from './TeacherDateActions';
import './lessons.css';

export const TEACHER_DATES_TEXTS = {
  title: 'Termine',
  lead: 'Alle Termine des Semesters aus dem zuletzt verschickten Plan, Woche für Woche – mit Absagen, Nachholterminen und Tauschen.',
  empty: 'Noch keine Termine: Verschicke zuerst einen Stundenplan an die Studierenden.',
  loadFailed: 'Die Termine konnten nicht geladen werden.',
  week: (monday: string) => `Woche ab ${shortDate(monday)}${monday.slice(0, 4)}`,
  approvals: 'Tausche, die auf deine Zustimmung warten',
  approvalText: (r: ClassSwapRequest) =>
    r.lesson && r.with_lesson
      ? `${r.name} (${lessonWhen(r.lesson)}) und ${r.with_name} (${lessonWhen(r.with_lesson)}) möchten ihre Termine tauschen${r.date ? '' : ' – jede Woche bis zum Ende des Semesters'}.`
      : `${r.name} und ${r.with_name} möchten ${r.date ? `am ${germanDate(r.date)}` : `jede Woche ab ${germanDate(r.from_date)}`} tauschen.`,
  waitsOnYou: 'Wartet auf deine Antwort',
  approve: 'Zustimmen',
  decline: 'Ablehnen',
  openMakeups: (n: number) => (n === 1 ? '1 Nachholtermin ist noch offen.' : `${n} Nachholtermine sind noch offen.`),
} as const;

function byWeek(lessons: ClassLesson[]): [string, ClassLesson[]][] {
  const weeks = new Map<string, ClassLesson[]>();
  for (const l of lessons) {
    const key = mondayOf(l.date);
    weeks.set(key, [...(weeks.get(key) ?? []), l]);
  }
  return [...weeks.entries()].sort(([a], [b]) => a.localeCompare(b));
}

export function TeacherDates({ classId, className }: { classId: string; className?: string | undefined }) {
  const lessons = useQuery(classLessonsQuery(classId));
  const { notice, show, dismiss } = useNotice();
  const [cancelling, setCancelling] = useState<TeacherCancelTarget | null>(null);
  const swaps = useQuery(classSwapsQuery(classId));
  const makeups = useQuery(classMakeupsQuery(classId));
  const [member, setMember] = useState('');

  if (lessons.isPending) return <PageSpinner label="Termine werden geladen…" />;
  if (lessons.isError) {
    return (
      <Alert kind="error" title={TEACHER_DATES_TEXTS.loadFailed}>
        {errorMessage(lessons.error)}
      </Alert>
    );
  }
  const waiting = (swaps.data ?? []).filter((r) => r.status === 'awaiting_approval');
  const weeks = byWeek(member ? lessons.data.filter((l) => l.member_id === member) : lessons.data);
  const openMakeups = (makeups.data ?? []).filter((m) => m.status === 'open').length;

  return (
    <section className="dates-view" aria-labelledby="dates-view-heading">
      <h2 id="dates-view-heading" className="section-title">
        {TEACHER_DATES_TEXTS.title}
      </h2>
      <p className="muted">{TEACHER_DATES_TEXTS.lead}</p>
      <LessonNotice notice={notice} onDismiss={dismiss} />
      {lessons.data.length > 0 && (
        <div className="button-row">
          <SickDayButton onCancel={setCancelling} />
        </div>
      )}
      {waiting.length > 0 && (
        <div className="lesson-section">
          <h3>{TEACHER_DATES_TEXTS.approvals}</h3>
          <ul className="lesson-list">
            {waiting.map((r) => (
              <li key={r.request_id} className="lesson-item" data-testid={`approval-${r.request_id}`}>
                <Approval request={r} classId={classId} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {openMakeups > 0 && <p className="lesson-section">{TEACHER_DATES_TEXTS.openMakeups(openMakeups)}</p>}
      <TeacherMakeups classId={classId} />
      {lessons.data.length === 0 ? (
        <p className="muted">{TEACHER_DATES_TEXTS.empty}</p>
      ) : (
        <>
          <DatesFilter lessons={lessons.data} weeks={weeks.map(([monday]) => monday)} member={member} onMember={setMember} />
          {weeks.map(([monday, list]) => (
            <div key={monday} className="dates-view__week" data-testid={`week-${monday}`}>
              <h3 id={weekHeadingId(monday)} tabIndex={-1}>
                {TEACHER_DATES_TEXTS.week(monday)}
              </h3>
              <ul className="lesson-list lesson-list--dates">
                {list.map((l) => (
                  <li key={`${l.member_id}-${l.date}-${l.start}`} className="lesson-item dates-view__row">
                    <strong>{shortDate(l.date)}</strong>
                    <span>
                      {l.start}–{l.end} Uhr
                    </span>
                    <span>{l.name}</span>
                    <StatusBadge status={l.status} reason={l.reason} />
                    <TeacherLessonActions classId={classId} lesson={l} onCancel={setCancelling} onDone={show} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </>
      )}
      {cancelling && <TeacherCancelDialog classId={classId} className={className} target={cancelling} onClose={() => setCancelling(null)} onDone={show} />}
    </section>
  );
}

function Approval({ request: r, classId }: { request: ClassSwapRequest; classId: string }) {
  const qc = useQueryClient();
  const decide = useMutation({
    mutationFn: (approve: boolean) => (approve ? approveSwap(r.request_id) : declineSwap(r.request_id)),
    onSuccess: (a) => toast.success(a?.message ?? TEACHER_DATES_TEXTS.approve),
    onError: (e) => toast.error(errorMessage(e)),
    onSettled: () => qc.invalidateQueries({ queryKey: lessonKeys.ofClass(classId) }),
  });
  return (
    <>
      <div className="lesson-item__what">{TEACHER_DATES_TEXTS.approvalText(r)}</div>
      <span className="lesson-status lesson-status--planned">{TEACHER_DATES_TEXTS.waitsOnYou}</span>
      <div className="lesson-item__actions">
        <Button size="sm" loading={decide.isPending && decide.variables} disabled={decide.isPending} onClick={() => decide.mutate(true)}>
          {TEACHER_DATES_TEXTS.approve}
        </Button>
        <Button size="sm" variant="secondary" loading={decide.isPending && !decide.variables} disabled={decide.isPending} onClick={() => decide.mutate(false)}>
          {TEACHER_DATES_TEXTS.decline}
        </Button>
      </div>
    </>
  );
}
