import { useState } from 'react';
import { useAutoFocus } from '../../../../shared/hooks/use-auto-focus';
import { Alert, Button, Dialog, Spinner } from '../../../../shared/ui';
import { formatGermanDateTime } from '../model/names';
import { PLANNER_TEXTS } from '../model/texts';
import type { ScheduleSummary } from '../model/types';

interface Props {
  open: boolean;
  schedules: readonly ScheduleSummary[] | undefined;
  loading: boolean;
  failed: boolean;
  currentId: string | null;
  dirty: boolean;
  onClose: () => void;
  onLoad: (schedule: ScheduleSummary) => Promise<unknown>;
  onDelete: (schedule: ScheduleSummary) => Promise<boolean>;
  /** The schedule whose deletion is under way (the delete mutation), if any. */
  deletingId: string | null;
}

function when(s: ScheduleSummary): string {
  const t = Date.parse(s.updated_at ?? s.created_at ?? '');
  return Number.isNaN(t) ? '' : formatGermanDateTime(new Date(t));
}

/** Lists the saved schedules (newest first); load one, or delete one after a confirmation. */
export function LoadDialog({ open, schedules, loading, failed, currentId, dirty, onClose, onLoad, onDelete, deletingId }: Props) {
  const [confirm, setConfirm] = useState<ScheduleSummary | null>(null);
  // The question replaces the list inside the dialog, which stays open (the list's 'Löschen' button that had
  // the focus goes away): its 'Abbrechen' takes the focus as it mounts.
  const cancelRef = useAutoFocus<HTMLButtonElement>();
  // Loading is a read: the id being loaded is kept here, the deletion's state comes from its mutation.
  const [loadingId, setLoadingId] = useState<string | null>(null);
  const busy = loadingId ?? deletingId;
  const close = () => {
    setConfirm(null);
    onClose();
  };
  const sorted = [...(schedules ?? [])].sort((a, b) => (Date.parse(b.created_at ?? '') || 0) - (Date.parse(a.created_at ?? '') || 0));

  if (confirm) {
    return (
      <Dialog
        open={open}
        onClose={() => setConfirm(null)}
        size="sm"
        title={PLANNER_TEXTS.deleteTitle}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirm(null)} disabled={busy !== null} ref={cancelRef}>
              {PLANNER_TEXTS.cancel}
            </Button>
            <Button variant="danger" loading={deletingId === confirm.id} onClick={() => void onDelete(confirm).then(() => setConfirm(null))}>
              {PLANNER_TEXTS.delete}
            </Button>
          </>
        }
      >
        <p>{PLANNER_TEXTS.deleteAsk(confirm.name)}</p>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onClose={close} size="md" title={PLANNER_TEXTS.load}>
      {dirty && <Alert kind="warning">{PLANNER_TEXTS.loadLosesChanges}</Alert>}
      {loading ? (
        <Spinner label="Stundenpläne werden geladen…" showLabel />
      ) : failed ? (
        <Alert kind="error">{PLANNER_TEXTS.listFailed}</Alert>
      ) : sorted.length === 0 ? (
        <p className="planner-empty">{PLANNER_TEXTS.noSchedules}</p>
      ) : (
        <ul className="schedule-list">
          {sorted.map((s) => (
            <li key={s.id} className="schedule-list__item">
              <div className="schedule-list__text">
                <span className="schedule-list__name">
                  {s.name}
                  {s.id === currentId && <span className="schedule-list__current"> (geladen)</span>}
                </span>
                {s.description && <span className="schedule-list__description">{s.description}</span>}
                <span className="schedule-list__date">{when(s)}</span>
              </div>
              <div className="schedule-list__actions">
                <Button
                  size="sm"
                  loading={loadingId === s.id}
                  disabled={busy !== null}
                  onClick={() => {
                    setLoadingId(s.id);
                    void onLoad(s).finally(() => setLoadingId(null));
                  }}
                  aria-label={`${PLANNER_TEXTS.loadButton}: ${s.name}`}
                >
                  {PLANNER_TEXTS.loadButton}
                </Button>
                <Button size="sm" variant="ghost" disabled={busy !== null} onClick={() => setConfirm(s)} aria-label={`${PLANNER_TEXTS.delete}: ${s.name}`}>
                  {PLANNER_TEXTS.delete}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
