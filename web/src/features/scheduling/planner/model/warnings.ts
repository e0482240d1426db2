/** The SPEC's tooltips on a student (docs/product/planning.md) and when they apply. */
import type { WeekSlots } from '@stundenplan/timegrid';
import { isAvailableAt } from './placements';
import type { Placement, PlannerMember } from './types';

export const STUDENT_TOOLTIPS = {
  notAssigned: 'Student*in ist nicht zu dir eingeteilt',
  notAvailable: 'Student*in hat zu dieser Zeit eigentlich keine Zeit',
  notRegistered: 'Student*in ist kein registrierter User',
  noTimes: 'Student*in hat keine freien Zeiten',
  missingData: 'Fehler: Fehlende Studentendaten',
} as const;

export interface StudentNote {
  text: string;
  level: 'warning' | 'info';
}

/**
 * Notes for a student panel or a placed lesson:
 * - missing member data (an entry whose member is not in the class) -> 'Fehler: Fehlende Studentendaten' only;
 * - the calculation could not assign the student and they are still unplaced -> not assigned, then
 *   the calculation's German reason (e.g. every fitting window is taken, and by whom);
 * - chosen times empty -> no free times;
 * - placed where the chosen times do not cover the lesson -> not available at this time;
 * - no user_id -> not a registered user (info).
 */
export function studentNotes(input: {
  member: PlannerMember | undefined;
  placement?: Pick<Placement, 'day' | 'start' | 'end'> | null;
  times?: WeekSlots | null;
  notAssigned?: boolean;
  /** The calculation's reason for not assigning the student. */
  reason?: string;
}): StudentNote[] {
  const { member, placement, times, notAssigned, reason } = input;
  if (!member) return [{ text: STUDENT_TOOLTIPS.missingData, level: 'warning' }];
  const notes: StudentNote[] = [];
  if (notAssigned && !placement) {
    notes.push({ text: STUDENT_TOOLTIPS.notAssigned, level: 'warning' });
    if (reason?.trim()) notes.push({ text: reason.trim(), level: 'warning' });
  }
  const empty = !times || times.isEmpty();
  if (empty) notes.push({ text: STUDENT_TOOLTIPS.noTimes, level: 'warning' });
  if (placement && (empty || !isAvailableAt(times!, placement.day, placement.start, placement.end - placement.start))) {
    notes.push({ text: STUDENT_TOOLTIPS.notAvailable, level: 'warning' });
  }
  if (!member.user_id) notes.push({ text: STUDENT_TOOLTIPS.notRegistered, level: 'info' });
  return notes;
}
