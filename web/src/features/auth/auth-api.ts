// Calls and answer shapes of the auth pages (docs/product/api.md "Session and account").
import { api, withQuery } from '../../shared/api/client';

export interface Institution {
  id: number | string;
  name: string;
  students_mail: string | null;
  teachers_mail: string | null;
}

export interface RegisterShortcutInfo {
  valid: boolean;
  class_id: string;
  teacher_name: string | null;
  institution_name: string | null;
  institution_id: number | string | null;
  class_name: string | null;
  class_description: string | null;
}

export interface MemberValidation {
  valid: boolean;
  name: string | null;
  email: string | null;
  duration: number | null;
}

export interface RegisterBody {
  email: string;
  password: string;
  name: string;
  registerShortcut: string | null;
  role_id: number | null;
  institution_id: number | string | null;
  duration: number | null;
  memberId: string | null;
}

// Public pages: a 401 here is an answer, not an expired session.
const PUBLIC = { authRedirect: false } as const;

export const authApi = {
  institutions: (signal?: AbortSignal) => api.get<Institution[]>('institutions', { ...PUBLIC, signal }),
  validateShortcut: (shortcut: string, signal?: AbortSignal) =>
    api.get<RegisterShortcutInfo>(`auth/validate-register-shortcut/${encodeURIComponent(shortcut)}`, { ...PUBLIC, signal }),
  validateMember: (memberId: string, classId: string, signal?: AbortSignal) =>
    api.get<MemberValidation>(withQuery('auth/validate-member-id', { member_id: memberId, class_id: classId }), { ...PUBLIC, signal }),
  register: (body: RegisterBody) => api.post<{ message?: string }>('auth/register', body, PUBLIC),
  forgotPassword: (email: string, redirectTo: string) => api.post<{ message?: string }>('auth/forgot-password', { email, redirectTo }, PUBLIC),
  checkResetToken: (token: string, signal?: AbortSignal) => api.post<{ valid?: boolean }>('auth/check-reset-token', { token }, { ...PUBLIC, signal }),
  updatePassword: (token: string, password: string) => api.post<{ message?: string }>('auth/update-password', { token, password }, PUBLIC),
  confirmEmail: (token: string, signal?: AbortSignal) => api.post<{ message?: string }>('auth/confirm-email', { token }, { ...PUBLIC, signal }),
};

/** The link in the reset mail leads here. */
export function updatePasswordUrl(): string {
  return `${window.location.origin}/update-password`;
}
