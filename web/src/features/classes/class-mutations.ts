// Writes on the teacher's classes (docs/product/classes.md): each a mutation that updates the shared class list.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../shared/data/query-keys';
import { classesApi, type ClassDto } from './classes-api';

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
