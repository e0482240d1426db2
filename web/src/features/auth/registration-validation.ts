// docs/product/accounts.md "Registration": every rule and message of the registration form, as pure functions.
import type { Institution } from './auth-api';

export const REGISTRATION_MESSAGES = {
  password: 'Das Passwort muss mindestens 8 Zeichen lang sein und Buchstaben sowie Zahlen enthalten.',
  passwordRepeat: 'Die Passwörter stimmen nicht überein.',
  name: 'Bitte gib einen gültigen Namen ein.',
  email: 'Bitte gib eine gültige E-Mail-Adresse ein.',
  role: 'Bitte wähle deine Rolle aus.',
  duration: 'Bitte gib eine gültige Unterrichtszeit zwischen 1 und 120 Minuten ein.',
  memberId: 'Die memberId muss eine gültige UUID sein.',
  emailHintValid: 'Gültige E-Mail-Adresse',
  emailHintInvalid: 'Bitte überprüfe das Format deiner E-Mail-Adresse',
  failed: 'Registrierung fehlgeschlagen',
  invalidShortcut: 'Ungültiger Registrierungsshortcut.',
  shortcutCheckFailed: 'Fehler bei der Überprüfung des Registrierungsshortcuts.',
  invalidMemberId: 'Ungültige memberId.',
} as const;

export const ROLE_ID_STUDENT = 1;
export const ROLE_ID_TEACHER = 2;
export const ROLE_OPTIONS = [
  { value: ROLE_ID_TEACHER, label: 'Dozent*in / Lehrkraft' },
  { value: ROLE_ID_STUDENT, label: 'Student*in' },
] as const;

export const STUDENT_DURATIONS = [15, 30, 45, 60, 75, 90, 105, 120] as const;
export const DEFAULT_DURATION = 30;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 100;
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 100;
/** Pause after the last keystroke before the e-mail hint appears (docs/product/limits.md). */
export const EMAIL_CHECK_DELAY_MS = 1000;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;
// Letters (incl. umlauts, ß and other accented letters), spaces, hyphen and apostrophes.
const NAME_PATTERN = /^[\p{L}\s'’-]+$/u;
const UUID_V4_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export function isValidPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH && /\p{L}/u.test(password) && /\d/.test(password);
}

export function nameWords(name: string): string[] {
  return name.trim().split(/\s+/).filter(Boolean);
}

/** As the service checks it: spaces collapsed, at least two words that contain a letter ('Anna -' is one word). */
export function isValidName(name: string): boolean {
  const clean = name.trim().replace(/\s+/g, ' ');
  return (
    clean.length >= NAME_MIN_LENGTH &&
    clean.length <= NAME_MAX_LENGTH &&
    NAME_PATTERN.test(clean) &&
    nameWords(clean).filter((word) => /\p{L}/u.test(word)).length >= 2
  );
}

export function isValidEmailFormat(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length > 0 && trimmed.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(trimmed);
}

export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/** Institutions store mail domains as 'hmtm.de' or '@hmtm.de'; compare them bare. */
export function normaliseDomain(domain: string | null | undefined): string {
  return (domain ?? '').trim().replace(/^@+/, '').toLowerCase();
}

export function institutionDomainForRole(institution: Institution, roleId: number | null): string | null {
  const domain = roleId === ROLE_ID_TEACHER ? institution.teachers_mail : roleId === ROLE_ID_STUDENT ? institution.students_mail : null;
  const normalised = normaliseDomain(domain);
  return normalised || null;
}

/** The role: the chosen one, else the one the institution's mail domain implies. */
export function resolveRoleId(roleId: number | null, institution: Institution | null, email: string): number | null {
  if (roleId === ROLE_ID_STUDENT || roleId === ROLE_ID_TEACHER) return roleId;
  if (!institution) return null;
  const domain = emailDomain(email);
  if (domain && domain === normaliseDomain(institution.students_mail)) return ROLE_ID_STUDENT;
  if (domain && domain === normaliseDomain(institution.teachers_mail)) return ROLE_ID_TEACHER;
  return null;
}

/** With an institution chosen, the e-mail must use that institution's domain for the role. */
export function matchesInstitutionDomain(email: string, institution: Institution | null, roleId: number | null): boolean {
  if (!institution) return true;
  const domain = emailDomain(email);
  if (roleId === ROLE_ID_STUDENT || roleId === ROLE_ID_TEACHER) {
    const expected = institutionDomainForRole(institution, roleId);
    return expected === null || domain === expected;
  }
  return resolveRoleId(null, institution, email) !== null;
}

export function isValidDuration(duration: number | null | undefined): boolean {
  return typeof duration === 'number' && (STUDENT_DURATIONS as readonly number[]).includes(duration);
}

export function isUuidV4(value: string): boolean {
  return UUID_V4_PATTERN.test(value);
}

export interface RegistrationValues {
  name: string;
  email: string;
  password: string;
  passwordRepeat: string;
  /** Chosen (or fixed by a registration code) role id; null when none. */
  roleId: number | null;
  /** The institution the user picked (its domain rule applies); null when none. */
  institution: Institution | null;
  /** Institution id known from a registration code (no domain rule). */
  codeInstitutionId?: number | string | null;
  duration: number | null;
  memberId?: string | null;
}

export type RegistrationField = 'name' | 'email' | 'password' | 'passwordRepeat' | 'role' | 'duration' | 'memberId';
export type RegistrationErrors = Partial<Record<RegistrationField, string>>;

export function validateRegistration(values: RegistrationValues): RegistrationErrors {
  const errors: RegistrationErrors = {};
  if (!isValidName(values.name)) errors.name = REGISTRATION_MESSAGES.name;

  const roleId = resolveRoleId(values.roleId, values.institution, values.email);
  if (!isValidEmailFormat(values.email) || !matchesInstitutionDomain(values.email, values.institution, values.roleId)) {
    errors.email = REGISTRATION_MESSAGES.email;
  }
  if (!isValidPassword(values.password)) errors.password = REGISTRATION_MESSAGES.password;
  if (values.password !== values.passwordRepeat) errors.passwordRepeat = REGISTRATION_MESSAGES.passwordRepeat;
  if (values.roleId === null && !values.institution && (values.codeInstitutionId === null || values.codeInstitutionId === undefined)) {
    errors.role = REGISTRATION_MESSAGES.role;
  }
  if (roleId === ROLE_ID_STUDENT && !isValidDuration(values.duration)) errors.duration = REGISTRATION_MESSAGES.duration;
  if (values.memberId && !isUuidV4(values.memberId)) errors.memberId = REGISTRATION_MESSAGES.memberId;
  return errors;
}

export function hasErrors(errors: RegistrationErrors): boolean {
  return Object.keys(errors).length > 0;
}
