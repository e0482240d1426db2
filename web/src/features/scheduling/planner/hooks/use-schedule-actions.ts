import { useCallback, useState } from 'react';
import { useLatest } from '../../../../shared/hooks/use-latest';
import { toast } from '../../../../shared/toast';
import type { SendOptions } from '../components/SendRecipients';
import { defaultScheduleName } from '../model/names';
import { PLANNER_TEXTS } from '../model/texts';
import { exportablePlan, type PdfInput } from './pdf-export';
import { scheduleIdByName } from './schedule-mutations';
import { detailMessage, listDetailMessage, wasAborted } from './save-errors';
import { usePdfActions } from './use-pdf-actions';
import { useScheduleLibrary } from './use-schedule-library';
import { type OverwriteState, type SaveMode, type ScheduleDeps, useSchedulePersist } from './use-schedule-persist';
import { useSemesterCost } from './use-semester-cost';
import { useSendCounts } from './use-send-counts';

export type { OverwriteState, SaveMode } from './use-schedule-persist';

export interface SaveDialogState {
  mode: SaveMode;
  name: string;
  description: string;
  error: string | null;
}

interface Deps extends ScheduleDeps {
  pdfInput: () => PdfInput;
}

/** Save, overwrite, load, delete, PDF download and send (docs/product/planning.md "Schedule save", "Send", "Loading a schedule"). */
export function useScheduleActions(deps: Deps) {
  const depsRef = useLatest(deps);
  const [saveDialog, setSaveDialog] = useState<SaveDialogState | null>(null);
  const [overwrite, setOverwrite] = useState<OverwriteState | null>(null);
  const pdf = usePdfActions(deps.classId, deps.pdfInput);
  const library = useScheduleLibrary(deps);
  const { payloadFor, persist, finish, rememberSend, saveNow, changeMeta, busy } = useSchedulePersist({ ...deps, onConflict: setOverwrite });
  const { renderPdf } = pdf;

  const openSave = useCallback(
    (mode: SaveMode) => {
      const { state, className } = depsRef.current;
      if (mode === 'send' && !exportablePlan(depsRef.current.pdfInput())) {
        toast.error(PLANNER_TEXTS.nothingToExport);
        return;
      }
      setSaveDialog({
        mode,
        name: state.current.name?.trim() || defaultScheduleName(className, new Date()),
        description: state.current.description ?? '',
        error: null,
      });
    },
    [depsRef],
  );

  const submitSave = useCallback(
    async (name: string, description: string, send?: SendOptions) => {
      const dialog = saveDialog;
      if (!dialog) return;
      rememberSend(send);
      const error = !name.trim() ? PLANNER_TEXTS.nameRequired : !depsRef.current.classId ? PLANNER_TEXTS.noClass : null;
      setSaveDialog({ ...dialog, name, description, error });
      if (error) return;
      const payload = payloadFor(name, description);
      let file: Blob | null = null;
      try {
        if (dialog.mode === 'send') file = await renderPdf({ ...depsRef.current.pdfInput(), scheduleName: name });
        const result = await persist(payload, depsRef.current.state.current.id);
        if (result.kind === 'conflict') {
          setSaveDialog(null);
          setOverwrite({ existingId: result.existingId, payload, mode: dialog.mode, pdf: file });
          return;
        }
        await finish(result.summary, dialog.mode, file);
        setSaveDialog(null);
      } catch (e) {
        if (wasAborted(e)) return;
        const fallback = dialog.mode === 'send' ? PLANNER_TEXTS.sendFailed : PLANNER_TEXTS.saveFailed;
        toast.error(listDetailMessage(e) ?? fallback);
        setSaveDialog((d) => (d ? { ...d, error: detailMessage(e, fallback) } : d));
      }
    },
    [saveDialog, depsRef, rememberSend, payloadFor, persist, renderPdf, finish],
  );

  const confirmOverwrite = useCallback(async () => {
    const o = overwrite;
    if (!o) return;
    try {
      const existingId = o.existingId ?? (await scheduleIdByName(depsRef.current.classId, o.payload.name));
      const result = await persist(o.payload, existingId);
      if (result.kind === 'conflict') throw new Error(PLANNER_TEXTS.overwriteAsk);
      await finish(result.summary, o.mode, o.pdf);
      setOverwrite(null);
    } catch (e) {
      setOverwrite(null);
      toast.error(o.mode === 'send' ? PLANNER_TEXTS.sendFailed : PLANNER_TEXTS.saveFailed);
      console.warn('Stundenplan überschreiben fehlgeschlagen', e);
    }
  }, [overwrite, depsRef, persist, finish]);

  const saveBusy = pdf.rendering || busy;
  const semesterCost = useSemesterCost(deps.classId, saveDialog?.mode === 'send', deps.state.plan, deps.members);
  const sendCounts = useSendCounts(deps.classId, saveDialog?.mode === 'send', deps.state.plan, deps.members);
  return {
    saveDialog,
    semesterCost,
    sendCounts,
    saveBusy: saveDialog !== null && saveBusy,
    openSave,
    submitSave,
    closeSave: useCallback(() => setSaveDialog(null), []),
    overwrite,
    overwriteBusy: overwrite !== null && saveBusy,
    confirmOverwrite,
    cancelOverwrite: useCallback(() => setOverwrite(null), []),
    saveNow,
    changeMeta,
    ...library,
    downloadPdf: pdf.downloadPdf,
    pdfBusy: pdf.downloading,
  };
}
