// Teacher: the deadline for the students' times of one class, shown above the member list.
import { formatGermanDate } from '@stundenplan/timegrid';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/client';
import { toast } from '../../shared/toast/toast-store';
import { Button } from '../../shared/ui/Button';
import { Input } from '../../shared/ui/Input';
import { useConfirm } from '../../shared/ui/use-confirm';
import { classesApi, type ClassDto, type DeadlineSettings } from './classes-api';
import { Checkbox } from './local-ui';

export const DEADLINE_PANEL_TEXTS = {
  title: 'Frist für die Zeiten',
  date: 'Zeiten eintragen bis (einschließlich)',
  allowLate: 'Studierende dürfen ihre Zeiten nach der Frist noch ändern',
  autoReminders: 'Automatisch erinnern (3 Tage und 1 Tag vor der Frist)',
  save: 'Frist speichern',
  clear: 'Frist entfernen',
  none: 'Keine Frist gesetzt.',
  current: (date: string) => `Aktuelle Frist: ${date}`,
  saved: (date: string) => `Frist bis ${date} gespeichert`,
  cleared: 'Frist entfernt',
  missingDate: 'Bitte wähle ein Datum.',
  failed: 'Die Frist konnte nicht gespeichert werden.',
  remind: 'Erinnerung senden',
  remindHint: 'Schickt allen mit E-Mail-Adresse, die noch keine Zeiten eingetragen haben, eine Erinnerung (höchstens einmal pro Tag).',
  remindTitle: 'Erinnerung senden',
  remindConfirm: 'Möchtest du allen Studierenden ohne eingetragene Zeiten jetzt eine Erinnerung per E-Mail schicken?',
  reminded: (n: number) => (n === 1 ? 'Erinnerung an 1 Studierende*n gesendet' : `Erinnerung an ${n} Studierende gesendet`),
  remindNone: 'Keine Erinnerung nötig: Alle mit E-Mail-Adresse haben Zeiten eingetragen oder wurden heute schon erinnert.',
  remindFailed: 'Die Erinnerung konnte nicht gesendet werden.',
} as const;

const T = DEADLINE_PANEL_TEXTS;

export function DeadlinePanel({ cls, onSaved }: { cls: ClassDto; onSaved: (next: DeadlineSettings) => void }) {
  const [date, setDate] = useState(cls.deadline ?? '');
  const [allowLate, setAllowLate] = useState(cls.allow_late_changes ?? false);
  const [autoReminders, setAutoReminders] = useState(cls.auto_reminders ?? true);
  const [error, setError] = useState<string | null>(null);
  const remindMutation = useMutation({ mutationFn: () => classesApi.remind(cls.class_id) });
  const deadlineMutation = useMutation({
    mutationFn: (body: DeadlineSettings) => classesApi.setDeadline(cls.class_id, body),
  });
  const reminding = remindMutation.isPending;
  const busy = deadlineMutation.isPending;
  const { confirm, dialog: confirmDialog } = useConfirm();

  const remind = async () => {
    if (!(await confirm({ title: T.remindTitle, message: T.remindConfirm, confirmLabel: T.remind }))) return;
    remindMutation.mutate(undefined, {
      onSuccess: (answer) => {
        const n = answer?.recipient_count ?? 0;
        if (n > 0) toast.success(T.reminded(n));
        else toast.info(T.remindNone);
      },
      onError: (e) => toast.error(errorMessage(e, T.remindFailed)),
    });
  };

  const submit = (deadline: string | null) => {
    if (deadline === '') {
      setError(T.missingDate);
      return;
    }
    setError(null);
    const body: DeadlineSettings = { deadline, allow_late_changes: allowLate, auto_reminders: autoReminders };
    deadlineMutation.mutate(body, {
      onSuccess: (answer) => {
        const next = {
          deadline: answer?.deadline ?? body.deadline,
          allow_late_changes: answer?.allow_late_changes ?? body.allow_late_changes,
          auto_reminders: answer?.auto_reminders ?? body.auto_reminders,
        };
        if (!next.deadline) setDate('');
        toast.success(next.deadline ? T.saved(formatGermanDate(next.deadline)) : T.cleared);
        onSaved(next);
      },
      onError: (e) => {
        const message = errorMessage(e, T.failed);
        setError(message);
        toast.error(message);
      },
    });
  };

  return (
    <section className="deadline-panel" aria-label={T.title} data-testid={`deadline-${cls.class_id}`}>
      <h3 className="deadline-panel__title">{T.title}</h3>
      <p className="muted deadline-panel__current">{cls.deadline ? T.current(formatGermanDate(cls.deadline)) : T.none}</p>
      <form
        className="deadline-panel__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit(date);
        }}
      >
        <Input type="date" label={T.date} value={date} onChange={(e) => setDate(e.target.value)} error={error ?? undefined} />
        <Checkbox label={T.allowLate} checked={allowLate} onChange={(e) => setAllowLate(e.target.checked)} />
        <Checkbox label={T.autoReminders} checked={autoReminders} onChange={(e) => setAutoReminders(e.target.checked)} />
        <div className="button-row">
          <Button type="submit" size="sm" loading={busy}>
            {T.save}
          </Button>
          {cls.deadline && (
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => submit(null)}>
              {T.clear}
            </Button>
          )}
        </div>
      </form>
      <div className="deadline-panel__remind">
        <p className="muted">{T.remindHint}</p>
        <Button size="sm" variant="secondary" loading={reminding} onClick={() => void remind()}>
          {T.remind}
        </Button>
      </div>
      {confirmDialog}
    </section>
  );
}
