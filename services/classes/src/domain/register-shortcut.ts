import { randomInt } from 'node:crypto';
import { AppError } from '@stundenplan/base';
import { MSG } from './messages.js';
import { WORDS } from './words.js';

/** Registration codes: three lower-case words of WORDS joined by hyphens, drawn with crypto randomness. */
const SHORTCUT_RE = /^[a-z]+-[a-z]+-[a-z]+$/;

export function generateShortcut(random: (max: number) => number = randomInt): string {
  const pick = () => WORDS[random(WORDS.length)]!;
  return `${pick()}-${pick()}-${pick()}`;
}

/** Well-formed code of the generator's alphabet (used to accept a teacher-proposed code as is). */
export function isWellFormedShortcut(v: unknown): v is string {
  return typeof v === 'string' && v.length <= 40 && SHORTCUT_RE.test(v);
}

/**
 * docs/product/accounts.md "Student registration code": lower-cased, everything but a-z and '-' stripped,
 * then non-empty and exactly three non-empty hyphen-separated parts.
 */
export function normalizeJoinCode(v: unknown): string {
  const code = (typeof v === 'string' ? v : '').toLowerCase().replace(/[^a-z-]/g, '');
  if (!code) throw AppError.badRequest(MSG.codeRequired);
  const parts = code.split('-');
  if (parts.length !== 3 || parts.some((p) => !p)) throw AppError.badRequest(MSG.codeFormat);
  return code;
}

/** Lenient form for lookups (registration link): cut at '&' (memberId suffix), lower-case, strip. */
export function normalizeLookupCode(v: unknown): string {
  const raw = typeof v === 'string' ? v : '';
  return raw
    .split('&')[0]!
    .toLowerCase()
    .replace(/[^a-z-]/g, '');
}
