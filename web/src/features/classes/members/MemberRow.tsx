import type { MemberDto, PotentialLink } from '../classes-api';
import { FrequencySelect } from '../FrequencySelect';
import { InlineField } from '../InlineField';
import { Icons, IconButton } from '../local-ui';
import { isRegistered, lastChange, NO_TIMES_TAG, timesSummary } from '../member-utils';
import { MEMBER_MESSAGES as M } from '../messages';
import { CLASS_SCHOOL_TEXTS } from '../school-texts';
import { validateDuration, validateMemberEmail, validateMemberName } from '../validation';
import type { MemberActions } from './use-member-actions';

/** The longest address a member may have (docs/product/limits.md); registered accounts may have longer ones. */
const MEMBER_EMAIL_MAX = 50;

/**
 * A registered member's address in two parts, so that it can break only before its @: on one line on a
 * wide desktop, before the @ where the table is narrower or the address longer than a member's may be.
 */
function MemberEmail({ email }: { email: string | null | undefined }) {
  const at = email ? email.lastIndexOf('@') : -1;
  if (!email || at <= 0) return <span className="members__email">{email || '---'}</span>;
  return (
    <span className={email.length > MEMBER_EMAIL_MAX ? 'members__email members__email--long' : 'members__email'}>
      <span className="members__email-part">{email.slice(0, at)}</span>
      <span className="members__email-part">{email.slice(at)}</span>
    </span>
  );
}

/** A registered member's name with its state: verified for the course or not yet. */
function RegisteredName({ member: m }: { member: MemberDto }) {
  return (
    <span className="members__name">
      {m.name}
      <span
        className={m.student_id ? 'member-tag member-tag--verified' : 'member-tag'}
        title={m.student_id ? 'Registriert und verifiziert' : 'Registriert, Kurs noch nicht verifiziert'}
      >
        {m.student_id ? 'registriert' : 'nicht verifiziert'}
      </span>
    </span>
  );
}

/** Duration (editable in place) and how often the lessons are. */
function DurationCell({ member: m, actions }: { member: MemberDto; actions: MemberActions }) {
  return (
    <td data-label="Dauer">
      <InlineField
        label={`Dauer von ${m.name} in Minuten`}
        type="number"
        min={15}
        max={120}
        step={15}
        suffix="min"
        inputMode="numeric"
        className="inline-field--number"
        value={String(m.duration)}
        validate={validateDuration}
        onCommit={(v) => actions.updateField(m, 'duration', v)}
      />
      <FrequencySelect label={M.frequencyLabel(m.name)} value={m.frequency} onChange={(f) => void actions.updateField(m, 'frequency', f)} />
    </td>
  );
}

interface MemberRowProps {
  member: MemberDto;
  potential: PotentialLink | undefined;
  now: Date;
  actions: MemberActions;
  onEditTimes: (memberId: string) => void;
  /** Opens the member's needs, sites and family (only for a teacher with a school). */
  onEditSchool?: (memberId: string) => void;
}

/** One member: an unregistered one's address and name are edited in place, a registered one's are the account's. */
export function MemberRow({ member: m, potential, now, actions, onEditTimes, onEditSchool }: MemberRowProps) {
  const registered = isRegistered(m);
  const summary = timesSummary(m);
  const change = lastChange(m, now);
  const rowBusy = actions.busy.has(m.member_id);
  return (
    <tr data-testid={`member-${m.member_id}`} aria-busy={rowBusy || undefined}>
      <td data-label="E-Mail">
        {registered ? (
          <MemberEmail email={m.email} />
        ) : (
          <InlineField
            label={`E-Mail von ${m.name}`}
            type="email"
            placeholder="E-Mail-Adresse"
            value={m.email ?? ''}
            normalise={(s) => s.trim().toLowerCase()}
            validate={(v) => validateMemberEmail(v, true)}
            onCommit={(v) => actions.updateField(m, 'email', v)}
          />
        )}
      </td>
      <td data-label="Name">
        {registered ? (
          <RegisteredName member={m} />
        ) : (
          <InlineField
            label={`Name von ${m.name}`}
            value={m.name}
            validate={(v) => validateMemberName(v, 'edit')}
            onCommit={(v) => actions.updateField(m, 'name', v)}
          />
        )}
        {m.family && <span className="member-tag member-tag--family">{m.family}</span>}
      </td>
      <DurationCell member={m} actions={actions} />
      <td data-label="Verfügbare Zeit">
        <span className={summary.source === 'student' ? 'members__times members__times--student' : 'members__times'} title={summary.title}>
          {summary.text}
        </span>
        {summary.source === null && (
          <span className="member-tag member-tag--no-times" data-testid="no-times">
            {NO_TIMES_TAG}
          </span>
        )}
      </td>
      <td data-label="Letzte Änderung">
        <span title={change.title}>{change.text}</span>
      </td>
      <td data-label="Aktionen">
        <div className="row-actions">
          <IconButton label="Verfügbare Zeiten bearbeiten" icon={Icons.clock} onClick={() => onEditTimes(m.member_id)} />
          {onEditSchool && <IconButton label={CLASS_SCHOOL_TEXTS.memberButton(m.name)} icon={Icons.room} onClick={() => onEditSchool(m.member_id)} />}
          {!registered && m.email && <IconButton label="Einladung senden" icon={Icons.mail} onClick={() => void actions.invite(m)} disabled={rowBusy} />}
          {potential && (
            <IconButton
              label="Mit registriertem Account verknüpfen"
              icon={Icons.link}
              tone="accent"
              onClick={() => void actions.link(m, potential)}
              disabled={rowBusy}
            />
          )}
          <IconButton label="Aus der Klasse entfernen" icon={Icons.trash} tone="danger" onClick={() => void actions.remove(m)} disabled={rowBusy} />
        </div>
      </td>
    </tr>
  );
}
