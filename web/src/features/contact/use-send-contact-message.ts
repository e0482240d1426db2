// POST contact (docs/product/documents.md): the message to the operators, as a mutation whose isPending drives the button.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../shared/api/client';
import type { ContactMessage } from './contact-model';

export function useSendContactMessage() {
  return useMutation({ mutationFn: (message: ContactMessage) => api.post('contact', message, { authRedirect: false }) });
}
