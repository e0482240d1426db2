import { AppError, hasVisibleText, UUID_RE } from '@stundenplan/base';
import { MSG } from './messages.js';

/** docs/product/accounts.md Registration / docs/product/limits.md limits, checked again on the server (the web is never trusted). */
export const ROLE_STUDENT = 1;
export const ROLE_TEACHER = 2;
export const STUDENT_DURATIONS = [15, 30, 45, 60, 75, 90, 105, 120] as const;
export const DEFAULT_DURATION = 30;
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 100;
const NAME_MIN = 2;
const NAME_MAX = 50;
const EMAIL_MAX = 100;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;
/** Letters (umlauts, ß and other accented letters included), spaces, hyphen, apostrophes. */
const NAME_RE = /^[\p{L}\p{M} '’-]+$/u;
const UUID_V4_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export const normaliseEmail = (v: string): string => v.trim().toLowerCase();
export const emailDomain = (email: string): string => email.slice(email.lastIndexOf('@') + 1);

export function isValidEmail(v: unknown): v is string {
  return typeof v === 'string' && v.trim().length <= EMAIL_MAX && EMAIL_RE.test(v.trim());
}

export function isValidPassword(v: unknown): v is string {
  return typeof v === 'string' && v.length >= PASSWORD_MIN && v.length <= PASSWORD_MAX && /\p{L}/u.test(v) && /\d/.test(v);
}

/**
 * Trimmed with single spaces; null when the SPEC rule fails. A word counts only when it has a letter a
 * reader can see: fillers such as U+3164 are letters to Unicode but render as nothing.
 */
export function cleanName(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const name = v.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (name.length < NAME_MIN || name.length > NAME_MAX || !NAME_RE.test(name) || !hasVisibleText(name)) return null;
  return name.split(' ').filter((w) => /\p{L}/u.test(w) && hasVisibleText(w)).length >= 2 ? name : null;
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function intOrNaN(v: unknown): number {
  if (typeof v === 'number') return Number.isInteger(v) ? v : NaN;
  if (typeof v === 'string' && /^\s*\d+\s*$/.test(v)) return Number(v);
  return NaN;
}

function isStudentDuration(n: number): boolean {
  return (STUDENT_DURATIONS as readonly number[]).includes(n);
}

/** docs/product/accounts.md join rule: lower-cased, characters other than a-z and hyphen stripped. */
function cleanShortcut(v: string): string {
  return v.toLowerCase().replace(/[^a-z-]/g, '');
}

export interface RegistrationInput {
  email: string;
  password: string;
  name: string;
  roleId: 1 | 2 | null;
  institutionId: string | null;
  /** null = not given; a number is one of STUDENT_DURATIONS */
  duration: number | null;
  /** raw duration was given but invalid (only an error for students) */
  durationInvalid: boolean;
  memberId: string | null;
  registerShortcut: string | null;
}

/**
 * Shape and format rules; the first failing rule answers 400 with the SPEC's German text.
 * Rules that need the database or the classes service (institution domain, code) come later.
 */
export function parseRegistration(raw: unknown): RegistrationInput {
  const body = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const name = cleanName(body.name);
  if (!name) throw AppError.badRequest(MSG.name);
  if (!isValidEmail(body.email)) throw AppError.badRequest(MSG.email);
  if (!isValidPassword(body.password)) throw AppError.badRequest(MSG.password);

  let roleId: 1 | 2 | null = null;
  if (!isBlank(body.role_id)) {
    const r = intOrNaN(body.role_id);
    if (r !== ROLE_STUDENT && r !== ROLE_TEACHER) throw AppError.badRequest(MSG.role);
    roleId = r;
  }

  let institutionId: string | null = null;
  if (!isBlank(body.institution_id)) {
    const id = String(body.institution_id).trim();
    if (!UUID_RE.test(id)) throw AppError.badRequest(MSG.unknownInstitution);
    institutionId = id.toLowerCase();
  }

  let duration: number | null = null;
  let durationInvalid = false;
  if (!isBlank(body.duration)) {
    const d = intOrNaN(body.duration);
    if (isStudentDuration(d)) duration = d;
    else durationInvalid = true;
  }

  let memberId: string | null = null;
  if (!isBlank(body.memberId)) {
    if (typeof body.memberId !== 'string' || !UUID_V4_RE.test(body.memberId.trim())) throw AppError.badRequest(MSG.memberIdFormat);
    memberId = body.memberId.trim().toLowerCase();
  }

  let registerShortcut: string | null = null;
  if (!isBlank(body.registerShortcut)) {
    if (typeof body.registerShortcut !== 'string') throw AppError.badRequest(MSG.invalidShortcut);
    const code = cleanShortcut(body.registerShortcut);
    if (!/^[a-z]+-[a-z]+-[a-z]+$/.test(code)) throw AppError.badRequest(MSG.invalidShortcut);
    registerShortcut = code;
  }

  return {
    email: normaliseEmail(body.email),
    password: body.password,
    name,
    roleId,
    institutionId,
    duration,
    durationInvalid,
    memberId,
    registerShortcut,
  };
}
