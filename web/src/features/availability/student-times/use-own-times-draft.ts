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

/** Unsaved times survive an expired session: restored once after loading, kept while they differ. */
function useKeptDraft(saved: WeekTimes | null, draft: WeekTimes | null, dirty: boolean, restore: (kept: WeekTimes) => void): void {
  const storageKey = draftKey(useSession().user?.email);
  const restoreDone = useRef(false);
  useEffect(() => {
    if (restoreDone.current || !saved) return;
    restoreDone.current = true;
    const kept = readDraft(storageKey);
    if (kept && !sameTimes(kept, saved)) restore(kept);
    else clearDraft(storageKey);
  }, [saved, storageKey, restore]);
  useEffect(() => {
    // No saved times (the expired-session flow dropped the cache): the kept draft stays for the next visit.
    if (!restoreDone.current || !saved) return;
    if (dirty && draft) writeDraft(storageKey, draft);
    else clearDraft(storageKey);
  }, [dirty, draft, saved, storageKey]);
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
  useKeptDraft(saved, draft, dirty, restore);

  const save = useCallback(async (): Promise<boolean> => {
    if (!draft || !own) return true;
    try {
      const result = await saveTimes(draft);
      // null: the session ran out and the expired-session flow took over; the draft stays kept.
      if (!result) return false;
      setDraft(null);
      setRestored(false);
      toast.success(own.lastModified ? STUDENT_TIMES_TEXTS.updated : STUDENT_TIMES_TEXTS.saved);
      return true;
    } catch (error) {
      reportSaveFailure(error);
      return false;
    }
  }, [draft, own, saveTimes]);

  const discard = useCallback(() => {
    setDraft(null);
    setRestored(false);
  }, []);
  const guard = useUnsavedChangesGuard({ when: dirty, onSave: save, onDiscard: discard });

  return { saved, current, dirty, restored, setDraft, save, discard, saving: saveMutation.isPending, guardDialog: guard.dialog };
}

export type OwnTimesDraft = ReturnType<typeof useOwnTimesDraft>;
