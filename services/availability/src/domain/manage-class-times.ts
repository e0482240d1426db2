import { AppError } from '@stundenplan/base';
import { EXTRA_TIME_OPTIONS, SLOT_MINUTES, WeekSlots, type TimesMap } from '@stundenplan/timegrid';
import type { RangeMode, StoredTimeRange, TimesWriter } from '../data/times-repository.js';
import type { AvailabilityDeps } from './deps.js';
import { parseTimes } from './parse-times.js';

export const RANGE_SAVED = 'Zeitraum für Klasse gespeichert';
const TEACHER_TIMES_REQUIRED = 'Bitte trage zuerst deine Verfügbarkeitszeiten ein.';
export const INVALID_EXTRA_MINUTES = 'Ungültige Zusatzzeit. Erlaubt sind 15, 30, 45 oder 60 Minuten.';
export const INVALID_RANGE_MODE = "Ungültiger Modus. Erwartet wird 'custom'.";
const EMPTY_CUSTOM_RANGE = 'Bitte wähle mindestens eine Zeit für den Zeitraum aus.';

export interface TimeRangeAnswer {
  time_range: TimesMap | null;
  mode: RangeMode | null;
  extraMinutes: number | null;
}

const answer = (r: StoredTimeRange | null): TimeRangeAnswer =>
  r ? { time_range: r.timeRange.toTimesMap(), mode: r.mode, extraMinutes: r.extraMinutes } : { time_range: null, mode: null, extraMinutes: null };

/** exact: the teacher's times; extended: each run padded by extraMinutes / 15 slots on both sides, within its day. */
function deriveRange(teacherTimes: WeekSlots, mode: 'exact' | 'extended', extraMinutes: number | null): WeekSlots {
  return mode === 'extended' ? teacherTimes.pad((extraMinutes ?? 0) / SLOT_MINUTES) : teacherTimes;
}

export async function getTeacherTimes(deps: AvailabilityDeps, classId: string): Promise<{ available_times: TimesMap }> {
  return { available_times: (await deps.repo.teacherTimes(classId)).toTimesMap() };
}

/**
 * Stores the teacher's times of a class. Empty is allowed (the page enforces 'at least one time'
 * before step 3; the API lets a teacher clear them) and then also deletes the class's range, which
 * derives from them. Non-empty times re-derive an exact/extended range; a custom range stays.
 */
export async function saveTeacherTimes(deps: AvailabilityDeps, classId: string, teacherId: string, input: unknown): Promise<{ available_times: TimesMap }> {
  const times = parseTimes(input);
  const changed = await deps.repo.transaction(async (w) => {
    const before = await w.teacherTimes(classId);
    const range = await w.timeRange(classId);
    if (times.isEmpty()) {
      await w.deleteTeacherTimes(classId);
      if (range) {
        await w.deleteTimeRange(classId);
        await w.timesChanged({ kind: 'time_range', class_id: classId });
      }
    } else {
      await w.saveTeacherTimes(classId, teacherId, times);
      if (range && range.mode !== 'custom') {
        const next = deriveRange(times, range.mode, range.extraMinutes);
        if (!next.equals(range.timeRange)) {
          await w.saveTimeRange(classId, range.mode, range.extraMinutes, next);
          await w.timesChanged({ kind: 'time_range', class_id: classId });
        }
      }
    }
    const differs = !before.equals(times);
    if (differs) await w.timesChanged({ kind: 'teacher_times', class_id: classId });
    return differs;
  });
  deps.kickOutbox();
  if (changed) deps.log.info({ classId, slots: times.count() }, 'teacher times saved');
  return { available_times: times.toTimesMap() };
}

export async function getTimeRange(deps: AvailabilityDeps, classId: string): Promise<TimeRangeAnswer> {
  return answer(await deps.repo.timeRange(classId));
}

/** extraMinutes of the extended mode: missing or null means the default 15; otherwise 15, 30, 45 or 60. */
function parseExtraMinutes(value: unknown): number {
  if (value === undefined || value === null) return 15;
  if (typeof value === 'number' && EXTRA_TIME_OPTIONS.includes(value)) return value;
  throw AppError.badRequest(INVALID_EXTRA_MINUTES);
}

async function saveRange(
  deps: AvailabilityDeps,
  classId: string,
  build: (teacherTimes: WeekSlots) => { mode: RangeMode; extraMinutes: number | null; range: WeekSlots },
): Promise<TimeRangeAnswer & { message: string }> {
  const saved = await deps.repo.transaction(async (w: TimesWriter) => {
    const teacherTimes = await w.teacherTimes(classId);
    if (teacherTimes.isEmpty()) throw AppError.badRequest(TEACHER_TIMES_REQUIRED);
    const { mode, extraMinutes, range } = build(teacherTimes);
    const row = await w.saveTimeRange(classId, mode, extraMinutes, range);
    await w.timesChanged({ kind: 'time_range', class_id: classId });
    return row;
  });
  deps.kickOutbox();
  deps.log.info({ classId, mode: saved.mode }, 'time range saved');
  return { ...answer(saved), message: RANGE_SAVED };
}

export function setExactRange(deps: AvailabilityDeps, classId: string) {
  return saveRange(deps, classId, (t) => ({ mode: 'exact', extraMinutes: null, range: deriveRange(t, 'exact', null) }));
}

export function setExtendedRange(deps: AvailabilityDeps, classId: string, extraMinutesInput: unknown) {
  const extraMinutes = parseExtraMinutes(extraMinutesInput);
  return saveRange(deps, classId, (t) => ({ mode: 'extended', extraMinutes, range: deriveRange(t, 'extended', extraMinutes) }));
}

/** custom: the teacher's own pick, validated strictly; needs teacher times like the other modes (docs/product/times.md). */
export function setCustomRange(deps: AvailabilityDeps, classId: string, mode: unknown, rangeInput: unknown) {
  if (mode !== 'custom') throw AppError.badRequest(INVALID_RANGE_MODE);
  const range = parseTimes(rangeInput);
  if (range.isEmpty()) throw AppError.badRequest(EMPTY_CUSTOM_RANGE);
  return saveRange(deps, classId, () => ({ mode: 'custom', extraMinutes: null, range }));
}
