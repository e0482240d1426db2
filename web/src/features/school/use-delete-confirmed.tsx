// Deleting a site or a room after the styled confirmation; the API's German refusal (e.g. 409 for a site with
// rooms) is kept as `error` for the card to show.
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/client';
import { toast } from '../../shared/toast/toast-store';
import { useConfirm } from '../../shared/ui/use-confirm';
import { SCHOOL_TEXTS as T } from './school-texts';

export function useDeleteConfirmed(mutation: UseMutationResult<{ message: string } | undefined, Error, string>) {
  const { confirm, dialog } = useConfirm();
  const [error, setError] = useState<string | null>(null);
  const remove = async (id: string, title: string, message: string) => {
    if (!(await confirm({ title, message, confirmLabel: T.remove, danger: true }))) return;
    setError(null);
    mutation.mutate(id, {
      onSuccess: (answer) => toast.success(answer?.message ?? T.remove),
      onError: (e) => setError(errorMessage(e)),
    });
  };
  return { remove, error, dialog };
}
