// Keeps a student's unsaved times in sessionStorage (per tab, per account), so an expired session
// (docs/product/times.md: 401 -> '/', log in again) does not throw away what they had just entered.
import { WeekSlots, type TimesMap } from '@stundenplan/timegrid';

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

export function readDraft(key: string | null): WeekSlots | null {
  if (!key) return null;
  try {
    const raw = store()?.getItem(key);
    if (!raw) return null;
    return WeekSlots.fromTimesMap(JSON.parse(raw) as TimesMap, { strict: false });
  } catch {
    return null;
  }
}

export function writeDraft(key: string | null, week: WeekSlots): void {
  if (!key) return;
  try {
    store()?.setItem(key, JSON.stringify(week.toTimesMap()));
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
