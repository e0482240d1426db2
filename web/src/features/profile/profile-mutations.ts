// Writes of the profile page (docs/product/accounts.md): each a mutation whose isPending drives its button.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import { queryKeys } from '../../shared/data/query-keys';
import { profileApi } from './profile-api';

/** Deletes the account; the caller clears the session. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: () => profileApi.deleteAccount() });
}

/** A new private calendar link (replacing an old one); the status is read again. */
export function useCreateCalendarSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ url: string; message?: string }>('me/calendar-subscription', undefined, { abortPrevious: false }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.calendarSubscription }),
  });
}

/** Revokes the private calendar link; the status is read again. */
export function useRevokeCalendarSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ message?: string }>('me/calendar-subscription'),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.calendarSubscription }),
  });
}
