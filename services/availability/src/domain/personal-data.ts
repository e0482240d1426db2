import type { PersonalTimesRows } from '../data/personal-data-repository.js';

export interface PersonalTimesReader {
  rowsOf(userId: string, memberIds: string[]): Promise<PersonalTimesRows>;
}

/**
 * The availability service's part of a person's copy of their data (packages/contracts privacy.ts
 * exportAvailability): own times and preferred times, the times kept for their memberships, a teacher's
 * own times per class. Nobody else's times.
 */
export async function personalTimesData(reader: PersonalTimesReader, userId: string, memberIds: string[]) {
  const rows = await reader.rowsOf(userId, memberIds);
  return {
    own_times: rows.own
      ? { available_times: rows.own.times.toTimesMap(), preferred_times: rows.own.preferred.toTimesMap(), last_modified: rows.own.lastModified.toISOString() }
      : null,
    member_times: rows.members.map((m) => ({
      class_id: m.classId,
      member_id: m.memberId,
      available_times: m.times.toTimesMap(),
      preferred_times: m.preferred.toTimesMap(),
      updated_at: m.updatedAt.toISOString(),
    })),
    teacher_times: rows.teacher.map((t) => ({ class_id: t.classId, available_times: t.times.toTimesMap(), updated_at: t.updatedAt.toISOString() })),
  };
}
