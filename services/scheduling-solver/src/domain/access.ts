import { AppError, isAppError, isUuid } from '@stundenplan/base';
import type { ClassesClient } from '../clients/classes-client.js';

export const CLASS_NOT_FOUND = 'Klasse nicht gefunden';
export const SCHEDULE_NOT_FOUND = 'Stundenplan nicht gefunden';

/**
 * The teacher must teach the class. Another teacher's class and a class that does not exist look
 * the same (404), so existence does not leak. The classes service being down stays a 502.
 */
export async function assertOwnsClass(classes: ClassesClient, classId: unknown, teacherId: string): Promise<string> {
  if (!isUuid(classId)) throw AppError.notFound(CLASS_NOT_FOUND);
  try {
    await classes.getClass(classId, teacherId);
    return classId;
  } catch (e) {
    if (isAppError(e) && (e.code === 'NOT_FOUND' || e.code === 'FORBIDDEN' || e.code === 'BAD_REQUEST')) throw AppError.notFound(CLASS_NOT_FOUND);
    throw e;
  }
}
