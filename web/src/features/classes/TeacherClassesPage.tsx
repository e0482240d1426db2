// /me/classes: the teacher's class management (docs/product/classes.md, docs/product/classes.md Class creation, docs/product/errors.md Classes).
import { useCallback, useState } from 'react';
import { isAbortError } from '../../shared/api/client';
import { useSlowLoading } from '../../shared/hooks/use-slow-loading';
import { toast } from '../../shared/toast/toast-store';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { Page } from '../../shared/ui/Page';
import { ShimmerRows } from '../../shared/ui/ShimmerRows';
import { Table } from '../../shared/ui/Table';
import { useConfirm } from '../../shared/ui/use-confirm';
import { ClassRow, CLASS_COLUMNS } from './class-list/ClassRow';
import { useClassList } from './class-list/use-class-list';
import { useSelectedClass } from './class-list/use-selected-class';
import { REFETCH_AFTER_EDIT_MS } from './class-queries';
import { CreateClassDialog, EditClassDialog } from './ClassDialogs';
import { useDeleteClass } from './class-mutations';
import type { ClassDto, LocalClass } from './classes-api';
import { Icons } from './local-ui';
import { CLASS_MESSAGES } from './messages';
import './classes.css';

export function TeacherClassesPage() {
  const { query, localClasses, create, dismissLocal, replaceClass, refetchAfter } = useClassList();
  const deleteMutation = useDeleteClass();
  const { expanded, setExpanded, rowRef } = useSelectedClass(query);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ClassDto | null>(null);
  const deleting = deleteMutation.isPending ? deleteMutation.variables : null;
  const [counts, setCounts] = useState<Record<string, number>>({});
  const { confirm, dialog: confirmDialog } = useConfirm();

  const loading = query.isPending || (query.isError && isAbortError(query.error));
  // docs/product/classes.md: after 5 s of loading a patience note appears.
  const slow = useSlowLoading(loading);
  const onCountChange = useCallback((classId: string, count: number) => setCounts((c) => (c[classId] === count ? c : { ...c, [classId]: count })), []);

  const deleteClass = async (cls: ClassDto) => {
    const question = CLASS_MESSAGES.deleteConfirm(cls.name);
    if (!(await confirm({ title: CLASS_MESSAGES.deleteTitle, message: question, confirmLabel: CLASS_MESSAGES.delete, danger: true }))) return;
    // mutateAsync: each deletion gets its answer, also when another one started meanwhile.
    deleteMutation.mutateAsync(cls.class_id).then(
      () => {
        setExpanded((current) => (current === cls.class_id ? null : current));
        toast.success(CLASS_MESSAGES.deleted);
        refetchAfter(REFETCH_AFTER_EDIT_MS);
      },
      () => toast.error(CLASS_MESSAGES.deleteFailed),
    );
  };

  const newButton = (
    <Button icon={Icons.plus} onClick={() => setCreating(true)}>
      {CLASS_MESSAGES.newClass}
    </Button>
  );

  if (query.isError && !isAbortError(query.error)) {
    return (
      <Page title="Klassen & Kurse">
        <Alert
          kind="error"
          title={CLASS_MESSAGES.loadFailed}
          actions={
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
              Erneut versuchen
            </Button>
          }
        />
      </Page>
    );
  }

  const rows: Array<ClassDto | LocalClass> = [...(query.data ?? []), ...localClasses];
  const isEmpty = !loading && rows.length === 0;
  const rowOf = (cls: ClassDto | LocalClass) => {
    const status = '_status' in cls ? cls._status : null;
    const open = !status && expanded === cls.class_id;
    return (
      <ClassRow
        key={cls.class_id}
        cls={cls}
        open={open}
        count={open ? (counts[cls.class_id] ?? cls.member_count) : cls.member_count}
        deleting={deleting === cls.class_id}
        rowRef={rowRef(cls.class_id)}
        onToggle={() => {
          if (!status) setExpanded((e) => (e === cls.class_id ? null : cls.class_id));
        }}
        onEdit={setEditing}
        onDelete={(c) => void deleteClass(c)}
        onDismiss={dismissLocal}
        onSaved={replaceClass}
        onMembersChanged={() => refetchAfter(REFETCH_AFTER_EDIT_MS)}
        onCountChange={(n) => onCountChange(cls.class_id, n)}
      />
    );
  };

  return (
    <Page title="Klassen & Kurse" lead="Lege Klassen oder Kurse an und verwalte deine Studierenden." actions={isEmpty ? undefined : newButton}>
      {slow && loading && <Alert kind="info" title={CLASS_MESSAGES.slowLoading} />}
      {isEmpty ? (
        <div className="classes-empty">
          <p className="classes-empty__title">{CLASS_MESSAGES.empty}</p>
          {newButton}
        </div>
      ) : (
        <Table caption="Deine Klassen und Kurse" captionHidden className="classes-table" aria-busy={loading || undefined}>
          <thead>
            <tr>
              <th scope="col">Klasse/Kurs</th>
              <th scope="col">Beschreibung</th>
              <th scope="col" className="classes-table__count-head">
                Anzahl Studierende
              </th>
              <th scope="col" className="classes-table__actions-head">
                <span className="visually-hidden">Aktionen</span>
              </th>
            </tr>
          </thead>
          <tbody>{loading ? <ShimmerRows columns={CLASS_COLUMNS} /> : rows.map(rowOf)}</tbody>
        </Table>
      )}
      <CreateClassDialog open={creating} onClose={() => setCreating(false)} onCreate={(input) => void create(input)} />
      <EditClassDialog
        cls={editing}
        onClose={() => setEditing(null)}
        // The mutation has put the answer into the class list; a later re-fetch confirms it (docs/product/limits.md).
        onSaved={() => refetchAfter(REFETCH_AFTER_EDIT_MS)}
      />
      {confirmDialog}
    </Page>
  );
}
