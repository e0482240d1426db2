import type { ReactNode } from 'react';
import { Dialog } from '../../shared/ui/Dialog';
import { CancelFooter, CancelReason } from './CancelDialogParts';
import type { Notice } from './LessonNotice';
import { useCancelRequest } from './use-cancel-request';

interface Props<A> {
  title: string;
  description: string;
  /** What the dialog says before the reason. */
  children: ReactNode;
  reason: { label: string; placeholder?: string; rows: number };
  cancelLabel: string;
  confirmLabel: string;
  confirmDisabled?: boolean;
  send: (reason: { reason?: string }) => Promise<A>;
  notice: (answer: A) => Notice;
  onDone: (notice: Notice) => void;
  onClose: () => void;
}

/** A dialog that cancels lessons: what happens, an optional reason, and the buttons; the answer becomes a notice. */
export function CancelDialog<A>({ title, description, children, reason, cancelLabel, confirmLabel, confirmDisabled, send, notice, onDone, onClose }: Props<A>) {
  const request = useCancelRequest({ send, notice, onDone, onClose });
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={description}
      footer={
        <CancelFooter
          cancelLabel={cancelLabel}
          confirmLabel={confirmLabel}
          onClose={onClose}
          onConfirm={() => request.mutation.mutate()}
          pending={request.mutation.isPending}
          disabled={confirmDisabled}
        />
      }
    >
      {children}
      <CancelReason {...reason} value={request.reason} onChange={request.setReason} error={request.error} />
    </Dialog>
  );
}
