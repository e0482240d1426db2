import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/client';
import type { Notice } from './LessonNotice';
import { useRefreshLessons } from './use-refresh-lessons';

interface Options<A> {
  /** Sends the cancellation; `reason` is there only when one was written. */
  send: (reason: { reason?: string }) => Promise<A>;
  /** The notice the answer leaves in the page. */
  notice: (answer: A) => Notice;
  onDone: (notice: Notice) => void;
  onClose: () => void;
}

/**
 * The request of a cancel dialog with its optional reason: on success the notice goes to the page, the lessons are
 * read again and the dialog closes; a refusal stays in the dialog as `error`.
 */
export function useCancelRequest<A>({ send, notice, onDone, onClose }: Options<A>) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refresh = useRefreshLessons();
  const mutation = useMutation({
    mutationFn: () => send(reason.trim() ? { reason: reason.trim() } : {}),
    onSuccess: async (answer: A) => {
      onDone(notice(answer));
      await refresh();
      onClose();
    },
    onError: (e) => setError(errorMessage(e)),
  });
  return { reason, setReason, error, mutation };
}
