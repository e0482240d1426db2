import { berlinToday } from '@stundenplan/timegrid';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, Input, Textarea } from '../../../../shared/ui';
import type { SaveDialogState } from '../hooks/use-schedule-actions';
import type { SemesterCostView } from '../hooks/use-semester-cost';
import { PLANNER_TEXTS } from '../model/texts';
import { SemesterCost } from './SemesterCost';
import { SendRecipientsChoice, type SendCounts, type SendOptions, type SendRecipients } from './SendRecipients';

/** The personal message of the send dialog (docs/product/planning.md PDF and sending). */
export const SEND_MESSAGE_TEXTS = {
  label: 'Nachricht an die Studierenden (freiwillig)',
  hint: 'Steht in der E-Mail an die Studierenden unter „Nachricht von …“.',
} as const;

/** At most this many characters (the notification service refuses longer messages). */
export const SEND_MESSAGE_MAX = 2000;

/** Save dialog and send-and-save dialog: name (required) and description; sending also the calendar's last day and a message. */
/** Default last day of the calendar series: 15 weeks from today (the server's default too). */
export function defaultCalendarUntil(now: Date = new Date()): string {
  return addDays(berlinToday(now), 15 * 7 - 1);
}

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function SaveDialog({
  state,
  busy,
  onClose,
  onSubmit,
  semesterCost = null,
  sendCounts = null,
}: {
  /** Sending: how many students get a mail, to all or only to those whose lessons changed (null while counting). */
  sendCounts?: SendCounts | null;
  state: SaveDialogState | null;
  /** Sending with a semester: what it costs per student; the calendar then follows the semester (no end date to choose). */
  semesterCost?: SemesterCostView | null;
  /** A save (or send) of this dialog is under way. */
  busy: boolean;
  onClose: () => void;
  onSubmit: (name: string, description: string, send?: SendOptions) => void;
}) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [until, setUntil] = useState(defaultCalendarUntil);
  const [message, setMessage] = useState('');
  const [recipients, setRecipients] = useState<SendRecipients>('changed');
  const open = state !== null;
  const mode = state?.mode;
  useEffect(() => {
    if (state) {
      setName(state.name);
      setDescription(state.description);
      setUntil(defaultCalendarUntil());
      setMessage('');
      setRecipients('changed');
    }
    // Only when the dialog opens (or switches mode).
  }, [open, mode]); // eslint-disable-line react-hooks/exhaustive-deps
  const send = state?.mode === 'send';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Before the first sending there is nothing to compare with: everyone is mailed.
    const to: SendRecipients = sendCounts && !sendCounts.sent_before ? 'all' : recipients;
    onSubmit(name, description, send ? { until, message, recipients: to } : undefined);
  };
  const nameError = state?.error === PLANNER_TEXTS.nameRequired ? state.error : undefined;
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onClose()}
      size="md"
      title={send ? PLANNER_TEXTS.sendTitle : PLANNER_TEXTS.save}
      description={send ? PLANNER_TEXTS.sendIntro : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {PLANNER_TEXTS.cancel}
          </Button>
          <Button type="submit" form="planner-save-form" loading={busy}>
            {send ? PLANNER_TEXTS.sendButton : PLANNER_TEXTS.saveButton}
          </Button>
        </>
      }
    >
      <form id="planner-save-form" className="form" onSubmit={submit} noValidate>
        <Input
          label={PLANNER_TEXTS.scheduleName}
          value={name}
          required
          onChange={(e) => setName(e.target.value)}
          error={nameError}
          maxLength={200}
          data-autofocus
        />
        <Textarea label={PLANNER_TEXTS.scheduleDescription} value={description} rows={3} onChange={(e) => setDescription(e.target.value)} maxLength={2000} />
        {send && (
          <>
            <SendRecipientsChoice counts={sendCounts} value={recipients} onChange={setRecipients} />
            <Textarea
              label={SEND_MESSAGE_TEXTS.label}
              hint={SEND_MESSAGE_TEXTS.hint}
              value={message}
              rows={4}
              onChange={(e) => setMessage(e.target.value)}
              maxLength={SEND_MESSAGE_MAX}
            />
            {semesterCost ? (
              <SemesterCost view={semesterCost} />
            ) : (
              <Input
                type="date"
                label={PLANNER_TEXTS.calendarUntil}
                hint={PLANNER_TEXTS.calendarUntilHint}
                value={until}
                onChange={(e) => setUntil(e.target.value)}
              />
            )}
          </>
        )}
        {state?.error && !nameError && <Alert kind="error">{state.error}</Alert>}
      </form>
    </Dialog>
  );
}
