// /me/classes: the teacher's class management (docs/product/classes.md, docs/product/classes.md Class creation, docs/product/errors.md Classes).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isAbortError } from '../../shared/api/client';
import { myClassesQuery } from '../../shared/data/classes';
import { queryKeys } from '../../shared/data/query-keys';
import { toast } from '../../shared/toast/toast-store';
import { Alert } from '../../shared/ui/Alert';
import { Button } from '../../shared/ui/Button';
import { cx } from '../../shared/ui/cx';
import { Page } from '../../shared/ui/Page';
import { ShimmerRows } from '../../shared/ui/ShimmerRows';
import { Table } from '../../shared/ui/Table';
import { useConfirm } from '../../shared/ui/use-confirm';
import { useSlowLoading } from '../../shared/hooks/use-slow-loading';
import { CLASSES_UPDATED_EVENT, isUuid, REFETCH_AFTER_CREATE_MS, REFETCH_AFTER_EDIT_MS } from './class-queries';
import { CreateClassDialog, EditClassDialog, type NewClassInput } from './ClassDialogs';
import { useCreateClass, useDeleteClass, useLocalClasses } from './class-mutations';
import type { ClassDto, LocalClass } from './classes-api';
import { Icons, IconButton } from './local-ui';
import { DeadlinePanel } from './DeadlinePanel';
import { answeredText } from './member-utils';
import { MembersPanel } from './MembersPanel';
import { SemesterPanel } from './SemesterPanel';
import { CLASS_MESSAGES } from './messages';
import './classes.css';

const CLASS_COLUMNS = 4;

/** The class list with optimistic creation, delayed re-fetches and the window events (docs/product/classes.md). */
function useClassList() {
  const queryClient = useQueryClient();
  const query = useQuery(myClassesQuery());
  const { localClasses, dismissLocal, discardFailed } = useLocalClasses();
  const createMutation = useCreateClass();
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      pending.forEach(clearTimeout);
      pending.clear();
    };
  }, []);
  // Failed creations live as long as the page: leaving it discards them.
  useEffect(() => discardFailed, [discardFailed]);

  const refetchAfter = useCallback(
    (ms: number) => {
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        void queryClient.invalidateQueries({ queryKey: queryKeys.myClasses });
      }, ms);
      timers.current.add(timer);
    },
    [queryClient],
  );

  useEffect(() => {
    const onUpdated = () => void queryClient.invalidateQueries({ queryKey: queryKeys.myClasses });
    window.addEventListener(CLASSES_UPDATED_EVENT, onUpdated);
    return () => window.removeEventListener(CLASSES_UPDATED_EVENT, onUpdated);
  }, [queryClient]);

  // Every creation is re-fetched later, also when several run at once (docs/product/limits.md).
  const create = (input: NewClassInput) =>
    createMutation
      .mutateAsync(input)
      .catch(() => undefined)
      .finally(() => refetchAfter(REFETCH_AFTER_CREATE_MS));

  const replaceClass = (updated: ClassDto) =>
    queryClient.setQueryData<ClassDto[]>(queryKeys.myClasses, (list) => list?.map((c) => (c.class_id === updated.class_id ? { ...c, ...updated } : c)));

  return { query, localClasses, create, dismissLocal, replaceClass, refetchAfter };
}

export function TeacherClassesPage() {
  const { query, localClasses, create, dismissLocal, replaceClass, refetchAfter } = useClassList();
  const deleteMutation = useDeleteClass();
  const [searchParams, setSearchParams] = useSearchParams();
  const [expanded, setExpanded] = useState<string | null>(null);
  const [scrollTo, setScrollTo] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ClassDto | null>(null);
  const deleting = deleteMutation.isPending ? deleteMutation.variables : null;
  const [counts, setCounts] = useState<Record<string, number>>({});
  const rowRefs = useRef(new Map<string, HTMLTableRowElement>());
  const { confirm, dialog: confirmDialog } = useConfirm();

  const classes = query.data ?? [];
  const loading = query.isPending || (query.isError && isAbortError(query.error));

  // docs/product/classes.md: after 5 s of loading a patience note appears.
  const slow = useSlowLoading(loading);

  // docs/product/classes.md: ?selectClass=<uuid> expands that class and is then removed; invalid or unknown values are just removed.
  const selectClass = searchParams.get('selectClass');
  useEffect(() => {
    if (selectClass === null) return;
    const valid = isUuid(selectClass);
    if (valid && query.isPending) return;
    if (valid && query.isSuccess) {
      const hit = query.data.find((c) => c.class_id.toLowerCase() === selectClass.toLowerCase());
      if (hit) {
        setExpanded(hit.class_id);
        setScrollTo(hit.class_id);
      }
    }
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('selectClass');
        return next;
      },
      { replace: true },
    );
  }, [selectClass, query.isPending, query.isSuccess, query.data, setSearchParams]);

  useEffect(() => {
    if (!scrollTo) return;
    // No scrolling animation for those who asked their system for less motion.
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    rowRefs.current.get(scrollTo)?.scrollIntoView?.({ block: 'start', behavior: reduceMotion ? 'auto' : 'smooth' });
    setScrollTo(null);
  }, [scrollTo]);

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

  const dialogs = (
    <>
      <CreateClassDialog open={creating} onClose={() => setCreating(false)} onCreate={(input) => void create(input)} />
      <EditClassDialog
        cls={editing}
        onClose={() => setEditing(null)}
        // The mutation has put the answer into the class list; a later re-fetch confirms it (docs/product/limits.md).
        onSaved={() => refetchAfter(REFETCH_AFTER_EDIT_MS)}
      />
      {confirmDialog}
    </>
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

  const rows: Array<ClassDto | LocalClass> = [...classes, ...localClasses];
  const isEmpty = !loading && rows.length === 0;

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
          <tbody>
            {loading ? (
              <ShimmerRows columns={CLASS_COLUMNS} />
            ) : (
              rows.map((cls) => {
                const status = '_status' in cls ? cls._status : null;
                const open = !status && expanded === cls.class_id;
                const count = open ? (counts[cls.class_id] ?? cls.member_count) : cls.member_count;
                const toggle = () => {
                  if (!status) setExpanded((e) => (e === cls.class_id ? null : cls.class_id));
                };
                return (
                  <Fragment key={cls.class_id}>
                    <tr
                      ref={(el) => {
                        if (el) rowRefs.current.set(cls.class_id, el);
                        else rowRefs.current.delete(cls.class_id);
                      }}
                      className={cx('class-row', open && 'class-row--open', status && `class-row--${status}`)}
                      data-testid={`class-row-${cls.class_id}`}
                      onClick={toggle}
                    >
                      <td data-label="Klasse/Kurs">
                        <div className="class-row__name-cell">
                          <button
                            type="button"
                            className="class-row__toggle"
                            aria-expanded={status ? undefined : open}
                            disabled={Boolean(status)}
                            onClick={(e) => {
                              e.stopPropagation();
                              toggle();
                            }}
                          >
                            <span className="class-row__chevron" aria-hidden="true">
                              {Icons.chevron}
                            </span>
                            <span className="class-row__name">{cls.name}</span>
                          </button>
                          {status === 'pending' && <span className="class-row__status">{CLASS_MESSAGES.pending}</span>}
                          {status === 'failed' && <span className="class-row__status class-row__status--failed">{CLASS_MESSAGES.failed}</span>}
                        </div>
                        {cls.register_shortcut && (
                          <code className="class-row__code" title="Registrierungscode">
                            {cls.register_shortcut}
                          </code>
                        )}
                        {status === 'failed' && <p className="class-row__sync">{CLASS_MESSAGES.syncFailed}</p>}
                      </td>
                      <td data-label="Beschreibung" className="class-row__description">
                        {cls.description || '---'}
                      </td>
                      <td data-label="Anzahl Studierende" className="class-row__count">
                        <span className="class-row__count-number">{typeof count === 'number' ? count : '...'}</span>
                        {answeredText(cls.answered_count, cls.member_count) && (
                          <span className="class-row__answered" data-testid={`answered-${cls.class_id}`}>
                            {answeredText(cls.answered_count, cls.member_count)}
                          </span>
                        )}
                      </td>
                      <td data-label="Aktionen" onClick={(e) => e.stopPropagation()}>
                        <div className="row-actions row-actions--end">
                          {status === 'failed' ? (
                            <Button size="sm" variant="ghost" onClick={() => dismissLocal(cls.class_id)}>
                              Verwerfen
                            </Button>
                          ) : (
                            <>
                              <IconButton label={`${cls.name} bearbeiten`} icon={Icons.pencil} onClick={() => setEditing(cls)} disabled={Boolean(status)} />
                              <IconButton
                                label={`${cls.name} löschen`}
                                icon={Icons.trash}
                                tone="danger"
                                onClick={() => void deleteClass(cls)}
                                disabled={Boolean(status) || deleting === cls.class_id}
                              />
                            </>
                          )}
                        </div>
                      </td>
                    </tr>
                    {open && (
                      <tr className="class-row__details">
                        <td colSpan={CLASS_COLUMNS}>
                          <DeadlinePanel
                            key={`${cls.deadline}-${cls.allow_late_changes}-${cls.auto_reminders}`}
                            cls={cls}
                            onSaved={(next) => replaceClass({ ...cls, ...next })}
                          />
                          <SemesterPanel classId={cls.class_id} />
                          <MembersPanel
                            cls={cls}
                            onMembersChanged={() => refetchAfter(REFETCH_AFTER_EDIT_MS)}
                            onCountChange={(n) => onCountChange(cls.class_id, n)}
                          />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })
            )}
          </tbody>
        </Table>
      )}
      {dialogs}
    </Page>
  );
}
