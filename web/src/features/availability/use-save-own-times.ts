// PUT me/available-times as a mutation: the stored answer replaces the cached own times.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../shared/data/query-keys';
import type { WeekTimes } from './preferred/preferred-times';
import { saveOwnTimes } from './student-times-api';

/** Answers null when the session had expired (the draft is then kept, nothing is cached). */
export function useSaveOwnTimes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (times: WeekTimes) => saveOwnTimes(times),
    onSuccess: (result) => {
      if (result) queryClient.setQueryData(queryKeys.ownTimes, result);
    },
  });
}
