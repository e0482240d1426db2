import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../toast/toast-store';
import { clearSessionMarkers, describeLoginFailure, loginRequest, LOGIN_MESSAGES, postLoginPath, type LoginFailure } from './login';
import { useSession } from './session-context';

/**
 * Runs the whole login: POST auth/login, session check, toast 'Login erfolgreich' and the
 * redirect by role. Answers the failure (or null on success) for the form to show.
 */
export function useLogin() {
  const session = useSession();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: async ({ email, password }: { email: string; password: string }): Promise<LoginFailure | null> => {
      try {
        await loginRequest(email, password);
      } catch (error) {
        return describeLoginFailure(error);
      }
      const user = await session.confirmLogin();
      if (!user) return { code: 'other', message: LOGIN_MESSAGES.generic };
      const target = postLoginPath(user.role);
      clearSessionMarkers();
      toast.success(LOGIN_MESSAGES.success);
      void navigate(target, { replace: true });
      return null;
    },
  });
  const { mutateAsync } = mutation;

  const login = useCallback((email: string, password: string): Promise<LoginFailure | null> => mutateAsync({ email, password }), [mutateAsync]);

  return { login, pending: mutation.isPending };
}
