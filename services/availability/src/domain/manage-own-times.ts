import { WeekSlots, type TimesMap } from '@stundenplan/timegrid';
import type { AvailabilityDeps } from './deps.js';
import { parseTimes } from './parse-times.js';
import { assertInsideWindow, studentWindow, type StudentWindow } from './student-window.js';

export const OWN_TIMES_SAVED = 'Verfügbare Zeiten erfolgreich gespeichert';

export interface OwnTimes {
  available_times: TimesMap;
  last_modified: string | null;
}

export async function getOwnTimes(deps: AvailabilityDeps, userId: string): Promise<OwnTimes> {
  const stored = await deps.repo.userTimes(userId);
  return { available_times: stored ? stored.times.toTimesMap() : {}, last_modified: stored ? stored.lastModified.toISOString() : null };
}

/** The student's window, from the ranges of the classes they are a member of (asked from classes). */
export async function loadStudentWindow(deps: AvailabilityDeps, userId: string): Promise<StudentWindow> {
  const classIds = await deps.classes.classIdsOfMember(userId);
  const ranges = await deps.repo.timeRanges(classIds);
  return studentWindow(ranges.map((r) => r.timeRange));
}

/**
 * Validates (shape, then window) and stores a student's own times. last_modified moves and
 * times.changed.v1 is published only when the times really changed; the first save always counts.
 */
export async function saveOwnTimes(deps: AvailabilityDeps, userId: string, input: unknown): Promise<OwnTimes> {
  const times = parseTimes(input);
  const window = await loadStudentWindow(deps, userId);
  const previous = await deps.repo.userTimes(userId);
  assertInsideWindow(times, window, previous?.times ?? WeekSlots.empty());
  if (previous && previous.times.equals(times)) {
    return { available_times: previous.times.toTimesMap(), last_modified: previous.lastModified.toISOString() };
  }
  const saved = await deps.repo.transaction(async (w) => {
    const row = await w.saveUserTimes(userId, times);
    await w.timesChanged({ kind: 'user', user_id: userId });
    return row;
  });
  deps.kickOutbox();
  deps.log.info({ userId, slots: times.count() }, 'own times saved');
  return { available_times: saved.times.toTimesMap(), last_modified: saved.lastModified.toISOString() };
}

export async function getTeachersTimeRanges(deps: AvailabilityDeps, userId: string): Promise<{ time_ranges: TimesMap; has_range: boolean }> {
  const window = await loadStudentWindow(deps, userId);
  return { time_ranges: window.ranges.toTimesMap(), has_range: window.hasRange };
}
