import { AppError, isAppError, isUuid } from '@stundenplan/base';
import type { ClassMember, ClassesClient } from '../clients/classes-client.js';

export const CLASS_NOT_FOUND = 'Klasse nicht gefunden';
export const SCHEDULE_NOT_FOUND = 'Stundenplan nicht gefunden';

/** The classes service's refusals of a foreign or unknown class all become the same 404; the service being down stays a 502. */
function asClassNotFound(e: unknown): never {
  if (isAppError(e) && (e.code === 'NOT_FOUND' || e.code === 'FORBIDDEN' || e.code === 'BAD_REQUEST')) throw AppError.notFound(CLASS_NOT_FOUND);
  throw e;
}

/**
 * The teacher must teach the class. Another teacher's class and a class that does not exist look
 * the same (404), so existence does not leak.
 */
export async function assertOwnsClass(classes: ClassesClient, classId: unknown, teacherId: string): Promise<string> {
  if (!isUuid(classId)) throw AppError.notFound(CLASS_NOT_FOUND);
  await classes.getClass(classId, teacherId).catch(asClassNotFound);
  return classId;
}

/** The members of the teacher's class, with the same 404 rule as assertOwnsClass, in one call (ListMembers checks the owner). */
export async function listOwnedMembers(classes: ClassesClient, classId: unknown, teacherId: string): Promise<{ classId: string; members: ClassMember[] }> {
  if (!isUuid(classId)) throw AppError.notFound(CLASS_NOT_FOUND);
  return { classId, members: await classes.listMembers(classId, teacherId).catch(asClassNotFound) };
}
