// The member table of an expanded class (docs/product/classes.md Member table, docs/product/classes.md Member, docs/product/errors.md Members).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { isAbortError } from '../../shared/api/client';
import { toast } from '../../shared/toast/toast-store';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { ShimmerRows } from '../../shared/ui/ShimmerRows';
import { Table } from '../../shared/ui/Table';
import { useConfirm } from '../../shared/ui/use-confirm';
import { AddMemberRow } from './AddMemberRow';
import { membersQuery } from '../../shared/data/classes';
import { CLASS_STUDENTS_UPDATED_EVENT, eventClassId } from './class-queries';
import { classesApi, type ClassDto, type MemberDto, type PotentialLink } from './classes-api';
import { CsvImportDialog } from './CsvImportDialog';
import { FrequencySelect } from './FrequencySelect';
import { InlineField } from './InlineField';
import { Icons, IconButton } from './local-ui';
import { isRegistered, joinEmails, lastChange, memberEmails, NO_TIMES_TAG, timesSummary } from './member-utils';
import {
  fieldValue,
  useBusyMembers,
  useInviteMember,
  useLinkMember,
  useMembersChanged,
  useRemoveMember,
  useUpdateMemberField,
  type EditableMemberField,
} from './member-mutations';
import { MEMBER_MESSAGES as M } from './messages';
import { EditTimesDialog } from './times/EditTimesDialog';
import { validateDuration, validateMemberEmail, validateMemberName } from './validation';

export interface MembersPanelProps {
  cls: ClassDto;
  /** Members were added or removed: the class list's counts are stale. */
  onMembersChanged: () => void;
  onCountChange?: (count: number) => void;
}

const MEMBER_COLUMNS = 6;
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

export function MembersPanel({ cls, onMembersChanged, onCountChange }: MembersPanelProps) {
  const classId = cls.class_id;
  const query = useQuery(membersQuery(classId));
  const members = useMemo(() => query.data ?? [], [query.data]);
  const [adding, setAdding] = useState(false);
  const [csvOpen, setCsvOpen] = useState(false);
  const [timesFor, setTimesFor] = useState<string | null>(null);
  const [links, setLinks] = useState<Record<string, PotentialLink>>({});
  const announced = useRef(new Set<string>());

  const { refetch } = query;
  useEffect(() => {
    const onUpdated = (event: Event) => {
      const id = eventClassId(event);
      if (!id || id === classId) void refetch();
    };
    window.addEventListener(CLASS_STUDENTS_UPDATED_EVENT, onUpdated);
    return () => window.removeEventListener(CLASS_STUDENTS_UPDATED_EVENT, onUpdated);
  }, [classId, refetch]);

  useEffect(() => {
    if (query.data) onCountChange?.(query.data.length);
  }, [query.data, onCountChange]);

  // docs/product/classes.md Member: unregistered members' e-mails are checked against registered students.
  const unregisteredEmails = useMemo(
    () => [...new Set(members.filter((m) => !isRegistered(m) && m.email).map((m) => m.email!.trim().toLowerCase()))].sort(),
    [members],
  );
  const emailsKey = unregisteredEmails.join('\n');
  useEffect(() => {
    if (!emailsKey) {
      setLinks({});
      return;
    }
    let cancelled = false;
    classesApi
      .checkStudentsExist(emailsKey.split('\n'))
      .then((existing) => {
        if (cancelled) return;
        const found: Record<string, PotentialLink> = {};
        for (const [email, link] of Object.entries(existing)) {
          if (link && typeof link.user_id === 'string')
            found[email.trim().toLowerCase()] = { user_id: link.user_id, name: link.name, available_times: link.available_times ?? {} };
        }
        setLinks(found);
        const fresh = Object.keys(found).filter((email) => !announced.current.has(email));
        fresh.forEach((email) => announced.current.add(email));
        if (fresh.length > 0) toast.info(M.linksFound(Object.keys(found).length));
      })
      .catch((error: unknown) => {
        if (!cancelled && !isAbortError(error)) console.error(M.checkFailed, error);
      });
    return () => {
      cancelled = true;
    };
  }, [emailsKey]);

  const linkFor = (m: MemberDto): PotentialLink | undefined => (!isRegistered(m) && m.email ? links[m.email.trim().toLowerCase()] : undefined);

  const busy = useBusyMembers(classId);
  const updateMember = useUpdateMemberField(classId);
  const afterMembershipChange = useMembersChanged(classId, onMembersChanged);
  const removeMember = useRemoveMember(classId, afterMembershipChange);
  const inviteMember = useInviteMember(cls);
  const linkMember = useLinkMember(classId, afterMembershipChange);
  const { confirm, dialog: confirmDialog } = useConfirm();

  // docs/product/classes.md: edits are applied optimistically and rolled back on a server error (the mutation's onError).
  const updateField = (member: MemberDto, field: EditableMemberField, raw: string) =>
    updateMember.mutateAsync({ member, field, value: fieldValue(field, raw) }).catch(() => undefined);

  const remove = async (member: MemberDto) => {
    if (!(await confirm({ title: M.removeTitle, message: M.removeConfirm(member.name), confirmLabel: M.remove, danger: true }))) return;
    removeMember.mutate({ member });
  };

  const invite = async (member: MemberDto) => {
    const email = (member.email ?? '').trim();
    if (!email) {
      toast.error(M.inviteEmailRequired);
      return;
    }
    if (!(await confirm({ title: M.inviteTitle, message: M.inviteConfirm(member.name, email), confirmLabel: M.invite }))) return;
    inviteMember.mutate({ member, email });
  };

  const link = async (member: MemberDto, target: PotentialLink) => {
    if (!(await confirm({ title: M.linkTitle, message: M.linkConfirm(member.name, member.email ?? ''), confirmLabel: M.link }))) return;
    linkMember.mutate({ member, target });
  };

  const copyEmails = async () => {
    const emails = memberEmails(members);
    if (emails.length === 0) {
      toast.info(M.nothingToCopy);
      return;
    }
    try {
      if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(joinEmails(emails));
      toast.success(M.copied(emails.length));
    } catch {
      toast.error(M.copyFailed);
    }
  };

  const timesMember = timesFor ? (members.find((m) => m.member_id === timesFor) ?? null) : null;
  const existingEmails = useMemo(() => new Set(memberEmails(members).map((e) => e.toLowerCase())), [members]);

  if (query.isError && !isAbortError(query.error)) {
    return (
      <Alert
        kind="error"
        title={M.loadFailed}
        actions={
          <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
            Erneut versuchen
          </Button>
        }
      />
    );
  }

  const now = new Date();
  return (
    <div className="members">
      <Table dense caption={`Studierende in ${cls.name}`} captionHidden className="members__table">
        <thead>
          <tr>
            <th scope="col">E-Mail</th>
            <th scope="col">Name</th>
            <th scope="col">Dauer</th>
            <th scope="col">Verfügbare Zeit</th>
            <th scope="col">Letzte Änderung</th>
            <th scope="col" className="members__actions-head">
              Aktionen
            </th>
          </tr>
        </thead>
        <tbody>
          {query.isPending ? (
            <ShimmerRows columns={MEMBER_COLUMNS} />
          ) : (
            <>
              {members.length === 0 && !adding && (
                <tr className="members__empty">
                  <td colSpan={MEMBER_COLUMNS}>{M.noMembers}</td>
                </tr>
              )}
              {members.map((m) => {
                const registered = isRegistered(m);
                const summary = timesSummary(m);
                const change = lastChange(m, now);
                const potential = linkFor(m);
                const rowBusy = busy.has(m.member_id);
                return (
                  <tr key={m.member_id} data-testid={`member-${m.member_id}`} aria-busy={rowBusy || undefined}>
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
                          onCommit={(v) => updateField(m, 'email', v)}
                        />
                      )}
                    </td>
                    <td data-label="Name">
                      {registered ? (
                        <span className="members__name">
                          {m.name}
                          <span
                            className={m.student_id ? 'member-tag member-tag--verified' : 'member-tag'}
                            title={m.student_id ? 'Registriert und verifiziert' : 'Registriert, Kurs noch nicht verifiziert'}
                          >
                            {m.student_id ? 'registriert' : 'nicht verifiziert'}
                          </span>
                        </span>
                      ) : (
                        <InlineField
                          label={`Name von ${m.name}`}
                          value={m.name}
                          validate={(v) => validateMemberName(v, 'edit')}
                          onCommit={(v) => updateField(m, 'name', v)}
                        />
                      )}
                    </td>
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
                        onCommit={(v) => updateField(m, 'duration', v)}
                      />
                      <FrequencySelect label={M.frequencyLabel(m.name)} value={m.frequency} onChange={(f) => void updateField(m, 'frequency', f)} />
                    </td>
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
                        <IconButton label="Verfügbare Zeiten bearbeiten" icon={Icons.clock} onClick={() => setTimesFor(m.member_id)} />
                        {!registered && m.email && <IconButton label="Einladung senden" icon={Icons.mail} onClick={() => void invite(m)} disabled={rowBusy} />}
                        {potential && (
                          <IconButton
                            label="Mit registriertem Account verknüpfen"
                            icon={Icons.link}
                            tone="accent"
                            onClick={() => void link(m, potential)}
                            disabled={rowBusy}
                          />
                        )}
                        <IconButton label="Aus der Klasse entfernen" icon={Icons.trash} tone="danger" onClick={() => void remove(m)} disabled={rowBusy} />
                      </div>
                    </td>
                  </tr>
                );
              })}
              {adding && <AddMemberRow classId={classId} onAdded={afterMembershipChange} onCancel={() => setAdding(false)} />}
            </>
          )}
        </tbody>
      </Table>

      <div className="members__toolbar">
        <Button size="sm" variant={adding ? 'secondary' : 'primary'} icon={Icons.plus} onClick={() => setAdding((a) => !a)} aria-expanded={adding}>
          Student*in hinzufügen
        </Button>
        <Button size="sm" variant="secondary" icon={Icons.upload} onClick={() => setCsvOpen(true)}>
          CSV Import
        </Button>
        <Button size="sm" variant="secondary" icon={Icons.copy} onClick={() => void copyEmails()} disabled={query.isPending}>
          E-Mails kopieren
        </Button>
      </div>

      <EditTimesDialog open={timesFor !== null} classId={classId} member={timesMember} onClose={() => setTimesFor(null)} />
      {csvOpen && (
        <CsvImportDialog
          classId={classId}
          existingEmails={existingEmails}
          onClose={() => setCsvOpen(false)}
          onImported={() => {
            setCsvOpen(false);
            afterMembershipChange();
          }}
        />
      )}
      {confirmDialog}
    </div>
  );
}
