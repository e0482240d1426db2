// Teacher: the class's rules for the semester (docs/product/semester.md "The semester section"): how many hours
// before a lesson a student's cancellation still gives a make-up, how many weeks a make-up may be booked, and
// whether swaps need the teacher's approval. Shown in the semester section; saved with PUT lesson-rules.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage, isAbortError } from '../../shared/api/client';
import { toast } from '../../shared/toast/toast-store';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { Input } from '../../shared/ui/Input';
import { RetryAlert } from './RetryAlert';
import { lessonRulesKey, lessonRulesQuery, saveLessonRules, type LessonRules } from './lesson-changes-api';
import './lesson-changes.css';

export const LESSON_RULES_TEXTS = {
  title: 'Regeln für Absagen und Nachholtermine',
  intro: 'Diese Regeln gelten für alle Termine dieses Kurses. Solange du nichts änderst, gelten die Voreinstellungen.',
  notice: 'Absagefrist in Stunden',
  noticeHint:
    'Sagt jemand mindestens so viele Stunden vor dem Unterricht ab, gibt es einen Nachholtermin. Bei einer späteren Absage fällt der Termin ersatzlos aus. 0 bis 336 Stunden (14 Tage).',
  noticeInvalid: 'Bitte gib die Absagefrist als ganze Zahl von 0 bis 336 Stunden an.',
  weeks: 'Nachholfrist in Wochen',
  weeksHint: 'So viele Wochen nach dem ausgefallenen Termin kann der Nachholtermin stattfinden. 1 bis 26 Wochen.',
  weeksInvalid: 'Bitte gib die Nachholfrist als ganze Zahl von 1 bis 26 Wochen an.',
  approval: 'Tausche brauchen meine Zustimmung',
  approvalHint: 'Ohne Haken tauschen zwei Studierende ihre Termine, sobald beide einverstanden sind.',
  save: 'Regeln speichern',
  saved: 'Die Regeln für Absagen, Nachholtermine und Tausch sind gespeichert.',
  loadFailed: 'Die Regeln konnten nicht geladen werden.',
  saveFailed: 'Die Regeln konnten nicht gespeichert werden.',
  retry: 'Erneut versuchen',
} as const;

const T = LESSON_RULES_TEXTS;

/** A whole number in [min, max] from the field's text, else null. */
function wholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= min && n <= max ? n : null;
}

/** A number field that takes whole numbers from `min` to `max`. */
function WholeNumberInput({
  label,
  min,
  max,
  value,
  hint,
  error,
  onChange,
}: {
  label: string;
  min: number;
  max: number;
  value: string;
  hint: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Input
      label={label}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      value={value}
      hint={hint}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export function LessonRulesForm({ classId }: { classId: string }) {
  const query = useQuery(lessonRulesQuery(classId));
  const headingId = useId();
  return (
    <section className="lesson-rules" aria-labelledby={headingId} data-testid={`lesson-rules-${classId}`}>
      <h4 id={headingId} className="lesson-rules__title">
        {T.title}
      </h4>
      {query.isError && !isAbortError(query.error) ? (
        <RetryAlert error={query.error} fallback={T.loadFailed} retryLabel={T.retry} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        // Re-mounted with every saved state, so the fields always start from what the server has.
        <RulesFields key={JSON.stringify(query.data)} classId={classId} saved={query.data} />
      ) : null}
    </section>
  );
}

function RulesFields({ classId, saved }: { classId: string; saved: LessonRules }) {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState(String(saved.cancel_notice_hours));
  const [weeks, setWeeks] = useState(String(saved.makeup_weeks));
  const [approval, setApproval] = useState(saved.swaps_need_approval);
  const [checked, setChecked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const approvalHintId = useId();
  const save = useMutation({ mutationFn: (body: LessonRules) => saveLessonRules(classId, body) });

  const noticeHours = wholeNumber(notice, 0, 336);
  const makeupWeeks = wholeNumber(weeks, 1, 26);

  const submit = () => {
    setChecked(true);
    setError(null);
    if (noticeHours === null || makeupWeeks === null) return;
    save.mutate(
      { cancel_notice_hours: noticeHours, makeup_weeks: makeupWeeks, swaps_need_approval: approval },
      {
        onSuccess: (answer) => {
          toast.success(answer?.message ?? T.saved);
          if (answer) {
            const { message: _message, ...rules } = answer;
            queryClient.setQueryData(lessonRulesKey(classId), rules);
          } else void queryClient.invalidateQueries({ queryKey: lessonRulesKey(classId) });
        },
        onError: (e) => setError(errorMessage(e, T.saveFailed)),
      },
    );
  };

  return (
    <form
      className="lesson-rules__form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <p className="muted lesson-rules__intro">{T.intro}</p>
      <div className="lesson-rules__numbers">
        <WholeNumberInput
          label={T.notice}
          min={0}
          max={336}
          value={notice}
          hint={T.noticeHint}
          error={checked && noticeHours === null ? T.noticeInvalid : undefined}
          onChange={setNotice}
        />
        <WholeNumberInput
          label={T.weeks}
          min={1}
          max={26}
          value={weeks}
          hint={T.weeksHint}
          error={checked && makeupWeeks === null ? T.weeksInvalid : undefined}
          onChange={setWeeks}
        />
      </div>
      <label className="lesson-check lesson-rules__approval">
        <input type="checkbox" checked={approval} aria-describedby={approvalHintId} onChange={(e) => setApproval(e.target.checked)} />
        {T.approval}
      </label>
      <p id={approvalHintId} className="muted lesson-rules__hint">
        {T.approvalHint}
      </p>
      {error && <Alert kind="error" title={error} />}
      <div className="button-row">
        <Button type="submit" size="sm" loading={save.isPending}>
          {T.save}
        </Button>
      </div>
    </form>
  );
}
