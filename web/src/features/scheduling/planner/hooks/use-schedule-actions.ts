import { scheduling } from '@stundenplan/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { call, errorMessage, isApiError } from '../../../../shared/api/client';
import { semesterQuery } from '../../../../shared/data/semester';
import { useLatest } from '../../../../shared/hooks/use-latest';
import { toast } from '../../../../shared/toast';
import { defaultScheduleName } from '../model/names';
import { buildSavePayload, planFromSaved, type SavePayload } from '../model/schedule-forms';
import { PLANNER_TEXTS } from '../model/texts';
import { scheduleIdByName, type SavedSchedule, useDeleteSchedule, useSaveSchedule, useSendSchedule } from './schedule-mutations';
import type { PlannerMember, ScheduleSummary } from '../model/types';
import { exportablePlan, requestPdf, type PdfInput } from './pdf-export';
import type { PlanActions, PlanState } from './use-plan-state';
import type { SendOptions } from '../components/SaveDialog';
import { useSemesterCost } from './use-semester-cost';
import { saveFile } from '../../../../shared/save-file';

export type SaveMode = 'save' | 'send';

export interface SaveDialogState {
  mode: SaveMode;
  name: string;
  description: string;
  error: string | null;
}

export interface OverwriteState {
  existingId: string | null;
  payload: SavePayload;
  mode: SaveMode;
  pdf: Blob | null;
}

interface Deps {
  classId: string;
  className: string;
  members: readonly PlannerMember[];
  state: PlanState;
  actions: PlanActions;
  pdfInput: () => PdfInput;
}

/** docs/product/errors.md: 'Fehler: {message}' from the first msg of a list detail; null for other errors. */
function listDetailMessage(e: unknown): string | null {
  if (!isApiError(e)) return null;
  const d = e.detail;
  if (Array.isArray(d) && d[0] && typeof d[0] === 'object' && typeof (d[0] as { msg?: unknown }).msg === 'string')
    return `Fehler: ${(d[0] as { msg: string }).msg}`;
  return null;
}

function detailMessage(e: unknown, fallback: string): string {
  if (isApiError(e)) return listDetailMessage(e) ?? (e.message || fallback);
  return errorMessage(e, fallback);
}

/** Save, overwrite, load, delete, PDF download and send (docs/product/planning.md "Schedule save", "Send", "Loading a schedule"). */
export function useScheduleActions(deps: Deps) {
  const depsRef = useLatest(deps);
  const { classId } = deps;
  const [saveDialog, setSaveDialog] = useState<SaveDialogState | null>(null);
  const [overwrite, setOverwrite] = useState<OverwriteState | null>(null);
  const save = useSaveSchedule(classId);
  const send = useSendSchedule(classId);
  const remove = useDeleteSchedule(classId);
  const queryClient = useQueryClient();
  // The PDF names the class's semester: read (fresh) right before rendering; without one, or when it cannot be read, none.
  const withSemester = useCallback(
    async (input: PdfInput): Promise<PdfInput> =>
      classId ? { ...input, semester: await queryClient.fetchQuery(semesterQuery(classId)).catch(() => null) } : input,
    [classId, queryClient],
  );
  const renderPdf = useMutation({ mutationFn: async (input: PdfInput) => requestPdf(await withSemester(input)) });
  const download = useMutation({ mutationFn: async (input: PdfInput) => saveFile(await requestPdf(await withSemester(input)), 'stundenplan.pdf') });
  const { mutateAsync: persistAsync } = save;
  const { mutateAsync: sendAsync } = send;
  const { mutateAsync: renderPdfAsync } = renderPdf;
  const { mutateAsync: removeAsync } = remove;
  const { mutateAsync: downloadAsync } = download;

  const payloadFor = useCallback(
    (name: string, description: string | null) => {
      const { classId, members, state } = depsRef.current;
      const { payload, dropped } = buildSavePayload({ name, description, classId, content: state.plan, memberIds: new Set(members.map((m) => m.member_id)) });
      // docs/product/planning.md: entries whose member is not in the class are dropped, logged only.
      if (dropped.length) console.warn('Stundenplan: Einträge von Mitgliedern außerhalb der Klasse wurden nicht gespeichert.', dropped);
      return payload;
    },
    [depsRef],
  );

  const persist = useCallback((payload: SavePayload, targetId: string | null) => persistAsync({ payload, targetId }), [persistAsync]);

  // Last day of the lessons in the students' calendar files and the personal message, chosen in the send dialog.
  const calendarUntilRef = useRef<string | null>(null);
  const messageRef = useRef<string | null>(null);

  /** After a successful save: state, list, toast and (send mode) the mail. */
  const finish = useCallback(
    async (summary: SavedSchedule, mode: SaveMode, pdf: Blob | null) => {
      depsRef.current.actions.saved({ id: summary.id || null, name: summary.name, description: summary.description ?? null });
      if (mode === 'save') {
        toast.success(PLANNER_TEXTS.saved);
        return;
      }
      const count = await sendAsync({ pdf: pdf!, scheduleName: summary.name, until: calendarUntilRef.current, message: messageRef.current });
      toast.success(PLANNER_TEXTS.sent(count));
    },
    [depsRef, sendAsync],
  );

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
      calendarUntilRef.current = send?.until.trim() || null;
      messageRef.current = send?.message.trim() || null;
      if (!name.trim()) {
        setSaveDialog({ ...dialog, name, description, error: PLANNER_TEXTS.nameRequired });
        return;
      }
      if (!depsRef.current.classId) {
        setSaveDialog({ ...dialog, name, description, error: PLANNER_TEXTS.noClass });
        return;
      }
      setSaveDialog({ ...dialog, name, description, error: null });
      const payload = payloadFor(name, description);
      let pdf: Blob | null = null;
      try {
        if (dialog.mode === 'send') pdf = await renderPdfAsync({ ...depsRef.current.pdfInput(), scheduleName: name });
        const result = await persist(payload, depsRef.current.state.current.id);
        if (result.kind === 'conflict') {
          setSaveDialog(null);
          setOverwrite({ existingId: result.existingId, payload, mode: dialog.mode, pdf });
          return;
        }
        await finish(result.summary, dialog.mode, pdf);
        setSaveDialog(null);
      } catch (e) {
        if (isApiError(e) && e.kind === 'aborted') return;
        const fallback = dialog.mode === 'send' ? PLANNER_TEXTS.sendFailed : PLANNER_TEXTS.saveFailed;
        toast.error(listDetailMessage(e) ?? fallback);
        setSaveDialog((d) => (d ? { ...d, error: detailMessage(e, fallback) } : d));
      }
    },
    [saveDialog, depsRef, payloadFor, persist, renderPdfAsync, finish],
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

  /** Non-interactive save (unsaved-changes guard, blur of name or description): true when saved. */
  const saveNow = useCallback(
    async (meta?: { name: string | null; description: string | null }): Promise<boolean> => {
      const { state, className } = depsRef.current;
      const name = (meta?.name ?? state.current.name ?? '').trim() || defaultScheduleName(className, new Date());
      const description = meta ? meta.description : state.current.description;
      const payload = payloadFor(name, description);
      try {
        const result = await persist(payload, state.current.id);
        if (result.kind === 'conflict') {
          setOverwrite({ existingId: result.existingId, payload, mode: 'save', pdf: null });
          return false;
        }
        await finish(result.summary, 'save', null);
        return true;
      } catch (e) {
        toast.error(listDetailMessage(e) ?? PLANNER_TEXTS.saveFailed);
        console.warn('Stundenplan speichern fehlgeschlagen', e);
        return false;
      }
    },
    [depsRef, payloadFor, persist, finish],
  );

  /** docs/product/planning.md: saving is also triggered by blur of the name or description field when they changed. */
  const changeMeta = useCallback(
    (name: string, description: string) => {
      const { state, actions } = depsRef.current;
      const nextName = name.trim() || null;
      const nextDescription = description.trim() || null;
      if (nextName === state.current.name && nextDescription === state.current.description) return;
      actions.setMeta(nextName, nextDescription);
      if (state.current.id && nextName) void saveNow({ name: nextName, description: nextDescription });
    },
    [depsRef, saveNow],
  );

  const loadSchedule = useCallback(
    async (id: string): Promise<boolean> => {
      const { members, actions } = depsRef.current;
      try {
        const detail = await call(scheduling.getSchedule, { params: { scheduleId: id } });
        if (!detail) return false;
        const plan = planFromSaved(detail.available_times, members, detail.pinned);
        actions.load(plan, { id: detail.id, name: detail.name.trim() || null, description: detail.description?.trim() || null });
        return true;
      } catch (e) {
        if (isApiError(e) && e.kind === 'aborted') return false;
        toast.error(PLANNER_TEXTS.loadFailed(errorMessage(e)));
        return false;
      }
    },
    [depsRef],
  );

  const deleteSchedule = useCallback(
    async (schedule: ScheduleSummary): Promise<boolean> => {
      try {
        await removeAsync(schedule);
        const { state, actions } = depsRef.current;
        if (state.current.id === schedule.id) actions.detach();
        actions.dropBase(schedule.id);
        toast.success(PLANNER_TEXTS.deleted);
        return true;
      } catch (e) {
        toast.error(PLANNER_TEXTS.deleteFailed);
        console.warn('Stundenplan löschen fehlgeschlagen', e);
        return false;
      }
    },
    [depsRef, removeAsync],
  );

  const downloadPdf = useCallback(async () => {
    const input = depsRef.current.pdfInput();
    if (!exportablePlan(input)) {
      toast.error(PLANNER_TEXTS.nothingToExport);
      return;
    }
    try {
      await downloadAsync(input);
    } catch (e) {
      if (isApiError(e) && e.kind === 'aborted') return;
      console.warn('PDF Export fehlgeschlagen', e);
      toast.error(PLANNER_TEXTS.pdfFailed);
      window.alert(PLANNER_TEXTS.pdfAlert);
    }
  }, [depsRef, downloadAsync]);

  const saveBusy = renderPdf.isPending || save.isPending || send.isPending;
  const semesterCost = useSemesterCost(classId, saveDialog?.mode === 'send', deps.state.plan, deps.members);
  return {
    saveDialog,
    semesterCost,
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
    loadSchedule,
    deleteSchedule,
    downloadPdf,
    pdfBusy: download.isPending,
    deletingId: remove.isPending ? (remove.variables?.id ?? null) : null,
  };
}
