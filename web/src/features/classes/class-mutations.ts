// Writes on the teacher's classes (docs/product/classes.md): each a mutation that updates the shared class list.
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { queryKeys } from '../../shared/data/query-keys';
import { toast } from '../../shared/toast/toast-store';
import { classesApi, type ClassDto, type LocalClass, type NewClassInput } from './classes-api';
import { createClassErrorMessage } from './validation';

/** Name and description of a class; the cached list gets the answer at once. */
export function useUpdateClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ cls, body }: { cls: ClassDto; body: { name: string; description: string | null } }): Promise<ClassDto> => ({
      ...cls,
      ...body,
      ...((await classesApi.update(cls.class_id, body)) ?? {}),
    }),
    onSuccess: (updated) =>
      queryClient.setQueryData<ClassDto[]>(queryKeys.myClasses, (list) => list?.map((c) => (c.class_id === updated.class_id ? { ...c, ...updated } : c))),
  });
}

/** Class creations share this key: the ones under way or failed are the page's local rows. */
const createClassKey = ['me', 'classes', 'create'] as const;

/** docs/product/classes.md Class creation: the created class joins the cached list; a failure is announced. */
export function useCreateClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: createClassKey,
    mutationFn: (input: NewClassInput) => classesApi.create(input),
    onSuccess: (created) => {
      if (!created?.class_id) return;
      queryClient.setQueryData<ClassDto[]>(queryKeys.myClasses, (list = []) => (list.some((c) => c.class_id === created.class_id) ? list : [...list, created]));
    },
    onError: (error) => toast.error(createClassErrorMessage(error)),
  });
}

/** The optimistic rows: creations under way ('pending') and failed ones ('failed') until discarded, in creation order. */
export function useLocalClasses() {
  const queryClient = useQueryClient();
  const rows = useMutationState({
    filters: { mutationKey: createClassKey, predicate: (m) => m.state.status === 'pending' || m.state.status === 'error' },
    select: (m): LocalClass => {
      const input = m.state.variables as NewClassInput;
      return {
        class_id: `local-${m.mutationId}`,
        name: input.name,
        description: input.description,
        is_group: input.is_group,
        register_shortcut: input.register_shortcut ?? '',
        member_count: 0,
        _status: m.state.status === 'error' ? 'failed' : 'pending',
      };
    },
  });
  // A discarded row goes at once; the mutation cache tells its observers only later.
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const dismiss = useCallback(
    (classId?: string) => {
      const cache = queryClient.getMutationCache();
      for (const m of cache.findAll({ mutationKey: createClassKey, status: 'error' })) if (!classId || `local-${m.mutationId}` === classId) cache.remove(m);
    },
    [queryClient],
  );
  /** Discards one failed row. */
  const dismissLocal = useCallback(
    (classId: string) => {
      setDismissed((ids) => new Set(ids).add(classId));
      dismiss(classId);
    },
    [dismiss],
  );
  /** Discards every failed row. */
  const discardFailed = useCallback(() => dismiss(), [dismiss]);
  return { localClasses: rows.filter((c) => !dismissed.has(c.class_id)), dismissLocal, discardFailed };
}

/** Deletes a class: it leaves the cached list and its members' cache. */
export function useDeleteClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (classId: string) => classesApi.remove(classId),
    onSuccess: (_answer, classId) => {
      queryClient.setQueryData<ClassDto[]>(queryKeys.myClasses, (list) => list?.filter((c) => c.class_id !== classId));
      queryClient.removeQueries({ queryKey: queryKeys.members(classId) });
    },
  });
}
