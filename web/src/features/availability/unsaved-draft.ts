// Keeps a student's unsaved times in sessionStorage (per tab, per account), so an expired session
// (docs/product/times.md: 401 -> '/', log in again) does not throw away what they had just entered. Stored as
// {available, preferred}; an older entry (a plain times map) reads as available times only.
import type { TimesMap } from '@stundenplan/timegrid';
import { timesOf, type WeekTimes } from './preferred/preferred-times';

const PREFIX = 'unsavedTimes:';

function store(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

export function draftKey(email: string | null | undefined): string | null {
  return email ? `${PREFIX}${email.trim().toLowerCase()}` : null;
}

export function readDraft(key: string | null): WeekTimes | null {
  if (!key) return null;
  try {
    const raw = store()?.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { available?: TimesMap; preferred?: TimesMap } | TimesMap;
    if (parsed && typeof parsed === 'object' && 'available' in parsed && !Array.isArray(parsed.available))
      return timesOf(parsed.available as TimesMap, parsed.preferred as TimesMap | undefined);
    return timesOf(parsed as TimesMap);
  } catch {
    return null;
  }
}

export function writeDraft(key: string | null, times: WeekTimes): void {
  if (!key) return;
  try {
    store()?.setItem(key, JSON.stringify({ available: times.available.toTimesMap(), preferred: times.preferred.toTimesMap() }));
  } catch {
    /* quota or privacy mode: the draft just is not kept */
  }
}

export function clearDraft(key: string | null): void {
  if (!key) return;
  try {
    store()?.removeItem(key);
  } catch {
    /* see writeDraft */
  }
}
