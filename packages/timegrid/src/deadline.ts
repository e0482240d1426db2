/**
 * Deadline of a class for the students' times: a calendar day `YYYY-MM-DD` that ends at
 * 24:00 Europe/Berlin. Pure helpers shared by the services and the web app.
 */

export const DEADLINE_TIME_ZONE = 'Europe/Berlin';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written as `YYYY-MM-DD` (no 31.02., years 2000-2999). */
export function isDeadlineDate(v: unknown): v is string {
  if (typeof v !== 'string') return false;
  const m = DATE_RE.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 2000 || y > 2999 || mo < 1 || mo > 12 || d < 1) return false;
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

/** Today's calendar day in Europe/Berlin as `YYYY-MM-DD`. */
export function berlinToday(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: DEADLINE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The deadline has passed once its day has ended in Europe/Berlin (so on the day itself it is still open). */
export function isDeadlinePassed(deadline: string | null | undefined, now: Date = new Date()): boolean {
  if (!deadline || !isDeadlineDate(deadline)) return false;
  return berlinToday(now) > deadline;
}

/** `2026-12-24` -> `24.12.2026`. */
export function formatGermanDate(deadline: string): string {
  const m = DATE_RE.exec(deadline);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : deadline;
}
