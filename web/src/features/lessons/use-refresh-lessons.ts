import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { lessonKeys } from './lessons-api';

const sameKey = (a: QueryKey, b: QueryKey) => a.length === b.length && a.every((part, i) => part === b[i]);

/**
 * Reloads every lesson query after a change (dates, make-ups and swap requests move together); `except` is left
 * alone (a booked make-up's suggestions: asking for them again is refused).
 */
export function useRefreshLessons() {
  const qc = useQueryClient();
  return (except?: QueryKey) => qc.invalidateQueries({ queryKey: lessonKeys.all, ...(except ? { predicate: (q) => !sameKey(q.queryKey, except) } : {}) });
}
