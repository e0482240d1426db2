import type { AvailabilityDeps } from './deps.js';

/** Reactions to deletions elsewhere; each is idempotent (deleting twice deletes nothing the second time). */

export async function removeClassTimes(deps: AvailabilityDeps, classId: string): Promise<void> {
  await deps.repo.deleteClass(classId);
  deps.log.info({ classId }, 'class times removed');
}

/** Retention: the times kept in a class whose data ran out (docs/privacy/loeschkonzept.md); logged without personal data. */
export async function expireClassTimes(deps: AvailabilityDeps, classId: string): Promise<void> {
  await deps.repo.deleteClassTimes(classId);
  deps.log.info({ classId }, 'expired class times removed');
}

export async function removeMemberTimes(deps: AvailabilityDeps, memberId: string, classId?: string): Promise<void> {
  await deps.repo.deleteMemberTimes(memberId, classId);
  deps.log.info({ memberId, classId }, 'member times removed');
}

export async function removeUserTimes(deps: AvailabilityDeps, userId: string): Promise<void> {
  await deps.repo.deleteUserTimes(userId);
  deps.log.info({ userId }, 'user times removed');
}
