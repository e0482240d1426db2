import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { detailText } from '../../../shared/api/client';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { normaliseEmail } from '../../../shared/session/login';
import type { Institution } from '../auth-api';
import { useRegister } from '../auth-mutations';
import { suggestEmail } from '../email-suggestion';
import {
  DEFAULT_DURATION,
  EMAIL_CHECK_DELAY_MS,
  hasErrors,
  institutionDomainForRole,
  isValidEmailFormat,
  REGISTRATION_MESSAGES,
  resolveRoleId,
  ROLE_ID_STUDENT,
  STUDENT_DURATIONS,
  validateRegistration,
  type RegistrationErrors,
} from '../registration-validation';
import { useInstitutions } from '../use-institutions';
import type { MemberCheck, RegistrationClassInfo } from '../useRegistrationCode';

/** What the success page shows after a registration (passed as the route's state). */
export interface RegistrationSuccessState {
  message: string;
  email: string;
  /** 1 student, 2 teacher (what the next steps say). */
  roleId?: number | null;
  teacherName: string | null;
  institutionName: string | null;
  className: string | null;
  classDescription: string | null;
}

export type EmailHint = 'none' | 'pending' | 'valid' | 'invalid';

/** Live e-mail state, settled 1 s after the last keystroke (docs/product/accounts.md "Registration"). */
export function useEmailHint(email: string): EmailHint {
  const settled = useDebouncedValue(email, EMAIL_CHECK_DELAY_MS);
  if (!email.trim()) return 'none';
  if (settled !== email) return 'pending';
  return isValidEmailFormat(email) ? 'valid' : 'invalid';
}

export interface RegisterFormInput {
  classInfo: RegistrationClassInfo | null;
  memberId: string | null;
  memberCheck: MemberCheck;
}

/** The fields a person types, each with its setter. */
function useRegisterFields(classInfo: RegistrationClassInfo | null, memberCheck: MemberCheck) {
  const prefill = memberCheck.status === 'valid' ? memberCheck.member : null;
  const [name, setName] = useState(prefill?.name ?? '');
  const [email, setEmail] = useState(prefill?.email ?? '');
  const [password, setPassword] = useState('');
  const [passwordRepeat, setPasswordRepeat] = useState('');
  const [institutionId, setInstitutionId] = useState('');
  const [roleId, setRoleId] = useState<number | null>(classInfo ? ROLE_ID_STUDENT : null);
  const [duration, setDuration] = useState<number>(
    prefill?.duration && (STUDENT_DURATIONS as readonly number[]).includes(prefill.duration) ? prefill.duration : DEFAULT_DURATION,
  );
  return {
    name,
    setName,
    email,
    setEmail,
    password,
    setPassword,
    passwordRepeat,
    setPasswordRepeat,
    institutionId,
    setInstitutionId,
    roleId,
    setRoleId,
    duration,
    setDuration,
  };
}

export type RegisterFields = ReturnType<typeof useRegisterFields>;

/** The suggested address from name and institution, when it differs from the typed one. */
function useEmailSuggestion(fields: RegisterFields, institution: Institution | null, classInfo: RegistrationClassInfo | null): string | null {
  const { name, roleId, email } = fields;
  return useMemo(() => {
    if (!institution) return null;
    const suggested = suggestEmail(name, institutionDomainForRole(institution, roleId ?? (classInfo ? ROLE_ID_STUDENT : null)));
    return suggested && suggested !== normaliseEmail(email) ? suggested : null;
  }, [institution, name, roleId, classInfo, email]);
}

/** State, validation and submission of the registration form. */
export function useRegisterForm({ classInfo, memberId, memberCheck }: RegisterFormInput) {
  const navigate = useNavigate();
  const institutions = useInstitutions();
  const fields = useRegisterFields(classInfo, memberCheck);
  const [attempted, setAttempted] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const registration = useRegister();
  const emailHint = useEmailHint(fields.email);

  const institutionList = institutions.data ?? [];
  const chosenInstitution = classInfo ? null : (institutionList.find((i) => String(i.id) === fields.institutionId) ?? null);
  // In the code flow the institution comes from the class; it only feeds the e-mail suggestion.
  const codeInstitution = classInfo ? (institutionList.find((i) => String(i.id) === String(classInfo.institutionId)) ?? null) : null;
  const effectiveRole = resolveRoleId(fields.roleId, chosenInstitution, fields.email);
  const isStudent = effectiveRole === ROLE_ID_STUDENT;
  const suggestion = useEmailSuggestion(fields, chosenInstitution ?? codeInstitution, classInfo);

  // After the first submit the messages follow every change (a fixed field loses its error at once).
  const current = validateRegistration({
    name: fields.name,
    email: fields.email,
    password: fields.password,
    passwordRepeat: fields.passwordRepeat,
    roleId: fields.roleId,
    institution: chosenInstitution,
    codeInstitutionId: classInfo?.institutionId ?? null,
    duration: isStudent ? fields.duration : null,
    memberId,
  });
  const errors: RegistrationErrors = attempted ? current : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitError(null);
    setAttempted(true);
    if (hasErrors(current)) return;
    const cleanEmail = normaliseEmail(fields.email);
    try {
      const answer = await registration.mutateAsync({
        email: cleanEmail,
        password: fields.password,
        name: fields.name.trim().replace(/\s+/g, ' '),
        registerShortcut: classInfo?.shortcut ?? null,
        role_id: effectiveRole,
        institution_id: classInfo ? (classInfo.institutionId ?? null) : (chosenInstitution?.id ?? null),
        duration: isStudent ? fields.duration : null,
        memberId: memberId ?? null,
      });
      const state: RegistrationSuccessState = {
        message: answer?.message ?? '',
        email: cleanEmail,
        roleId: effectiveRole,
        teacherName: classInfo?.teacherName ?? null,
        institutionName: classInfo?.institutionName ?? chosenInstitution?.name ?? null,
        className: classInfo?.className ?? null,
        classDescription: classInfo?.classDescription ?? null,
      };
      void navigate('/registration-success', { state });
    } catch (error) {
      setSubmitError(detailText((error as { body?: unknown })?.body) ?? REGISTRATION_MESSAGES.failed);
    }
  };

  return { fields, errors, emailHint, suggestion, isStudent, institutions, submitError, submitting: registration.isPending, submit };
}

export type RegisterFormState = ReturnType<typeof useRegisterForm>;
