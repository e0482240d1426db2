// POST contact (docs/product/documents.md): the message to the operators, as a mutation whose isPending drives the button.
import { useMutation } from '@tanstack/react-query';
import { notification } from '@stundenplan/contracts/routes';
import { call } from '../../shared/api/client';
import type { ContactMessage } from './contact-model';

export function useSendContactMessage() {
  return useMutation({ mutationFn: (message: ContactMessage) => call(notification.contact, { body: message }, { authRedirect: false }) });
}
