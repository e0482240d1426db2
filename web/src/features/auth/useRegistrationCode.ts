// The registration-code branch of /register (docs/product/accounts.md): validate the class code and an
// optional memberId, and hand the page what it needs to show and prefill.
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../shared/api/client';
import { authApi, type MemberValidation, type RegisterShortcutInfo } from './auth-api';
import { isUuidV4, REGISTRATION_MESSAGES } from './registration-validation';

export interface RegistrationClassInfo {
  shortcut: string;
  classId: string;
  teacherName: string | null;
  institutionName: string | null;
  institutionId: string | null;
  className: string | null;
  classDescription: string | null;
}

export interface RegistrationMemberInfo {
  memberId: string;
  name: string | null;
  email: string | null;
  duration: number | null;
}

export type MemberCheck =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'valid'; member: RegistrationMemberInfo }
  /** retry is missing when asking again cannot help (a memberId that is no UUID). */
  | { status: 'error'; message: string; retry?: () => void };

export type RegistrationCodeState =
  | { status: 'none' }
  | { status: 'loading' }
  /** rejected: the code does not exist (asking again cannot help); else the check failed. */
  | { status: 'error'; message: string; rejected: boolean; retry: () => void }
  | { status: 'valid'; info: RegistrationClassInfo; member: MemberCheck };

class InvalidAnswer extends Error {}

/** 4xx answers and `valid: false` mean the code (or member) does not exist. */
function isRejection(error: unknown): boolean {
  return error instanceof InvalidAnswer || (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429);
}

export function useRegistrationCode(shortcut: string | null, memberId: string | null): RegistrationCodeState {
  const shortcutQuery = useQuery({
    queryKey: ['register-shortcut', shortcut],
    enabled: Boolean(shortcut),
    queryFn: async ({ signal }): Promise<RegisterShortcutInfo> => {
      const answer = await authApi.validateShortcut(shortcut!, signal);
      if (!answer || !answer.valid || !answer.class_id) throw new InvalidAnswer('invalid shortcut');
      return answer;
    },
    retry: false,
    staleTime: Infinity,
  });

  const classId = shortcutQuery.data?.class_id ?? null;
  const memberIdWellFormed = memberId ? isUuidV4(memberId) : false;

  const memberQuery = useQuery({
    queryKey: ['register-member', memberId, classId],
    enabled: Boolean(memberId && memberIdWellFormed && classId),
    queryFn: async ({ signal }): Promise<MemberValidation> => {
      const answer = await authApi.validateMember(memberId!, classId!, signal);
      if (!answer || !answer.valid) throw new InvalidAnswer('invalid member');
      return answer;
    },
    retry: false,
    staleTime: Infinity,
  });

  if (!shortcut) return { status: 'none' };
  if (shortcutQuery.isPending) return { status: 'loading' };
  if (shortcutQuery.isError) {
    const rejected = isRejection(shortcutQuery.error);
    return {
      status: 'error',
      message: rejected ? REGISTRATION_MESSAGES.invalidShortcut : REGISTRATION_MESSAGES.shortcutCheckFailed,
      rejected,
      retry: () => void shortcutQuery.refetch(),
    };
  }

  const data = shortcutQuery.data;
  const info: RegistrationClassInfo = {
    shortcut,
    classId: data.class_id,
    teacherName: data.teacher_name ?? null,
    institutionName: data.institution_name ?? null,
    institutionId: data.institution_id ?? null,
    className: data.class_name ?? null,
    classDescription: data.class_description ?? null,
  };

  let member: MemberCheck;
  if (!memberId) member = { status: 'none' };
  else if (!memberIdWellFormed) member = { status: 'error', message: REGISTRATION_MESSAGES.memberId };
  else if (memberQuery.isPending) member = { status: 'loading' };
  else if (memberQuery.isError) member = { status: 'error', message: REGISTRATION_MESSAGES.invalidMemberId, retry: () => void memberQuery.refetch() };
  else {
    member = {
      status: 'valid',
      member: { memberId, name: memberQuery.data.name ?? null, email: memberQuery.data.email ?? null, duration: memberQuery.data.duration ?? null },
    };
  }
  return { status: 'valid', info, member };
}
