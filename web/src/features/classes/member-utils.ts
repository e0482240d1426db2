// Small pure helpers of the member table.
import { formatHoursShort, formatLastChange, formatLastChangeTitle, SLOT_MINUTES, WeekSlots, type TimesMap } from '@stundenplan/timegrid';
import type { MemberDto } from './classes-api';

/** A times map as a week; malformed entries are dropped rather than breaking the table. */
export function weekOf(times: TimesMap | null | undefined): WeekSlots {
  return WeekSlots.fromTimesMap(times ?? {}, { strict: false });
}

export function minutesOf(times: TimesMap | null | undefined): number {
  return weekOf(times).count() * SLOT_MINUTES;
}

export interface TimesSummary {
  /** 'n Std.' / 'h:mm Std.', or '---' when neither source has times. */
  text: string;
  /** Which times the total counts: the teacher-entered ones win over the student's own. */
  source: 'teacher' | 'student' | null;
  title: string;
}

/**
 * DECISION: the 'Verfügbare Zeit' column counts the teacher-entered times (available_times) when
 * there are any, else the student's own entry; the hover text names both.
 */
export function timesSummary(member: MemberDto): TimesSummary {
  const teacher = minutesOf(member.available_times);
  const student = minutesOf(member.available_times_user_input);
  const parts = [`Von dir eingetragen: ${teacher ? formatHoursShort(teacher) : '---'}`];
  if (member.user_id) parts.push(`Eigene Angabe: ${student ? formatHoursShort(student) : '---'}`);
  const title = parts.join(' · ');
  if (teacher > 0) return { text: formatHoursShort(teacher), source: 'teacher', title };
  if (student > 0) return { text: formatHoursShort(student), source: 'student', title };
  return { text: '---', source: null, title };
}

/** Marker of a member who has no times yet, neither own nor teacher-entered. */
export const NO_TIMES_TAG = 'noch keine Zeiten';

/** '12 von 15 haben Zeiten eingetragen'; null when the count is unknown or the class is empty. */
export function answeredText(answered: number | null | undefined, members: number | null | undefined): string | null {
  if (typeof answered !== 'number' || typeof members !== 'number' || members === 0) return null;
  return `${answered} von ${members} haben Zeiten eingetragen`;
}

export function lastChange(member: MemberDto, now: Date = new Date()): { text: string; title: string } {
  const value = member.available_times_user_input_last_modified ?? null;
  return { text: formatLastChange(value, now), title: formatLastChangeTitle(value) };
}

/** E-mails of the members that have one, in list order, without repeats. */
export function memberEmails(members: readonly MemberDto[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const m of members) {
    const email = (m.email ?? '').trim();
    if (email && !seen.has(email.toLowerCase())) {
      seen.add(email.toLowerCase());
      out.push(email);
    }
  }
  return out;
}

/** docs/product/limits.md: copied e-mails are joined with '; '. */
export function joinEmails(emails: readonly string[]): string {
  return emails.join('; ');
}

export const isRegistered = (m: MemberDto) => Boolean(m.user_id);
