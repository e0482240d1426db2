import { AppError, hasForbiddenNameCharacters, hasVisibleText, isUuid, NAME_CHARACTERS_DETAIL } from '@stundenplan/base';
import { ALLOWED_DURATIONS } from '@stundenplan/timegrid';
import { MSG } from './messages.js';

/** Pure input rules of docs/product/classes.md; each throws a 400 AppError with the SPEC's German text. */

export const MAX_CLASSES_PER_TEACHER = 20;
export const MAX_MEMBERS_PER_CLASS = 99;
const CLASS_NAME_MAX = 50;
const DESCRIPTION_MAX = 500;
export const SEARCH_LIMIT = 20;
export const DEFAULT_DURATION = 30;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function className(v: unknown): string {
  const name = typeof v === 'string' ? v.trim() : '';
  // Zero-width spaces or bidi controls alone are no name (they would show as an empty row).
  if (!name || !hasVisibleText(name)) throw AppError.badRequest(MSG.classNameRequired);
  if (name.length > CLASS_NAME_MAX) throw AppError.badRequest(MSG.classNameTooLong);
  // One line without bidi or invisible characters: the name is shown to students and put into mail subjects.
  if (hasForbiddenNameCharacters(name)) throw AppError.badRequest(NAME_CHARACTERS_DETAIL);
  return name;
}

/** Optional; empty or missing becomes null. */
export function classDescription(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') throw AppError.badRequest(MSG.invalidRequest);
  const d = v.trim();
  if (!d || !hasVisibleText(d)) return null;
  if (d.length > DESCRIPTION_MAX) throw AppError.badRequest(MSG.descriptionTooLong);
  return d;
}

export function memberName(v: unknown, mode: 'add' | 'edit'): string {
  const name = typeof v === 'string' ? v.trim() : '';
  if (!name || !hasVisibleText(name)) throw AppError.badRequest(MSG.memberNameRequired);
  if (name.length < 2 || name.length > 50) throw AppError.badRequest(mode === 'add' ? MSG.memberNameLengthAdd : MSG.memberNameLengthEdit);
  if (hasForbiddenNameCharacters(name)) throw AppError.badRequest(NAME_CHARACTERS_DETAIL);
  return name;
}

/** Member e-mail: 5-50 characters, exactly one @, a dot in the domain. Lower-cased and trimmed. */
export function memberEmail(v: unknown, required: boolean): string | null {
  if (v !== undefined && v !== null && typeof v !== 'string') throw AppError.badRequest(MSG.emailInvalid);
  const email = typeof v === 'string' ? v.trim().toLowerCase() : '';
  if (!email) {
    if (required) throw AppError.badRequest(MSG.emailRequired);
    return null;
  }
  if (email.length < 5 || email.length > 50) throw AppError.badRequest(MSG.emailLength);
  if (!EMAIL_RE.test(email)) throw AppError.badRequest(MSG.emailInvalid);
  return email;
}

export function isValidEmail(v: string): boolean {
  return v.length <= 254 && EMAIL_RE.test(v);
}

/** 15..120 in steps of 15; numbers or digit strings ("45", as the member update sends it). */
export function duration(v: unknown, fallback?: number): number {
  if ((v === undefined || v === null || v === '') && fallback !== undefined) return fallback;
  let n: number;
  if (typeof v === 'number') n = v;
  else if (typeof v === 'string' && /^\s*\d{1,4}\s*$/.test(v)) n = Number(v.trim());
  else throw AppError.badRequest(MSG.duration);
  if (!Number.isInteger(n) || !ALLOWED_DURATIONS.includes(n)) throw AppError.badRequest(MSG.duration);
  return n;
}

/** Path ids: anything that is not a UUID cannot exist. */
export function idOrNotFound(v: unknown, detail: string): string {
  if (!isUuid(v)) throw AppError.notFound(detail);
  return v.toLowerCase();
}

/**
 * Student search (docs/product/classes.md): lower-cased, 5-50 characters; with an @ exactly one, a local part of at
 * least 5 characters and a domain with a dot; only the local part is searched.
 */
export function searchQuery(v: unknown): string {
  const q = typeof v === 'string' ? v.trim().toLowerCase() : '';
  if (q.length < 5 || q.length > 50) throw AppError.badRequest(MSG.searchLength);
  if (q.includes('@')) {
    const parts = q.split('@');
    if (parts.length !== 2) throw AppError.badRequest(MSG.searchEmail);
    const [local, domain] = parts as [string, string];
    if (local.length < 5) throw AppError.badRequest(MSG.searchEmail);
    if (!/^[^.\s]+(\.[^.\s]+)+$/.test(domain)) throw AppError.badRequest(MSG.searchEmail);
    return local;
  }
  return q;
}
