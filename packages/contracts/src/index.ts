// The HTTP contract of every public endpoint (docs/product/api.md), shared by the services and the web app.
import * as auth from './auth.js';
import * as availability from './availability.js';
import * as calendarImport from './calendar-import.js';
import * as classes from './classes.js';
import * as documents from './documents.js';
import type { Endpoint } from './endpoint.js';
import * as lessons from './lessons.js';
import * as notification from './notification.js';
import * as privacy from './privacy.js';
import * as scheduling from './scheduling.js';
import * as school from './school.js';
import * as semester from './semester.js';
import * as swaps from './swaps.js';

export * from './endpoint.js';
export { timesMap, messageAnswer } from './common.js';
export { auth, availability, calendarImport, classes, documents, lessons, notification, privacy, scheduling, school, semester, swaps };
export { EQUIPMENT_LABELS, normalizeTags, TAG_MAX_LENGTH, TAGS_MAX } from './school.js';

const isEndpoint = (v: unknown): v is Endpoint => typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'errors' in v;

/** Every contract, in the order of docs/product/api.md. */
export const endpoints: readonly Endpoint[] = [
  auth,
  classes,
  semester,
  lessons,
  availability,
  calendarImport,
  scheduling,
  documents,
  notification,
  privacy,
  swaps,
  school,
].flatMap((area) => Object.values(area).filter(isEndpoint));
