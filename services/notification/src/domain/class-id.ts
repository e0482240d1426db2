import { AppError, isUuid } from '@stundenplan/base';
import { CLASSES_MSG } from '../clients/classes-client.js';

/** A class id from a path, lower-cased; anything that is no UUID is the same 404 as an unknown class. */
export function classIdOf(raw: string): string {
  if (!isUuid(raw)) throw AppError.notFound(CLASSES_MSG.notFound);
  return raw.toLowerCase();
}
