// docs/product/classes.md 'Verfügbare Zeiten bearbeiten für {name}', docs/product/classes.md Available-times text, docs/product/errors.md Save available times.
import { formatTimesText, TIMES_TEXT_PLACEHOLDER, WeekSlots, type ParseTimesTextResult, type TimesMap } from '@stundenplan/timegrid';
import { useId, useState } from 'react';
import { errorMessage } from '../../../shared/api/client';
import { toast } from '../../../shared/toast/toast-store';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import { Select } from '../../../shared/ui/Select';
import { Textarea } from '../../../shared/ui/Textarea';
import type { MemberDto, MemberFrequency } from '../classes-api';
import { FREQUENCIES } from '../FrequencySelect';
import { MEMBER_MESSAGES } from '../messages';
import { useSaveMemberTimes } from '../member-mutations';
import { detailOf } from '../validation';
import { useParsedTimesText } from './use-parsed-times-text';
import { OwnTimesSection, PreviewSection } from './TimesSections';
import { TIMES_MESSAGES } from './times-messages';
import './times.css';

export { TIMES_PARSE_DEBOUNCE_MS } from './use-parsed-times-text';
export { TIMES_MESSAGES };

/** The teacher-entered times as text; malformed stored entries are dropped. */
export function initialTimesText(times: TimesMap | null | undefined): string {
  return formatTimesText(WeekSlots.fromTimesMap(times ?? {}, { strict: false }));
}

/** The error of the preferred-times field: its own parse error, or slots outside the available ones. */
function preferredError(available: ParseTimesTextResult, preferred: ParseTimesTextResult): string | null {
  if (!preferred.ok) return TIMES_MESSAGES.parseError;
  if (available.ok && !preferred.week.difference(available.week).isEmpty()) return TIMES_MESSAGES.preferredOutside;
  return null;
}

export interface EditTimesDialogProps {
  open: boolean;
  classId: string;
  member: MemberDto | null;
  onClose: () => void;
  /** After a successful save, with the times (and preferred times) the server stored. */
  onSaved?: (memberId: string, times: TimesMap, preferred: TimesMap) => void;
}

export function EditTimesDialog({ open, classId, member, onClose, onSaved }: EditTimesDialogProps) {
  if (!open) return null;
  if (!member) {
    return (
      <Dialog
        open
        onClose={onClose}
        title="Verfügbare Zeiten bearbeiten"
        size="sm"
        footer={
          <Button variant="secondary" onClick={onClose}>
            Abbrechen
          </Button>
        }
      >
        <p>{TIMES_MESSAGES.noMember}</p>
      </Dialog>
    );
  }
  return <EditTimesForm key={member.member_id} classId={classId} member={member} onClose={onClose} onSaved={onSaved} />;
}

function EditTimesForm({
  classId,
  member,
  onClose,
  onSaved,
}: {
  classId: string;
  member: MemberDto;
  onClose: () => void;
  onSaved?: EditTimesDialogProps['onSaved'];
}) {
  const field = useParsedTimesText(initialTimesText(member.available_times));
  const wish = useParsedTimesText(initialTimesText(member.preferred_times));
  const saveTimes = useSaveMemberTimes(classId);
  const saving = saveTimes.isPending;
  const [saveError, setSaveError] = useState<string | null>(null);
  const [frequency, setFrequency] = useState<MemberFrequency>(member.frequency ?? 'weekly');
  const formId = useId();
  const { text, parsed, pending } = field;

  const parseError = parsed.result.ok ? null : TIMES_MESSAGES.parseError;
  const wishError = preferredError(parsed.result, wish.parsed.result);

  const save = () => {
    // Saving never waits for the debounce: the texts as they are now are what gets stored.
    const result = field.current();
    const preferredResult = wish.current();
    if (!result.ok || !preferredResult.ok || preferredError(result, preferredResult)) {
      setSaveError(TIMES_MESSAGES.saveBlocked);
      return;
    }
    setSaveError(null);
    saveTimes.mutate(
      {
        memberId: member.member_id,
        times: result.week.toTimesMap(),
        preferred: preferredResult.week.toTimesMap(),
        // Sent only when changed: a times edit leaves the frequency alone.
        frequency: frequency !== (member.frequency ?? 'weekly') ? frequency : undefined,
      },
      {
        onSuccess: (stored) => {
          toast.success(TIMES_MESSAGES.saved);
          onSaved?.(member.member_id, stored.available_times, stored.preferred_times);
          onClose();
        },
        onError: (error) => {
          const message = detailOf(error) || errorMessage(error, TIMES_MESSAGES.unknownError);
          setSaveError(TIMES_MESSAGES.saveFailed);
          toast.error(TIMES_MESSAGES.saveFailedToast(message));
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={TIMES_MESSAGES.title(member.name)}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Abbrechen
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            Speichern
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="times-editor"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <div className="times-editor__input">
          <Textarea
            label="Verfügbare Zeiten (von dir eingetragen)"
            placeholder={TIMES_TEXT_PLACEHOLDER}
            value={text}
            onChange={(e) => {
              field.setText(e.target.value);
              setSaveError(null);
            }}
            error={parseError ?? undefined}
            hint="Wochentag und Uhrzeiten, z.B. „Mo-Fr 8-10“ oder „Sa von 9 bis 12 Uhr“. Ein leeres Feld entfernt deine Eintragung."
            rows={6}
            data-autofocus
          />
          <Textarea
            label="Wunschzeiten (bevorzugt, von dir eingetragen)"
            placeholder="z.B. Mo 10-11"
            value={wish.text}
            onChange={(e) => {
              wish.setText(e.target.value);
              setSaveError(null);
            }}
            error={wishError ?? undefined}
            hint="Freiwillig: Zeiten, die die Student*in am liebsten hätte. Sie müssen in den verfügbaren Zeiten liegen; die Berechnung legt Stunden möglichst dorthin."
            rows={2}
            className="times-editor__wish"
          />
          <Select
            label={TIMES_MESSAGES.frequency}
            hint={TIMES_MESSAGES.frequencyHint}
            value={frequency}
            options={FREQUENCIES.map((f) => ({ value: f, label: MEMBER_MESSAGES.frequency[f] }))}
            onChange={(e) => setFrequency(e.target.value as MemberFrequency)}
            className="times-editor__frequency"
          />
          {saveError && <Alert kind="error" title={saveError} />}
        </div>
        <PreviewSection parsed={parsed} wish={wish.parsed} pending={pending} />
        {member.user_id && (
          <OwnTimesSection
            member={member}
            onTakeOver={(times, preferred) => {
              field.replace(formatTimesText(times));
              wish.replace(formatTimesText(preferred));
              setSaveError(null);
            }}
          />
        )}
      </form>
    </Dialog>
  );
}
