import { AppError, isAppError, isUuid } from '@stundenplan/base';
import type { AvailabilityDeps } from './deps.js';

export const CLASS_NOT_FOUND = 'Klasse nicht gefunden';

/**
 * Only the class's teacher touches its times. The classes service decides (GetClass with
 * teacher_id); an unknown id, a malformed one and another teacher's class all get the same 404,
 * so nobody learns whether someone else's class exists. The classes service being down stays a 502.
 */
export async function assertOwnsClass(deps: AvailabilityDeps, classId: string, teacherId: string): Promise<void> {
  if (!isUuid(classId)) throw AppError.notFound(CLASS_NOT_FOUND);
  try {
    await deps.classes.assertTeacherOwnsClass(classId, teacherId);
  } catch (e) {
    if (isAppError(e) && (e.code === 'NOT_FOUND' || e.code === 'FORBIDDEN' || e.code === 'BAD_REQUEST')) throw AppError.notFound(CLASS_NOT_FOUND);
    throw e;
  }
}
