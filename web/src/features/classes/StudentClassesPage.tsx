// /student/classes: the student's courses (docs/product/classes.md, docs/product/api.md Student course actions, docs/product/errors.md Student side).
import { useQuery } from '@tanstack/react-query';
import { ALLOWED_DURATIONS, DEFAULT_DURATION } from '@stundenplan/timegrid';
import { useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAutoFocus } from '../../shared/hooks/use-auto-focus';
import { toast } from '../../shared/toast/toast-store';
import { Alert } from '../../shared/ui/Alert';
import { useConfirm } from '../../shared/ui/use-confirm';
import { Button } from '../../shared/ui/Button';
import { Card } from '../../shared/ui/Card';
import { Input } from '../../shared/ui/Input';
import { Page } from '../../shared/ui/Page';
import { Select } from '../../shared/ui/Select';
import { PageSpinner } from '../../shared/ui/Spinner';
import { profileQuery } from '../../shared/data/profile';
import { StudentLessons } from '../lessons';
import type { Membership } from './classes-api';
import { deadlineState, studentDeadlineText } from '../../shared/deadlines/deadline-text';
import { STUDENT_COURSE_MESSAGES as M } from './messages';
import { useJoinCourse, useLeaveCourse, useVerifyCourse } from './student-course-mutations';
import { checkJoinCode, detailOf, normaliseJoinCode } from './validation';
import './classes.css';

/** The student's lessons of the latest sent schedules as one calendar file. */
export const CALENDAR_TEXTS = {
  hint: 'Deinen Unterricht aus den verschickten Stundenplänen gibt es auch als Kalenderdatei.',
  link: 'Kalender herunterladen (.ics)',
} as const;

const courseName = (m: Membership) => m.classes?.name || M.unknown;

export function StudentClassesPage() {
  const query = useQuery(profileQuery());

  let courses: ReactNode;
  if (query.isPending) courses = <PageSpinner />;
  else if (query.isError) {
    courses = (
      <Alert
        kind="error"
        title={M.loadFailed}
        actions={
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            Erneut versuchen
          </Button>
        }
      />
    );
  } else {
    const memberships = query.data.classes ?? [];
    courses =
      memberships.length === 0 ? (
        <div className="courses-empty">
          <p className="courses-empty__title">{M.empty}</p>
          <p className="muted">{M.emptyHint}</p>
        </div>
      ) : (
        <ul className="course-grid">
          {memberships.map((m) => (
            <li key={m.member_id}>
              <CourseCard membership={m} />
            </li>
          ))}
        </ul>
      );
  }

  return (
    <Page title="Meine Kurse" lead="Deine Kurse und Lehrkräfte auf einen Blick." width="medium">
      <section className="student-courses" aria-labelledby="courses-heading">
        <h2 id="courses-heading" className="section-title">
          Deine Kurse
        </h2>
        {courses}
        <p className="student-courses__calendar muted">
          {CALENDAR_TEXTS.hint}{' '}
          <a href="/api/me/calendar.ics" download="stundenplan.ics" data-testid="calendar-download">
            {CALENDAR_TEXTS.link}
          </a>
        </p>
      </section>
      <StudentLessons />
      <JoinSection />
    </Page>
  );
}

function CourseCard({ membership: m }: { membership: Membership }) {
  const verifyMutation = useVerifyCourse();
  const leaveMutation = useLeaveCourse();
  const busy = verifyMutation.isPending ? 'verify' : leaveMutation.isPending ? 'leave' : null;
  const [error, setError] = useState<string | null>(null);
  const { confirm, dialog: confirmDialog } = useConfirm();
  const name = courseName(m);

  const verify = () => {
    setError(null);
    verifyMutation.mutate(
      { classId: m.class_id, memberId: m.member_id },
      {
        onSuccess: (answer) => toast.success(M.verified(answer?.class_name || name)),
        onError: () => {
          setError(M.verifyFailed);
          toast.error(M.verifyFailed);
        },
      },
    );
  };

  const leave = async () => {
    if (!(await confirm({ title: M.leaveTitle, message: M.leaveConfirm(name), confirmLabel: M.leave, danger: true }))) return;
    setError(null);
    leaveMutation.mutate(m.member_id, {
      onSuccess: (answer) => toast.success(M.left(answer?.class_name || name)),
      onError: () => {
        setError(M.leaveFailed);
        toast.error(M.leaveFailed);
      },
    });
  };

  return (
    <Card as="article" headingLevel={3} title={name} className="course-card" data-testid={`course-${m.member_id}`}>
      <dl className="course-card__meta">
        <div>
          <dt>Dauer</dt>
          <dd>{m.duration ? `${m.duration} Min.` : '---'}</dd>
        </div>
        <div>
          <dt>Lehrkraft:</dt>
          <dd>{m.teacher_name || M.unknown}</dd>
        </div>
        <div>
          <dt>Institution:</dt>
          <dd>{m.institution || M.unknown}</dd>
        </div>
      </dl>
      <DeadlineLine membership={m} />
      {!m.student_id && (
        <div className="course-card__verify">
          <p className="course-card__warning">{M.unverified}</p>
          <Button size="sm" onClick={() => verify()} loading={busy === 'verify'} disabled={busy !== null}>
            {M.verify}
          </Button>
        </div>
      )}
      {error && <Alert kind="error" title={error} />}
      <div className="course-card__actions">
        <Button size="sm" variant="ghost" className="course-card__leave" onClick={() => void leave()} loading={busy === 'leave'} disabled={busy !== null}>
          {M.leave}
        </Button>
      </div>
      {confirmDialog}
    </Card>
  );
}

function DeadlineLine({ membership }: { membership: Membership }) {
  const text = studentDeadlineText(membership);
  if (!text) return null;
  const state = deadlineState(membership);
  return (
    <p className={`course-card__deadline course-card__deadline--${state}`} data-testid="course-deadline">
      {text}
    </p>
  );
}

function JoinSection() {
  const formId = useId();
  // ?code=…: a student who already had an account came through the university sign-in with a registration code.
  const [params] = useSearchParams();
  const codeFromLink = params.get('code') ?? '';
  const [open, setOpen] = useState(Boolean(codeFromLink));
  const [code, setCode] = useState(codeFromLink);
  const [duration, setDuration] = useState(String(DEFAULT_DURATION));
  const [codeError, setCodeError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The form opens on a click (or with a code from a join link): the code field takes the focus as it mounts.
  const codeRef = useAutoFocus<HTMLInputElement>();
  const joinMutation = useJoinCourse();
  const joining = joinMutation.isPending;

  const close = () => {
    setOpen(false);
    setCode('');
    setDuration(String(DEFAULT_DURATION));
    setCodeError(null);
    setError(null);
  };

  const join = () => {
    setError(null);
    const check = checkJoinCode(code);
    if (!check.ok) {
      setCodeError(check.error);
      return;
    }
    setCodeError(null);
    joinMutation.mutate(
      { code: check.code, duration: Number(duration) },
      {
        onSuccess: (answer) => {
          toast.success(M.joined(answer?.class_name || check.code));
          close();
        },
        onError: (e) => {
          const message = detailOf(e) || M.joinFailed;
          setError(message);
          toast.error(message);
        },
      },
    );
  };

  return (
    <Card title={M.joinSection} headingLevel={2} className="join-card">
      {!open ? (
        <>
          <p className="muted">Du hast einen Registrierungscode von deiner Lehrkraft bekommen? Damit trittst du ihrem Kurs bei.</p>
          <Button onClick={() => setOpen(true)}>{M.join}</Button>
        </>
      ) : (
        <form
          id={formId}
          className="form join-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            join();
          }}
        >
          <div className="form-row">
            <Input
              label="Registrierungscode"
              placeholder="wort-wort-wort"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              value={code}
              onChange={(e) => {
                setCode(normaliseJoinCode(e.target.value));
                setCodeError(null);
              }}
              error={codeError ?? undefined}
              ref={codeRef}
            />
            <Select
              label="Unterrichtsdauer"
              value={duration}
              onChange={(e) => setDuration(e.target.value)}
              options={ALLOWED_DURATIONS.map((d) => ({ value: String(d), label: `${d} Minuten` }))}
            />
          </div>
          {error && <Alert kind="error" title={error} />}
          <div className="button-row">
            <Button type="submit" loading={joining}>
              {M.join}
            </Button>
            <Button variant="secondary" onClick={close} disabled={joining}>
              Abbrechen
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
