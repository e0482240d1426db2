// Writes of the profile page (docs/product/accounts.md): each a mutation whose isPending drives its button.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notification } from '@stundenplan/contracts/routes';
import { call } from '../../shared/api/client';
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
    mutationFn: () => call(notification.createCalendarSubscription, {}, { abortPrevious: false }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.calendarSubscription }),
  });
}

/** Revokes the private calendar link; the status is read again. */
export function useRevokeCalendarSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(notification.revokeCalendarSubscription, {}),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.calendarSubscription }),
  });
}
