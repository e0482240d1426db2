import { useQueryClient } from '@tanstack/react-query';
import { lessonKeys } from './lessons-api';

/** Reloads every lesson query after a change (dates, make-ups and swap requests move together). */
export function useRefreshLessons() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: lessonKeys.all });
}
