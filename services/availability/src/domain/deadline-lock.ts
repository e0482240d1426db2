import { AppError } from '@stundenplan/base';
import { formatGermanDate, isDeadlinePassed } from '@stundenplan/timegrid';
import type { MemberClass } from '../clients/classes-client.js';

const DEADLINE_PASSED = (className: string, deadline: string): string =>
  `Die Frist für „${className}“ ist am ${formatGermanDate(deadline)} abgelaufen. Deine Zeiten kannst du nicht mehr ändern – bitte wende dich an deine Lehrkraft.`;

/**
 * A student's own times are one set for all their classes, so a change reaches every class. After a
 * class's deadline (end of the day, Europe/Berlin) without late changes allowed, that class's teacher
 * relies on the times as they are: the change is refused (409) and names the first such class. Only
 * verified memberships count: a teacher who added the student without their consent (not verified yet)
 * never sees their own times, so that class's deadline must not freeze them either.
 */
export function assertOwnTimesOpen(classes: MemberClass[], now: Date = new Date()): void {
  const locked = classes.find((c) => c.verified && c.deadline && !c.allowLateChanges && isDeadlinePassed(c.deadline, now));
  if (locked?.deadline) throw AppError.conflict(DEADLINE_PASSED(locked.name, locked.deadline));
}
