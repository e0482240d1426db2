// Teacher: the semester of one class (docs/product/semester.md "The semester of a class"), shown between the
// deadline and the member list: first and last day, Bundesland, breaks, and the public holidays that fall out.
import { formatGermanDate } from '@stundenplan/timegrid';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorMessage, isAbortError } from '../../shared/api/client';
import { queryKeys } from '../../shared/data/query-keys';
import {
  GERMAN_STATE_NAMES,
  hasSemester,
  removeSemester,
  saveSemester,
  semesterQuery,
  type SemesterAnswer,
  type SemesterBody,
} from '../../shared/data/semester';
import { toast } from '../../shared/toast/toast-store';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { Input } from '../../shared/ui/Input';
import { Select } from '../../shared/ui/Select';
import { useConfirm } from '../../shared/ui/use-confirm';
import { ClassLessonTools, LessonRulesForm, RetryAlert } from '../lessons';
import { Icons, IconButton } from './local-ui';
import './semester.css';

export const SEMESTER_TEXTS = {
  title: 'Semester',
  none: 'Kein Semester festgelegt. Ohne Semester gehen die Termine im Kalender bis zu dem Tag, den du beim Versenden wählst.',
  current: (from: string, to: string, state: string) => `${from}–${to}, ${state}`,
  intro: 'Aus dem Semester werden die Termine deiner Studierenden: jede Woche vom ersten bis zum letzten Tag, ohne Feiertage und Ferien.',
  firstDay: 'Erster Tag',
  lastDay: 'Letzter Tag',
  state: 'Bundesland',
  statePlaceholder: 'Bitte wählen',
  breaks: 'Ferien und unterrichtsfreie Zeiten',
  noBreaks: 'Keine Ferien eingetragen.',
  breakFrom: 'Von',
  breakTo: 'Bis',
  breakLabel: 'Bezeichnung',
  breakLabelPlaceholder: 'z. B. Prüfungswoche',
  addBreak: 'Zeitraum hinzufügen',
  removeBreak: (n: number) => `Zeitraum ${n} entfernen`,
  save: 'Semester speichern',
  remove: 'Semester entfernen',
  removeTitle: 'Semester entfernen',
  removeConfirm: 'Möchtest du das Semester entfernen? Die Termine im Kalender gehen dann wieder bis zu dem Tag, den du beim Versenden wählst.',
  holidays: (state: string) => `Gesetzliche Feiertage in ${state} (entfallen automatisch)`,
  noHolidays: 'Keine gesetzlichen Feiertage in diesem Zeitraum.',
  loadFailed: 'Das Semester konnte nicht geladen werden.',
  saveFailed: 'Das Semester konnte nicht gespeichert werden.',
  removeFailed: 'Das Semester konnte nicht entfernt werden.',
  retry: 'Erneut versuchen',
} as const;

const T = SEMESTER_TEXTS;

interface BreakRow {
  key: number;
  from: string;
  to: string;
  label: string;
}

const stateName = (code: string | null) => (code && code in GERMAN_STATE_NAMES ? GERMAN_STATE_NAMES[code as keyof typeof GERMAN_STATE_NAMES] : (code ?? ''));
const STATE_OPTIONS = Object.entries(GERMAN_STATE_NAMES).map(([value, label]) => ({ value, label }));

export function SemesterPanel({ classId, className }: { classId: string; className?: string }) {
  const query = useQuery(semesterQuery(classId));
  // The rules and the day's lessons are read once the section is opened.
  const [opened, setOpened] = useState(false);
  const saved = query.data;
  const summary = hasSemester(saved)
    ? T.current(formatGermanDate(saved.first_day), formatGermanDate(saved.last_day), stateName(saved.state))
    : query.isSuccess
      ? T.none
      : '';
  return (
    <details className="semester-panel" data-testid={`semester-${classId}`} onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary className="semester-panel__summary">
        <span className="semester-panel__title">{T.title}</span>
        {summary && <span className="semester-panel__current muted">{summary}</span>}
      </summary>
      {query.isError && !isAbortError(query.error) ? (
        <RetryAlert error={query.error} fallback={T.loadFailed} retryLabel={T.retry} onRetry={() => void query.refetch()} />
      ) : saved ? (
        // Re-mounted with every saved state, so the form always starts from what the server has.
        <SemesterForm key={JSON.stringify(saved)} classId={classId} saved={saved} />
      ) : null}
      {opened && (
        <div className="semester-panel__body">
          <LessonRulesForm classId={classId} />
          <ClassLessonTools classId={classId} className={className} />
        </div>
      )}
    </details>
  );
}

function SemesterForm({ classId, saved }: { classId: string; saved: SemesterAnswer }) {
  const queryClient = useQueryClient();
  const nextKey = useRef(saved.breaks.length);
  const [firstDay, setFirstDay] = useState(saved.first_day ?? '');
  const [lastDay, setLastDay] = useState(saved.last_day ?? '');
  const [state, setState] = useState(saved.state ?? '');
  const [breaks, setBreaks] = useState<BreakRow[]>(() => saved.breaks.map((b, key) => ({ key, ...b })));
  const [error, setError] = useState<string | null>(null);
  const { confirm, dialog: confirmDialog } = useConfirm();

  const store = (answer: SemesterAnswer | undefined) => {
    if (answer) queryClient.setQueryData(queryKeys.semester(classId), answer);
    else void queryClient.invalidateQueries({ queryKey: queryKeys.semester(classId) });
  };
  const saveMutation = useMutation({ mutationFn: (body: SemesterBody) => saveSemester(classId, body) });
  const removeMutation = useMutation({ mutationFn: () => removeSemester(classId) });
  const busy = saveMutation.isPending || removeMutation.isPending;

  const fail = (e: unknown, fallback: string) => {
    const message = errorMessage(e, fallback);
    setError(message);
    toast.error(message);
  };

  const submit = () => {
    setError(null);
    const body: SemesterBody = { first_day: firstDay, last_day: lastDay, state, breaks: breaks.map(({ from, to, label }) => ({ from, to, label })) };
    saveMutation.mutate(body, {
      onSuccess: (answer) => {
        toast.success(answer?.message ?? 'Semester gespeichert');
        if (answer) {
          const { message: _message, ...rest } = answer;
          store(rest);
        } else store(undefined);
      },
      onError: (e) => fail(e, T.saveFailed),
    });
  };

  const remove = async () => {
    if (!(await confirm({ title: T.removeTitle, message: T.removeConfirm, confirmLabel: T.remove, danger: true }))) return;
    setError(null);
    removeMutation.mutate(undefined, {
      onSuccess: (answer) => {
        toast.success(answer?.message ?? 'Semester entfernt');
        store({ first_day: null, last_day: null, state: null, breaks: [], holidays: [] });
      },
      onError: (e) => fail(e, T.removeFailed),
    });
  };

  const patchBreak = (key: number, patch: Partial<BreakRow>) => setBreaks((list) => list.map((b) => (b.key === key ? { ...b, ...patch } : b)));

  return (
    <div className="semester-panel__body">
      <p className="muted semester-panel__intro">{T.intro}</p>
      <form
        className="semester-panel__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className="semester-panel__days">
          <Input type="date" label={T.firstDay} value={firstDay} onChange={(e) => setFirstDay(e.target.value)} />
          <Input type="date" label={T.lastDay} value={lastDay} onChange={(e) => setLastDay(e.target.value)} />
        </div>
        <Select label={T.state} value={state} placeholder={T.statePlaceholder} options={STATE_OPTIONS} onChange={(e) => setState(e.target.value)} />
        <fieldset className="semester-panel__breaks">
          <legend>{T.breaks}</legend>
          {breaks.length === 0 && <p className="muted semester-panel__no-breaks">{T.noBreaks}</p>}
          {breaks.map((b, index) => (
            <div key={b.key} className="semester-break" data-testid="semester-break">
              <Input type="date" label={T.breakFrom} value={b.from} onChange={(e) => patchBreak(b.key, { from: e.target.value })} />
              <Input type="date" label={T.breakTo} value={b.to} className="semester-break__to" onChange={(e) => patchBreak(b.key, { to: e.target.value })} />
              <Input
                label={T.breakLabel}
                value={b.label}
                maxLength={100}
                placeholder={T.breakLabelPlaceholder}
                className="semester-break__label"
                onChange={(e) => patchBreak(b.key, { label: e.target.value })}
              />
              <IconButton
                label={T.removeBreak(index + 1)}
                icon={Icons.trash}
                tone="danger"
                className="semester-break__remove"
                onClick={() => setBreaks((list) => list.filter((x) => x.key !== b.key))}
              />
            </div>
          ))}
          <Button
            size="sm"
            variant="secondary"
            icon={Icons.plus}
            onClick={() => setBreaks((list) => [...list, { key: nextKey.current++, from: '', to: '', label: '' }])}
          >
            {T.addBreak}
          </Button>
        </fieldset>
        {error && <Alert kind="error">{error}</Alert>}
        <div className="button-row">
          <Button type="submit" size="sm" loading={saveMutation.isPending} disabled={busy}>
            {T.save}
          </Button>
          {hasSemester(saved) && (
            <Button size="sm" variant="ghost" loading={removeMutation.isPending} disabled={busy} onClick={() => void remove()}>
              {T.remove}
            </Button>
          )}
        </div>
      </form>
      {hasSemester(saved) && <HolidayList saved={saved} />}
      {confirmDialog}
    </div>
  );
}

function HolidayList({ saved }: { saved: SemesterAnswer }) {
  const heading = T.holidays(stateName(saved.state));
  return (
    <section className="semester-panel__holidays" aria-label={heading}>
      <h4 className="semester-panel__holidays-title">{heading}</h4>
      {saved.holidays.length === 0 ? (
        <p className="muted">{T.noHolidays}</p>
      ) : (
        <ul className="semester-panel__holiday-list">
          {saved.holidays.map((h) => (
            <li key={h.date}>
              <span className="semester-panel__holiday-date">{formatGermanDate(h.date)}</span> {h.name}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
