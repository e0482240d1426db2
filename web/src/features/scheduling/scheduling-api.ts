// Calls of steps 1-3 (docs/product/api.md "Classes", "Times and ranges"). Reads keep running across step changes
// (abortOnRouteChange false): the steps are one page with several paths.
import type { AnswerOf } from '@stundenplan/contracts';
import { availability } from '@stundenplan/contracts/routes';
import { WeekSlots } from '@stundenplan/timegrid';
import { call } from '../../shared/api/client';
import type { RangeChoice, RangeMode } from './range-cookie';

export interface ClassSummary {
  class_id: string;
  name: string;
  description?: string | null;
  is_group?: boolean;
  member_count?: number;
}

export interface TimeRangeState {
  timeRange: WeekSlots | null;
  mode: RangeMode | null;
  extraMinutes: number | null;
}

type TimeRangeAnswer = AnswerOf<typeof availability.getTimeRange>;

const READ = { abortOnRouteChange: false } as const;
const WRITE = { abortOnRouteChange: false, abortPrevious: false } as const;

export async function fetchTeacherTimes(classId: string, signal?: AbortSignal): Promise<WeekSlots> {
  const answer = await call(availability.getTeacherTimes, { params: { classId } }, { ...READ, signal });
  return WeekSlots.fromTimesMap(answer?.available_times ?? {}, { strict: false });
}

export async function saveTeacherTimes(classId: string, times: WeekSlots): Promise<WeekSlots> {
  const answer = await call(availability.saveTeacherTimes, { params: { classId }, body: { available_times: times.toTimesMap() } }, WRITE);
  return answer ? WeekSlots.fromTimesMap(answer.available_times, { strict: false }) : times;
}

export function toRangeState(answer: TimeRangeAnswer | undefined): TimeRangeState {
  return {
    timeRange: answer?.time_range ? WeekSlots.fromTimesMap(answer.time_range, { strict: false }) : null,
    mode: answer?.mode ?? null,
    extraMinutes: answer?.extraMinutes ?? null,
  };
}

export async function fetchTimeRange(classId: string, signal?: AbortSignal): Promise<TimeRangeState> {
  return toRangeState(await call(availability.getTimeRange, { params: { classId } }, { ...READ, signal }));
}

/** POST .../exact, POST .../extended {extraMinutes} or PUT .../time-range {time_range, mode: 'custom'}. */
export async function saveTimeRange(classId: string, choice: RangeChoice, custom?: WeekSlots): Promise<TimeRangeState> {
  const params = { classId };
  if (choice.mode === 'exact') return toRangeState(await call(availability.setExactRange, { params }, WRITE));
  if (choice.mode === 'extended')
    return toRangeState(await call(availability.setExtendedRange, { params, body: { extraMinutes: choice.extraMinutes ?? 15 } }, WRITE));
  const body = { time_range: (custom ?? WeekSlots.empty()).toTimesMap(), mode: 'custom' as const };
  return toRangeState(await call(availability.setCustomRange, { params, body }, WRITE));
}

/** The mode that counts: the server's, else the cookie's when the server has a range without a mode. */
export function effectiveRange(range: TimeRangeState | undefined, cookie: RangeChoice | null): TimeRangeState | undefined {
  if (!range) return range;
  if (range.mode || !range.timeRange || !cookie) return range;
  return { ...range, mode: cookie.mode, extraMinutes: cookie.extraMinutes };
}
