// Calls and answer shapes of the auth pages (docs/product/api.md "Session and account").
import type { AnswerOf } from '@stundenplan/contracts';
import { auth, classes } from '@stundenplan/contracts/routes';
import { call } from '../../shared/api/client';

export type Institution = AnswerOf<typeof auth.listInstitutions>[number];
export type RegisterShortcutInfo = AnswerOf<typeof classes.validateRegisterShortcut>;
export type MemberValidation = AnswerOf<typeof classes.validateMemberId>;

export interface RegisterBody {
  email: string;
  password: string;
  name: string;
  registerShortcut: string | null;
  role_id: number | null;
  institution_id: string | null;
  duration: number | null;
  memberId: string | null;
}

// Public pages: a 401 here is an answer, not an expired session.
const PUBLIC = { authRedirect: false } as const;

export const authApi = {
  institutions: (signal?: AbortSignal) => call(auth.listInstitutions, {}, { ...PUBLIC, signal }),
  validateShortcut: (shortcut: string, signal?: AbortSignal) =>
    call(classes.validateRegisterShortcut, { params: { code: shortcut }, query: {} }, { ...PUBLIC, signal }),
  validateMember: (memberId: string, classId: string, signal?: AbortSignal) =>
    call(classes.validateMemberId, { query: { member_id: memberId, class_id: classId } }, { ...PUBLIC, signal }),
  register: (body: RegisterBody) => call(auth.register, { body }, PUBLIC),
  forgotPassword: (email: string, redirectTo: string) => call(auth.forgotPassword, { body: { email, redirectTo } }, PUBLIC),
  checkResetToken: (token: string, signal?: AbortSignal) => call(auth.checkResetToken, { body: { token } }, { ...PUBLIC, signal }),
  updatePassword: (token: string, password: string) => call(auth.updatePassword, { body: { token, password } }, PUBLIC),
  confirmEmail: (token: string, signal?: AbortSignal) => call(auth.confirmEmail, { body: { token } }, { ...PUBLIC, signal }),
};

/** The link in the reset mail leads here. */
export function updatePasswordUrl(): string {
  return `${window.location.origin}/update-password`;
}
