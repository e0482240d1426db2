import { formatLastChange, formatLastChangeTitle, WeekSlots } from '@stundenplan/timegrid';
import { Alert } from '../../../shared/ui/Alert';
import { Button } from '../../../shared/ui/Button';
import type { MemberDto } from '../classes-api';
import { TIMES_MESSAGES } from './times-messages';
import type { ParsedText } from './use-parsed-times-text';
import { WeekPreview } from './WeekPreview';

interface PreviewSectionProps {
  parsed: ParsedText;
  wish: ParsedText;
  /** The typed text has not been parsed yet (debounce). */
  pending: boolean;
}

/** The week the typed times give, with the wished ones inside them marked. */
export function PreviewSection({ parsed: typed, wish: wished, pending }: PreviewSectionProps) {
  const parsed = typed.result;
  const wish = wished.result;
  const nothingParsed = parsed.ok && parsed.week.isEmpty() && typed.text.trim() !== '';
  return (
    <section className={pending ? 'times-editor__section times-editor__pending' : 'times-editor__section'} aria-busy={pending || undefined}>
      <h3 className="times-editor__heading">Vorschau</h3>
      {parsed.ok ? (
        <>
          {nothingParsed && !pending && <Alert kind="warning">{TIMES_MESSAGES.nothingParsed}</Alert>}
          <WeekPreview week={parsed.week} marked={wish.ok ? wish.week.intersect(parsed.week) : undefined} label="Vorschau der eingegebenen Zeiten" />
        </>
      ) : (
        <p className="times-editor__no-preview">{TIMES_MESSAGES.noPreview}</p>
      )}
    </section>
  );
}

interface OwnTimesSectionProps {
  member: MemberDto;
  /** 'In das Textfeld übernehmen': the student's own times and wishes replace the typed ones. */
  onTakeOver: (times: WeekSlots, preferred: WeekSlots) => void;
}

/** A registered student's own times and wishes, as they entered them. */
export function OwnTimesSection({ member, onTakeOver }: OwnTimesSectionProps) {
  const ownTimes = WeekSlots.fromTimesMap(member.available_times_user_input ?? {}, { strict: false });
  const ownPreferred = WeekSlots.fromTimesMap(member.preferred_times_user_input ?? {}, { strict: false }).intersect(ownTimes);
  const lastModified = member.available_times_user_input_last_modified ?? null;
  return (
    <section className="times-editor__section times-editor__own">
      <div className="times-editor__own-head">
        <h3 className="times-editor__heading">Eigene Angabe der Student*in</h3>
        <p className="times-editor__meta" title={formatLastChangeTitle(lastModified)}>
          Letzte Änderung: {formatLastChange(lastModified)}
        </p>
      </div>
      <WeekPreview week={ownTimes} marked={ownPreferred} label="Eigene Angabe der Student*in" tone="student" />
      {!ownTimes.isEmpty() && (
        <div>
          <Button variant="secondary" size="sm" onClick={() => onTakeOver(ownTimes, ownPreferred)}>
            In das Textfeld übernehmen
          </Button>
        </div>
      )}
    </section>
  );
}
