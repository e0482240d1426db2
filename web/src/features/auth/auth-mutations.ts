// Writes of the account pages (docs/product/accounts.md): each a mutation whose isPending drives its button.
import { useMutation } from '@tanstack/react-query';
import { resendConfirmation } from '../../shared/session/login';
import { authApi, updatePasswordUrl, type RegisterBody } from './auth-api';

/** Mails a link to set a new password to the given (normalised) address. */
export function usePasswordResetMail() {
  return useMutation({ mutationFn: (email: string) => authApi.forgotPassword(email, updatePasswordUrl()) });
}

/** Creates the account. */
export function useRegister() {
  return useMutation({ mutationFn: (body: RegisterBody) => authApi.register(body) });
}

/** Sets the new password of a reset link. */
export function useUpdatePassword() {
  return useMutation({ mutationFn: ({ token, password }: { token: string; password: string }) => authApi.updatePassword(token, password) });
}

/** Sends the confirmation mail again (the login's credentials prove the account). */
export function useResendConfirmation() {
  return useMutation({ mutationFn: ({ email, password }: { email: string; password: string }) => resendConfirmation(email, password) });
}
