import { useCallback, useRef } from 'react';
import { useLatest } from '../../../../shared/hooks/use-latest';
import { toast } from '../../../../shared/toast';
import { SEND_RECIPIENT_TEXTS, type SendOptions, type SendRecipients } from '../components/SendRecipients';
import { defaultScheduleName } from '../model/names';
import { buildSavePayload, type SavePayload } from '../model/schedule-forms';
import { PLANNER_TEXTS } from '../model/texts';
import type { PlannerMember } from '../model/types';
import { type SavedSchedule, useSaveSchedule, useSendSchedule } from './schedule-mutations';
import { listDetailMessage } from './save-errors';
import type { PlanActions, PlanState } from './use-plan-state';

export type SaveMode = 'save' | 'send';

export interface OverwriteState {
  existingId: string | null;
  payload: SavePayload;
  mode: SaveMode;
  pdf: Blob | null;
}

/** What the planner's schedule hooks work on: the class, its members and the plan. */
export interface ScheduleDeps {
  classId: string;
  className: string;
  members: readonly PlannerMember[];
  state: PlanState;
  actions: PlanActions;
}

interface Deps extends ScheduleDeps {
  /** A same-name schedule exists: ask before overwriting it. */
  onConflict: (overwrite: OverwriteState) => void;
}

/** Writing the plan: its body, the save or upsert, what follows a save (toast, mail), and the saves without a dialog. */
export function useSchedulePersist(deps: Deps) {
  const depsRef = useLatest(deps);
  const save = useSaveSchedule(deps.classId);
  const send = useSendSchedule(deps.classId);
  const { mutateAsync: persistAsync } = save;
  const { mutateAsync: sendAsync } = send;
  // Last day of the lessons in the students' calendar files and the personal message, chosen in the send dialog.
  const sendOptions = useRef<{ until: string | null; message: string | null; recipients: SendRecipients }>({
    until: null,
    message: null,
    recipients: 'changed',
  });
  const rememberSend = useCallback((options?: SendOptions) => {
    sendOptions.current = { until: options?.until.trim() || null, message: options?.message.trim() || null, recipients: options?.recipients ?? 'changed' };
  }, []);

  const payloadFor = useCallback(
    (name: string, description: string | null) => {
      const { classId, members, state } = depsRef.current;
      const { payload, dropped } = buildSavePayload({
        name,
        description,
        classId,
        content: state.plan,
        memberIds: new Set(members.map((m) => m.member_id)),
        withRooms: state.withRooms,
      });
      // docs/product/planning.md: entries whose member is not in the class are dropped, logged only.
      if (dropped.length) console.warn('Stundenplan: Einträge von Mitgliedern außerhalb der Klasse wurden nicht gespeichert.', dropped);
      return payload;
    },
    [depsRef],
  );

  const persist = useCallback((payload: SavePayload, targetId: string | null) => persistAsync({ payload, targetId }), [persistAsync]);

  /** After a successful save: state, list, toast and (send mode) the mail. */
  const finish = useCallback(
    async (summary: SavedSchedule, mode: SaveMode, pdf: Blob | null) => {
      depsRef.current.actions.saved({ id: summary.id || null, name: summary.name, description: summary.description ?? null });
      if (mode === 'save') {
        toast.success(PLANNER_TEXTS.saved);
        return;
      }
      const { until, message, recipients } = sendOptions.current;
      const sent = await sendAsync({ pdf: pdf!, scheduleName: summary.name, until, message, recipients });
      toast.success(SEND_RECIPIENT_TEXTS.sent(sent.count, sent.skipped));
    },
    [depsRef, sendAsync],
  );

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
          depsRef.current.onConflict({ existingId: result.existingId, payload, mode: 'save', pdf: null });
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

  return { payloadFor, persist, finish, rememberSend, saveNow, changeMeta, busy: save.isPending || send.isPending };
}
