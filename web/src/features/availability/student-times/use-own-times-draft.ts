// The student's edited times: kept in the browser across an expired session, saved or discarded, guarded on leaving.
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session-context';
import { toast } from '../../../shared/toast/toast-store';
import { useUnsavedChangesGuard } from '../../../shared/unsaved/use-unsaved-changes-guard';
import { EMPTY_TIMES, sameTimes, type WeekTimes } from '../preferred/preferred-times';
import type { OwnTimes } from '../student-times-api';
import { clearDraft, draftKey, readDraft, writeDraft } from '../unsaved-draft';
import { useSaveOwnTimes } from '../use-save-own-times';
import { STUDENT_TIMES_TEXTS } from './student-times-texts';

/** Logs 'Failed to save times' (docs/product/errors.md) and tells the user what went wrong. */
function reportSaveFailure(error: unknown): void {
  console.error('Failed to save times', error);
  toast.error(`Speichern fehlgeschlagen: ${errorMessage(error, 'Ein unbekannter Fehler ist aufgetreten.')}`);
}

/**
 * Unsaved times survive an expired session: restored once after loading. The browser's copy follows the user's
 * own actions (an edit writes it, saving or discarding drops it) in their event handlers, not in an effect after
 * the next render: a discard that lets a navigation go on unmounts the page, and an effect may never run then.
 */
function useKeptDraft(saved: WeekTimes | null, locked: boolean, restore: (kept: WeekTimes) => void) {
  const storageKey = draftKey(useSession().user?.email);
  const restoreDone = useRef(false);
  useEffect(() => {
    if (restoreDone.current || !saved) return;
    restoreDone.current = true;
    const kept = readDraft(storageKey);
    if (kept && !locked && !sameTimes(kept, saved)) restore(kept);
    else clearDraft(storageKey);
  }, [saved, locked, storageKey, restore]);
  const keep = useCallback(
    (draft: WeekTimes) => {
      if (saved && !sameTimes(draft, saved)) writeDraft(storageKey, draft);
      else clearDraft(storageKey);
    },
    [saved, storageKey],
  );
  const drop = useCallback(() => clearDraft(storageKey), [storageKey]);
  return { keep, drop };
}

/** The draft over the saved times; `locked` (deadline passed) shows only the saved ones. */
export function useOwnTimesDraft(own: OwnTimes | undefined, locked: boolean) {
  const [edited, setDraft] = useState<WeekTimes | null>(null);
  const draft = locked ? null : edited;
  const [restored, setRestored] = useState(false);
  const saveMutation = useSaveOwnTimes();
  const { mutateAsync: saveTimes } = saveMutation;

  const saved = own?.times ?? null;
  const current = draft ?? saved ?? EMPTY_TIMES;
  const dirty = !!draft && !!saved && !sameTimes(draft, saved);
  const restore = useCallback((kept: WeekTimes) => {
    setDraft(kept);
    setRestored(true);
  }, []);
  const { keep, drop } = useKeptDraft(saved, locked, restore);
  const edit = useCallback(
    (next: WeekTimes) => {
      setDraft(next);
      keep(next);
    },
    [keep],
  );

  const save = useCallback(async (): Promise<boolean> => {
    if (!draft || !own) return true;
    try {
      const result = await saveTimes(draft);
      // null: the session ran out and the expired-session flow took over; the draft stays kept.
      if (!result) return false;
      drop();
      setDraft(null);
      setRestored(false);
      toast.success(own.lastModified ? STUDENT_TIMES_TEXTS.updated : STUDENT_TIMES_TEXTS.saved);
      return true;
    } catch (error) {
      reportSaveFailure(error);
      return false;
    }
  }, [draft, own, saveTimes, drop]);

  const discard = useCallback(() => {
    drop();
    setDraft(null);
    setRestored(false);
  }, [drop]);
  const guard = useUnsavedChangesGuard({ when: dirty, onSave: save, onDiscard: discard });

  return { saved, current, dirty, restored, setDraft: edit, save, discard, saving: saveMutation.isPending, guardDialog: guard.dialog };
}

export type OwnTimesDraft = ReturnType<typeof useOwnTimesDraft>;
