// docs/product/data.md "Browser storage" / docs/product/limits.md "Range cookie": a per-class cookie with the chosen time-range mode,
// living about a year. The server's answer stays the source of truth; the cookie mirrors it, pre-selects
// step 3 and is the fallback when a range comes without a mode. Deleted when the teacher times are empty.
import { EXTRA_TIME_OPTIONS } from '@stundenplan/timegrid';

export type RangeMode = 'exact' | 'extended' | 'custom';

export interface RangeChoice {
  mode: RangeMode;
  /** Only for 'extended': 15, 30, 45 or 60. */
  extraMinutes: number | null;
}

export const RANGE_COOKIE_PREFIX = 'timeRangeMode_';
/** About a year, in seconds. */
export const RANGE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export function rangeCookieName(classId: string): string {
  return `${RANGE_COOKIE_PREFIX}${encodeURIComponent(classId)}`;
}

/** 'exact', 'custom' or 'extended:30'. */
export function encodeRangeChoice(choice: RangeChoice): string {
  return choice.mode === 'extended' ? `extended:${choice.extraMinutes ?? 15}` : choice.mode;
}

export function decodeRangeChoice(raw: string | null | undefined): RangeChoice | null {
  if (!raw) return null;
  if (raw === 'exact' || raw === 'custom') return { mode: raw, extraMinutes: null };
  const match = /^extended(?::(\d+))?$/.exec(raw);
  if (!match) return null;
  const extra = match[1] ? Number(match[1]) : 15;
  return { mode: 'extended', extraMinutes: EXTRA_TIME_OPTIONS.includes(extra) ? extra : 15 };
}

function secureFlag(): string {
  return typeof window !== 'undefined' && window.location.protocol === 'https:' ? '; Secure' : '';
}

export function readRangeCookie(classId: string): RangeChoice | null {
  if (typeof document === 'undefined') return null;
  const name = rangeCookieName(classId);
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeRangeChoice(decodeURIComponent(rest.join('=')));
  }
  return null;
}

export function writeRangeCookie(classId: string, choice: RangeChoice): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${rangeCookieName(classId)}=${encodeURIComponent(encodeRangeChoice(choice))}; Max-Age=${RANGE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${secureFlag()}`;
}

export function deleteRangeCookie(classId: string): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${rangeCookieName(classId)}=; Max-Age=0; Path=/; SameSite=Lax${secureFlag()}`;
}
