// "Meine Kurse": the student's next dates with "Absagen" and "Tauschen", open make-ups with their suggestions and
// "Buchen", and swap requests with "Annehmen"/"Ablehnen" (docs/product/semester.md). Phone first: one column.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage } from '../../shared/api/client';
import { toast } from '../../shared/toast/toast-store';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { Textarea } from '../../shared/ui/Textarea';
import {
  acceptSwap,
  berlinToday,
  bookMakeup,
  cancelLesson,
  declineSwap,
  germanDate,
  lessonKeys,
  myLessonsQuery,
  myMakeupsQuery,
  mySwapsQuery,
  requestSwap,
  shortDate,
  STATUS_LABELS,
  suggestionsQuery,
  SWAP_STATUS_LABELS,
  swapOptionsQuery,
  type Makeup,
  type MyLesson,
  type MySwapRequest,
} from './lessons-api';
import './lessons.css';

export const STUDENT_LESSON_TEXTS = {
  datesTitle: 'Nächste Termine',
  noDates: 'Sobald deine Lehrkraft einen Stundenplan verschickt hat, siehst du hier deine Termine.',
  loadFailed: 'Deine Termine konnten nicht geladen werden.',
  cancel: 'Absagen',
  swap: 'Tauschen',
  cancelTitle: 'Termin absagen',
  cancelReason: 'Grund (optional, sieht deine Lehrkraft)',
  cancelConfirm: 'Termin absagen',
  makeupsTitle: 'Nachholtermine',
  makeupOpen: (date: string, until: string) => `Ausgefallen am ${date} – nachholen bis ${until}`,
  makeupBooked: (date: string, start: string, end: string) => `Nachholtermin gebucht: ${date}, ${start}–${end} Uhr`,
  noSuggestions: 'Gerade passt kein freier Termin. Frag deine Lehrkraft.',
  book: 'Buchen',
  swapTitle: 'Termin tauschen',
  swapIntro: (date: string) => `Mit wem möchtest du deinen Termin am ${date} tauschen? Es stehen nur Leute zur Wahl, deren Zeiten zu deinem Termin passen.`,
  swapWeekly: 'Jede Woche bis zum Ende des Semesters tauschen (nicht nur diesen Termin)',
  noOptions: 'Gerade kann niemand aus deinem Kurs mit dir tauschen.',
  sendRequest: 'Anfrage senden',
  requestsTitle: 'Tauschanfragen',
  incoming: (name: string, when: string, cls: string) => `${name} möchte ${when} mit dir tauschen (${cls}).`,
  outgoing: (name: string, when: string, cls: string) => `Du hast ${name} gefragt: ${when} (${cls}).`,
  accept: 'Annehmen',
  decline: 'Ablehnen',
} as const;

const NEXT_DATES = 8;
const when = (r: Pick<MySwapRequest, 'date' | 'from_date'>) => (r.date ? `am ${germanDate(r.date)}` : `jede Woche ab ${germanDate(r.from_date)}`);

export function StudentLessons() {
  const lessons = useQuery(myLessonsQuery());
  const makeups = useQuery(myMakeupsQuery());
  const swaps = useQuery(mySwapsQuery());
  const [cancelling, setCancelling] = useState<MyLesson | null>(null);
  const [swapping, setSwapping] = useState<MyLesson | null>(null);
  const today = berlinToday();

  const upcoming = (lessons.data ?? []).filter((l) => l.date >= today).slice(0, NEXT_DATES);
  const open = (makeups.data ?? []).filter((m) => m.status !== 'expired');
  const requests = (swaps.data ?? []).filter((r) => r.status === 'pending' || r.status === 'awaiting_approval');

  return (
    <>
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
                    {l.status === 'planned' && (
                      <Button size="sm" variant="secondary" onClick={() => setSwapping(l)} aria-label={`${STUDENT_LESSON_TEXTS.swap}: ${shortDate(l.date)}`}>
                        {STUDENT_LESSON_TEXTS.swap}
                      </Button>
                    )}
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

      {cancelling && <CancelDialog lesson={cancelling} onClose={() => setCancelling(null)} />}
      {swapping && <SwapDialog lesson={swapping} onClose={() => setSwapping(null)} />}
    </>
  );
}

export function StatusBadge({ status, reason }: { status: keyof typeof STATUS_LABELS; reason: string | null }) {
  const label = STATUS_LABELS[status];
  // "Getauscht mit Lena V." already says what happened: no "Getauscht: " before it.
  const text = !reason ? label : reason.startsWith(label) ? reason : `${label}: ${reason}`;
  return <span className={`lesson-status lesson-status--${status}`}>{text}</span>;
}

function useRefreshLessons() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: lessonKeys.all });
}

function CancelDialog({ lesson, onClose }: { lesson: MyLesson; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refresh = useRefreshLessons();
  const id = useId();
  const mutation = useMutation({
    mutationFn: () =>
      cancelLesson({ class_id: lesson.class_id, member_id: lesson.member_id, date: lesson.date, ...(reason.trim() ? { reason: reason.trim() } : {}) }),
    onSuccess: async (answer) => {
      toast.success(answer?.message ?? STUDENT_LESSON_TEXTS.cancelTitle);
      await refresh();
      onClose();
    },
    onError: (e) => setError(errorMessage(e)),
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title={STUDENT_LESSON_TEXTS.cancelTitle}
      description={`${lesson.class_name}: ${shortDate(lesson.date)} ${lesson.start}–${lesson.end} Uhr`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Abbrechen
          </Button>
          <Button variant="danger" loading={mutation.isPending} onClick={() => mutation.mutate()}>
            {STUDENT_LESSON_TEXTS.cancelConfirm}
          </Button>
        </>
      }
    >
      <Textarea
        id={`${id}-reason`}
        label={STUDENT_LESSON_TEXTS.cancelReason}
        rows={3}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      {error && (
        <Alert kind="error" title={error}>
          {null}
        </Alert>
      )}
    </Dialog>
  );
}

function SwapDialog({ lesson, onClose }: { lesson: MyLesson; onClose: () => void }) {
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
              {o.name}
            </label>
          ))}
        </fieldset>
      )}
      {error && (
        <Alert kind="error" title={error}>
          {null}
        </Alert>
      )}
    </Dialog>
  );
}

function MakeupItem({ makeup: m }: { makeup: Makeup }) {
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

function SwapRequestItem({ request: r }: { request: MySwapRequest }) {
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
