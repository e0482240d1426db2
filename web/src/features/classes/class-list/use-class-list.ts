import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { myClassesQuery } from '../../../shared/data/classes';
import { queryKeys } from '../../../shared/data/query-keys';
import { CLASSES_UPDATED_EVENT, REFETCH_AFTER_CREATE_MS } from '../class-queries';
import type { NewClassInput } from '../classes-api';
import { useCreateClass, useLocalClasses } from '../class-mutations';
import type { ClassDto } from '../classes-api';

/** The class list with optimistic creation, delayed re-fetches and the window events (docs/product/classes.md). */
export function useClassList() {
  const queryClient = useQueryClient();
  // Students enter times on their own devices: coming back to the tab shows the current 'x von y haben Zeiten eingetragen'.
  const query = useQuery({ ...myClassesQuery(), refetchOnWindowFocus: 'always' });
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
