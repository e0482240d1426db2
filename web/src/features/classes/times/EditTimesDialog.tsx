// docs/product/classes.md 'Verfügbare Zeiten bearbeiten für {name}', §5 Available-times text, §8 Save available times.
import {
  formatLastChange,
  formatLastChangeTitle,
  formatTimesText,
  parseTimesText,
  TIMES_TEXT_ERRORS,
  TIMES_TEXT_PLACEHOLDER,
  WeekSlots,
  type ParseTimesTextResult,
  type TimesMap,
} from '@stundenplan/timegrid';
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api/client';
import { toast } from '../../../shared/toast/toast-store';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import { Dialog } from '../../../shared/ui/Dialog';
import { Textarea } from '../../../shared/ui/Textarea';
import { classesApi, type MemberDto } from '../classes-api';
import { detailOf } from '../validation';
import { WeekPreview } from './WeekPreview';
import './times.css';

/** docs/product/limits.md: the times text is parsed 500 ms after the last keystroke. */
export const TIMES_PARSE_DEBOUNCE_MS = 500;

export const TIMES_MESSAGES = {
  title: (name: string) => `Verfügbare Zeiten bearbeiten für ${name}`,
  noMember: 'Kein Student ausgewählt.',
  saved: 'Verfügbare Zeiten erfolgreich gespeichert',
  saveFailed: 'Fehler beim Speichern der Zeiten',
  saveFailedToast: (message: string) => `Speichern fehlgeschlagen: ${message}`,
  unknownError: 'Ein unbekannter Fehler ist aufgetreten.',
  parseError: TIMES_TEXT_ERRORS.parse,
  saveBlocked: TIMES_TEXT_ERRORS.saveBlocked,
  noPreview: 'Keine Vorschau, solange die Eingabe einen Fehler enthält.',
  nothingParsed: 'Diese Eingabe ergibt keine Zeiten. Jede Angabe braucht einen Wochentag, und Zeiten werden auf volle Viertelstunden gerundet (z.B. „23:50-24“ ergibt nichts).',
} as const;

/** The teacher-entered times as text; malformed stored entries are dropped. */
export function initialTimesText(times: TimesMap | null | undefined): string {
  return formatTimesText(WeekSlots.fromTimesMap(times ?? {}, { strict: false }));
}

export interface EditTimesDialogProps {
  open: boolean;
  classId: string;
  member: MemberDto | null;
  onClose: () => void;
  /** After a successful save, with the times the server stored. */
  onSaved?: (memberId: string, times: TimesMap) => void;
}

export function EditTimesDialog({ open, classId, member, onClose, onSaved }: EditTimesDialogProps) {
  if (!open) return null;
  if (!member) {
    return (
      <Dialog open onClose={onClose} title="Verfügbare Zeiten bearbeiten" size="sm" footer={<Button variant="secondary" onClick={onClose}>Abbrechen</Button>}>
        <p>{TIMES_MESSAGES.noMember}</p>
      </Dialog>
    );
  }
  return <EditTimesForm key={member.member_id} classId={classId} member={member} onClose={onClose} onSaved={onSaved} />;
}

function EditTimesForm({ classId, member, onClose, onSaved }: { classId: string; member: MemberDto; onClose: () => void; onSaved?: EditTimesDialogProps['onSaved'] }) {
  const [text, setText] = useState(() => initialTimesText(member.available_times));
  const [parsed, setParsedState] = useState<{ text: string; result: ParseTimesTextResult }>(() => ({ text, result: parseTimesText(text) }));
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const formId = useId();

  // docs/product/classes.md: a failure gives the error and no result, so the preview shows nothing while it lasts.
  const setParsed = (next: { text: string; result: ParseTimesTextResult }) => setParsedState(next);
  const setParsedRef = useRef(setParsed);
  setParsedRef.current = setParsed;

  // Live parse, 500 ms after the last change.
  useEffect(() => {
    if (parsed.text === text) return;
    const timer = setTimeout(() => setParsedRef.current({ text, result: parseTimesText(text) }), TIMES_PARSE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, parsed.text]);

  const pending = parsed.text !== text;
  const parseError = parsed.result.ok ? null : TIMES_MESSAGES.parseError;
  const nothingParsed = parsed.result.ok && parsed.result.week.isEmpty() && parsed.text.trim() !== '';
  const ownTimes = WeekSlots.fromTimesMap(member.available_times_user_input ?? {}, { strict: false });
  const lastModified = member.available_times_user_input_last_modified ?? null;

  const save = async () => {
    // Saving never waits for the debounce: the text as it is now is what gets stored.
    const result = parsed.text === text ? parsed.result : parseTimesText(text);
    if (parsed.text !== text) setParsed({ text, result });
    if (!result.ok) {
      setSaveError(TIMES_MESSAGES.saveBlocked);
      return;
    }
    setSaveError(null);
    setSaving(true);
    const times = result.week.toTimesMap();
    try {
      const answer = await classesApi.updateMember(classId, member.member_id, { available_times: times });
      toast.success(TIMES_MESSAGES.saved);
      onSaved?.(member.member_id, answer?.available_times ?? times);
      onClose();
    } catch (error) {
      const message = detailOf(error) || errorMessage(error, TIMES_MESSAGES.unknownError);
      setSaveError(TIMES_MESSAGES.saveFailed);
      toast.error(TIMES_MESSAGES.saveFailedToast(message));
    } finally {
      setSaving(false);
    }
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
          void save();
        }}
      >
        <div className="times-editor__input">
          <Textarea
            label="Verfügbare Zeiten (von dir eingetragen)"
            placeholder={TIMES_TEXT_PLACEHOLDER}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setSaveError(null);
            }}
            error={parseError ?? undefined}
            hint="Wochentag und Uhrzeiten, z.B. „Mo-Fr 8-10“ oder „Sa von 9 bis 12 Uhr“. Ein leeres Feld entfernt deine Eintragung."
            rows={6}
            data-autofocus
          />
          {saveError && <Alert kind="error" title={saveError} />}
        </div>
        <section className={pending ? 'times-editor__section times-editor__pending' : 'times-editor__section'} aria-busy={pending || undefined}>
          <h3 className="times-editor__heading">Vorschau</h3>
          {parsed.result.ok ? (
            <>
              {nothingParsed && !pending && <Alert kind="warning">{TIMES_MESSAGES.nothingParsed}</Alert>}
              <WeekPreview week={parsed.result.week} label="Vorschau der eingegebenen Zeiten" />
            </>
          ) : (
            <p className="times-editor__no-preview">{TIMES_MESSAGES.noPreview}</p>
          )}
        </section>
        {member.user_id && (
          <section className="times-editor__section times-editor__own">
            <div className="times-editor__own-head">
              <h3 className="times-editor__heading">Eigene Angabe der Student*in</h3>
              <p className="times-editor__meta" title={formatLastChangeTitle(lastModified)}>
                Letzte Änderung: {formatLastChange(lastModified)}
              </p>
            </div>
            <WeekPreview week={ownTimes} label="Eigene Angabe der Student*in" tone="student" />
            {!ownTimes.isEmpty() && (
              <div>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    const own = formatTimesText(ownTimes);
                    setText(own);
                    setParsed({ text: own, result: parseTimesText(own) });
                    setSaveError(null);
                  }}
                >
                  In das Textfeld übernehmen
                </Button>
              </div>
            )}
          </section>
        )}
      </form>
    </Dialog>
  );
}
