// Pure input rules of the class pages (docs/product/classes.md Class, Adding a student, Student search, Student
// registration code) and the mapping of server failures to the SPEC texts (docs/product/errors.md).
import { ALLOWED_DURATIONS } from '@stundenplan/timegrid';
import { ApiError, errorMessage } from '../../shared/api/client';
import { CLASS_MESSAGES, MEMBER_MESSAGES, STUDENT_COURSE_MESSAGES } from './messages';

/** The simple member e-mail pattern (one @, no spaces, a dot in the domain). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Class name: required after trimming. Answers the error text or null. */
export function validateClassName(name: string): string | null {
  return name.trim() ? null : CLASS_MESSAGES.nameRequired;
}

/** docs/product/classes.md: 'add' (new row) and 'edit' (inline) word the length rule differently. */
export function validateMemberName(name: string, mode: 'add' | 'edit'): string | null {
  const trimmed = name.trim();
  if (!trimmed) return MEMBER_MESSAGES.nameRequired;
  if (trimmed.length < 2 || trimmed.length > 50) return mode === 'add' ? MEMBER_MESSAGES.nameLengthAdd : MEMBER_MESSAGES.nameLengthEdit;
  return null;
}

/** Member e-mail: optional when adding (required when editing an existing one); 5-50 characters, simple pattern. */
export function validateMemberEmail(email: string, required: boolean): string | null {
  const trimmed = email.trim();
  if (!trimmed) return required ? MEMBER_MESSAGES.emailRequired : null;
  if (trimmed.length < 5 || trimmed.length > 50) return MEMBER_MESSAGES.emailLength;
  if (!EMAIL_PATTERN.test(trimmed)) return MEMBER_MESSAGES.emailInvalid;
  return null;
}

/** 15 to 120 in steps of 15 (docs/product/limits.md). Accepts the raw input text or a number. */
export function parseDuration(value: string | number): number | null {
  const n = typeof value === 'number' ? value : /^\s*\d{1,4}\s*$/.test(value) ? Number(value) : NaN;
  return ALLOWED_DURATIONS.includes(n) ? n : null;
}

export function validateDuration(value: string | number): string | null {
  return parseDuration(value) === null ? MEMBER_MESSAGES.duration : null;
}

export type SearchCheck = { ok: true; query: string } | { ok: false; error: string };

/**
 * docs/product/classes.md Student search: lower-cased, 5 to 50 characters; with an @ exactly one, a local part of at
 * least 5 characters and a domain with a dot. Only the part before the @ is sent.
 */
export function checkSearchQuery(input: string): SearchCheck {
  const q = input.trim().toLowerCase();
  if (q.length < 5 || q.length > 50) return { ok: false, error: MEMBER_MESSAGES.searchLength };
  if (q.includes('@')) {
    const parts = q.split('@');
    if (parts.length !== 2) return { ok: false, error: MEMBER_MESSAGES.searchEmail };
    const [local, domain] = parts as [string, string];
    if (local.length < 5 || !/^[^.\s]+(\.[^.\s]+)+$/.test(domain)) return { ok: false, error: MEMBER_MESSAGES.searchEmail };
    return { ok: true, query: local };
  }
  return { ok: true, query: q };
}

/** docs/product/classes.md Student registration code: lower-cased, everything but a-z and '-' stripped. */
export function normaliseJoinCode(input: string): string {
  return input.toLowerCase().replace(/[^a-z-]/g, '');
}

/** The normalised code, or the SPEC's message. */
export function checkJoinCode(input: string): { ok: true; code: string } | { ok: false; error: string } {
  const code = normaliseJoinCode(input);
  if (!code) return { ok: false, error: STUDENT_COURSE_MESSAGES.codeRequired };
  const parts = code.split('-');
  if (parts.length !== 3 || parts.some((p) => !p)) return { ok: false, error: STUDENT_COURSE_MESSAGES.codeFormat };
  return { ok: true, code };
}

/** The server's detail as text ('' when there is none). */
export function detailOf(error: unknown): string {
  if (error instanceof ApiError) {
    const d = error.detail;
    if (typeof d === 'string') return d;
    if (d !== undefined && d !== null) return JSON.stringify(d);
  }
  return '';
}

/** docs/product/errors.md Classes / Create: a detail mentioning 20 courses gives the limit text. */
export function createClassErrorMessage(error: unknown): string {
  return /\b20\b/.test(detailOf(error)) ? CLASS_MESSAGES.maxClasses : CLASS_MESSAGES.createFailed;
}

/** docs/product/errors.md Members / Add: the 99 limit, else the server detail, else the fallbacks. */
export function addMemberErrorMessage(error: unknown): string {
  const detail = detailOf(error);
  if (/\b99\b/.test(detail)) return MEMBER_MESSAGES.maxMembers;
  if (detail) return detail;
  if (error instanceof ApiError && error.kind === 'http') return MEMBER_MESSAGES.addFailed;
  return MEMBER_MESSAGES.addFailedNetwork;
}

/** The `{detail}` / `{message}` part of composed texts: the server's text, else the error's message. */
export function reasonOf(error: unknown): string {
  return detailOf(error) || errorMessage(error);
}
