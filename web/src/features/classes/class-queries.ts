// Timings and window events of the teacher's class page (docs/product/classes.md Class creation, docs/product/limits.md Timings).
// The query keys are the shared ones (shared/data/query-keys.ts).

/** docs/product/limits.md: class list re-fetch 1000 ms after creation and 500 ms after an edit. */
export const REFETCH_AFTER_CREATE_MS = 1000;
export const REFETCH_AFTER_EDIT_MS = 500;

/** Window events other parts of the app fire to make this page reload (docs/product/classes.md). */
export const CLASSES_UPDATED_EVENT = 'classesUpdated';
export const CLASS_STUDENTS_UPDATED_EVENT = 'classStudentsUpdated';

/** The class id an event is about: detail.classId / detail.class_id / a string detail; undefined = all. */
export function eventClassId(event: Event): string | undefined {
  const detail = (event as CustomEvent<unknown>).detail;
  if (typeof detail === 'string') return detail;
  if (detail && typeof detail === 'object') {
    const d = detail as Record<string, unknown>;
    const id = d.classId ?? d.class_id;
    if (typeof id === 'string') return id;
  }
  return undefined;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string | null | undefined): value is string {
  return typeof value === 'string' && UUID_RE.test(value);
}
