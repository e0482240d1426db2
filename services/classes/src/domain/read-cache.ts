import { ChangeScope, StampedCache, type ChangeStamps } from '@stundenplan/base';

/**
 * The teacher's two most frequent reads, kept as finished JSON between requests and used again while the
 * change stamps of everything they were built from are unchanged (packages/base change-stamps.ts): classes
 * and members (this service), each class's teacher-entered times and each registered member's own times
 * (availability). Every write moves its stamp before it answers, so a read after a write never gets the
 * kept answer from before it, in any service and any replica.
 */
export interface ReadCache {
  /** GET /api/me/classes per teacher. */
  classList: StampedCache<string>;
  /** GET /api/classes/{id}/members per class, with the class's owner (asked by anyone else: not used). */
  memberList: StampedCache<{ teacherId: string; json: string }>;
}

/** A teacher's class list is a few KB, a member list of 99 with times about 80 KB: at most about 30 MB together. */
const CLASS_LISTS_MAX = 2000;
const MEMBER_LISTS_MAX = 200;

export function createReadCache(stamps: ChangeStamps): ReadCache {
  return {
    classList: new StampedCache(stamps, { maxEntries: CLASS_LISTS_MAX }),
    memberList: new StampedCache(stamps, { maxEntries: MEMBER_LISTS_MAX }),
  };
}

/** The scopes of the times of a class's members: the class's teacher-entered times and each registered member's own. */
export function timesScopes(classId: string, members: readonly { userId: string | null }[]): string[] {
  const scopes = [ChangeScope.classTimes(classId)];
  for (const m of members) if (m.userId) scopes.push(ChangeScope.userTimes(m.userId));
  return scopes;
}
