// The member table of an expanded class (docs/product/classes.md Member table, docs/product/classes.md Member, docs/product/errors.md Members).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { isAbortError } from '../../shared/api/client';
import { membersQuery } from '../../shared/data/classes';
import { useHasSchool } from '../../shared/data/schools';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { ShimmerRows } from '../../shared/ui/ShimmerRows';
import { Table } from '../../shared/ui/Table';
import { AddMemberRow } from './AddMemberRow';
import { CLASS_STUDENTS_UPDATED_EVENT, eventClassId } from './class-queries';
import { classSchoolQuery } from './class-school';
import type { ClassDto } from './classes-api';
import { CsvImportDialog } from './CsvImportDialog';
import { Icons } from './local-ui';
import { memberEmails } from './member-utils';
import { MemberRow } from './members/MemberRow';
import { MemberSchoolDialog } from './members/MemberSchoolDialog';
import { useMemberActions } from './members/use-member-actions';
import { usePotentialLinks } from './members/use-potential-links';
import { MEMBER_MESSAGES as M } from './messages';
import { EditTimesDialog } from './times/EditTimesDialog';

export interface MembersPanelProps {
  cls: ClassDto;
  /** Members were added or removed: the class list's counts are stale. */
  onMembersChanged: () => void;
  onCountChange?: (count: number) => void;
}

const MEMBER_COLUMNS = 6;

/** The members of `classId`, reloaded when another part of the page says they changed. */
function useMembers(classId: string, onCountChange: ((count: number) => void) | undefined) {
  const query = useQuery(membersQuery(classId));
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
  return query;
}

export function MembersPanel({ cls, onMembersChanged, onCountChange }: MembersPanelProps) {
  const classId = cls.class_id;
  const query = useMembers(classId, onCountChange);
  const members = useMemo(() => query.data ?? [], [query.data]);
  const [adding, setAdding] = useState(false);
  const [csvOpen, setCsvOpen] = useState(false);
  const [timesFor, setTimesFor] = useState<string | null>(null);
  const [schoolFor, setSchoolFor] = useState<string | null>(null);
  // docs/product/school.md: only a teacher with a school sets a member's needs, sites and family.
  const hasSchool = useHasSchool();
  const classSchool = useQuery(classSchoolQuery(classId, hasSchool));
  const onEditSchool = hasSchool && classSchool.data ? setSchoolFor : undefined;
  const linkFor = usePotentialLinks(members);
  const actions = useMemberActions(cls, onMembersChanged);
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
              {members.map((m) => (
                <MemberRow
                  key={m.member_id}
                  member={m}
                  potential={linkFor(m)}
                  now={now}
                  actions={actions}
                  onEditTimes={setTimesFor}
                  onEditSchool={onEditSchool}
                />
              ))}
              {adding && <AddMemberRow classId={classId} onAdded={actions.afterMembershipChange} onCancel={() => setAdding(false)} />}
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
        <Button size="sm" variant="secondary" icon={Icons.copy} onClick={() => void actions.copyEmails(members)} disabled={query.isPending}>
          E-Mails kopieren
        </Button>
      </div>

      {classSchool.data && schoolFor && (
        <MemberSchoolDialog
          classId={classId}
          classSchool={classSchool.data}
          member={members.find((m) => m.member_id === schoolFor) ?? null}
          onClose={() => setSchoolFor(null)}
        />
      )}
      <EditTimesDialog open={timesFor !== null} classId={classId} member={timesMember} onClose={() => setTimesFor(null)} />
      {csvOpen && (
        <CsvImportDialog
          classId={classId}
          existingEmails={existingEmails}
          onClose={() => setCsvOpen(false)}
          onImported={() => {
            setCsvOpen(false);
            actions.afterMembershipChange();
          }}
        />
      )}
      {actions.confirmDialog}
    </div>
  );
}
