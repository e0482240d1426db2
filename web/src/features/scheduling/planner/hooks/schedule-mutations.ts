// Writes on the saved schedules of a class (docs/product/planning.md "Schedule save", "Loading a schedule"): each a
// mutation that refreshes the shared schedules key of the class.
import { notification, scheduling } from '@stundenplan/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, isApiError } from '../../../../shared/api/client';
import { queryKeys } from '../../../../shared/data/query-keys';
import type { SendRecipients } from '../components/SendRecipients';
import type { SavePayload } from '../model/schedule-forms';
import type { ScheduleSummary } from '../model/types';

/** What the planner keeps of a saved schedule. */
export type SavedSchedule = Pick<ScheduleSummary, 'id' | 'name' | 'description'>;

export type PersistResult = { kind: 'saved'; summary: SavedSchedule } | { kind: 'conflict'; existingId: string | null };

/**
 * Create (no id yet) or upsert `targetId` (PUT: the server updates it, or creates it again when it was deleted
 * meanwhile); a same-name 409 is a conflict.
 */
export async function persistSchedule(classId: string, payload: SavePayload, targetId: string | null): Promise<PersistResult> {
  try {
    const answer = targetId
      ? await call(scheduling.putSchedule, { params: { classId, scheduleId: targetId }, body: payload })
      : await call(scheduling.createSchedule, { params: { classId }, body: payload });
    // No answer: the session ended meanwhile (the browser is on its way to the start page).
    return { kind: 'saved', summary: answer ?? { id: targetId ?? '', name: payload.name, description: payload.description ?? null } };
  } catch (e) {
    if (isApiError(e) && e.status === 409) {
      const body = e.body as { existing_id?: unknown } | undefined;
      return { kind: 'conflict', existingId: typeof body?.existing_id === 'string' ? body.existing_id : null };
    }
    throw e;
  }
}

/** The id of the saved schedule called `name`, from a fresh list. */
export async function scheduleIdByName(classId: string, name: string): Promise<string | null> {
  const list = await call(scheduling.listClassSchedules, { params: { classId } });
  return list?.schedules.find((s) => s.name.trim() === name)?.id ?? null;
}

/** Save or upsert one schedule; the class's schedule list is refreshed after every saved one. */
export function useSaveSchedule(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payload, targetId }: { payload: SavePayload; targetId: string | null }) => persistSchedule(classId, payload, targetId),
    onSuccess: (result) => {
      if (result.kind === 'saved') void queryClient.invalidateQueries({ queryKey: queryKeys.schedules(classId) });
    },
  });
}

/** docs/product/planning.md "Send": the PDF to the class (all, or those whose lessons changed); answers who got it and who was left out. */
export function useSendSchedule(classId: string) {
  return useMutation({
    mutationFn: async ({
      pdf,
      scheduleName,
      until,
      message,
      recipients,
    }: {
      pdf: Blob;
      scheduleName: string;
      until: string | null;
      message: string | null;
      recipients: SendRecipients;
    }) => {
      const form = new FormData();
      form.append('pdf', new File([pdf], 'stundenplan.pdf', { type: 'application/pdf' }));
      form.append('class_id', classId);
      form.append('schedule_name', scheduleName);
      if (until) form.append('until', until);
      // The personal message of the schedule mail ('Nachricht von …', docs/product/documents.md).
      if (message) form.append('message', message);
      // Sent explicitly: without it the server mails everyone (the SPEC's form).
      form.append('recipients', recipients);
      const answer = await call(notification.sendSchedule, { body: form }, { timeoutMs: 60_000 });
      return { count: answer?.recipient_count ?? 0, skipped: answer?.skipped_count ?? 0 };
    },
  });
}

export function useDeleteSchedule(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (schedule: ScheduleSummary) => call(scheduling.deleteSchedule, { params: { classId, scheduleId: schedule.id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.schedules(classId) }),
  });
}
