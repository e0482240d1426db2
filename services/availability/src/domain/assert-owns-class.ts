import { AppError, isUuid } from '@stundenplan/base';
import type { AvailabilityDeps } from './deps.js';

export const CLASS_NOT_FOUND = 'Klasse nicht gefunden';

/**
 * Only the class's teacher touches its times. The classes service decides (GetClass with
 * teacher_id answers PERMISSION_DENIED or NOT_FOUND, which come back as 403 / 404).
 */
export async function assertOwnsClass(deps: AvailabilityDeps, classId: string, teacherId: string): Promise<void> {
  if (!isUuid(classId)) throw AppError.notFound(CLASS_NOT_FOUND);
  await deps.classes.assertTeacherOwnsClass(classId, teacherId);
}
