import { WeekSlots, type TimesMap } from '@stundenplan/timegrid';
import type { MemberClass } from '../clients/classes-client.js';
import { assertOwnTimesOpen } from './deadline-lock.js';
import type { AvailabilityDeps } from './deps.js';
import { parseTimes } from './parse-times.js';
import { PREFERRED_OUTSIDE_OWN, resolvePreferred } from './preferred-times.js';
import { assertInsideWindow, studentWindow, type StudentWindow } from './student-window.js';

export const OWN_TIMES_SAVED = 'Verfügbare Zeiten erfolgreich gespeichert';

export interface OwnTimes {
  available_times: TimesMap;
  /** Preferred part of available_times (Wunschzeiten). */
  preferred_times: TimesMap;
  last_modified: string | null;
}

const ownTimes = (stored: { times: WeekSlots; preferred: WeekSlots; lastModified: Date } | null): OwnTimes => ({
  available_times: stored ? stored.times.toTimesMap() : {},
  preferred_times: stored ? stored.preferred.toTimesMap() : {},
  last_modified: stored ? stored.lastModified.toISOString() : null,
});

export async function getOwnTimes(deps: AvailabilityDeps, userId: string): Promise<OwnTimes> {
  return ownTimes(await deps.repo.userTimes(userId));
}

/** The student's window, from the ranges of the classes they are a member of (asked from classes). */
async function loadStudentWindow(deps: AvailabilityDeps, userId: string, classes?: MemberClass[]): Promise<StudentWindow> {
  const classIds = (classes ?? (await deps.classes.classesOfMember(userId))).map((c) => c.classId);
  const ranges = await deps.repo.timeRanges(classIds);
  return studentWindow(ranges.map((r) => r.timeRange));
}

/**
 * Validates (shape, then window, then preferred inside available) and stores a student's own
 * times. Without `preferredInput` the stored preferred times stay, cut to the new times.
 * last_modified moves and times.changed.v1 is published only when something really changed;
 * the first save always counts.
 */
export async function saveOwnTimes(deps: AvailabilityDeps, userId: string, input: unknown, preferredInput?: unknown): Promise<OwnTimes> {
  const times = parseTimes(input);
  const classes = await deps.classes.classesOfMember(userId);
  const [previous, window] = await Promise.all([deps.repo.userTimes(userId), loadStudentWindow(deps, userId, classes)]);
  assertInsideWindow(times, window, previous?.times ?? WeekSlots.empty());
  const preferred = resolvePreferred(preferredInput, times, previous?.preferred ?? WeekSlots.empty(), PREFERRED_OUTSIDE_OWN);
  if (previous && previous.times.equals(times) && previous.preferred.equals(preferred)) return ownTimes(previous);
  assertOwnTimesOpen(classes);
  const saved = await deps.repo.saveUserTimesWithEvent(userId, times, preferred);
  deps.kickOutbox();
  deps.log.info({ userId, slots: times.count(), preferred: preferred.count() }, 'own times saved');
  return ownTimes(saved);
}

export async function getTeachersTimeRanges(deps: AvailabilityDeps, userId: string): Promise<{ time_ranges: TimesMap; has_range: boolean }> {
  const window = await loadStudentWindow(deps, userId);
  return { time_ranges: window.ranges.toTimesMap(), has_range: window.hasRange };
}
