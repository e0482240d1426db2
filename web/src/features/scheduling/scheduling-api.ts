// Calls of steps 1-3 (docs/product/api.md "Classes", "Times and ranges"). Reads keep running across step changes
// (abortOnRouteChange false): the steps are one page with several paths.
import { WeekSlots, type TimesMap } from '@stundenplan/timegrid';
import { api } from '../../shared/api/client';
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

interface TimeRangeAnswer {
  time_range?: TimesMap | null;
  mode?: string | null;
  extraMinutes?: number | null;
}

const READ = { abortOnRouteChange: false } as const;
const WRITE = { abortOnRouteChange: false, abortPrevious: false } as const;

function classPath(classId: string, rest: string): string {
  return `classes/${encodeURIComponent(classId)}/${rest}`;
}

export async function fetchTeacherTimes(classId: string, signal?: AbortSignal): Promise<WeekSlots> {
  const answer = await api.get<{ available_times?: TimesMap | null }>(classPath(classId, 'available-times'), { ...READ, signal });
  return WeekSlots.fromTimesMap(answer?.available_times ?? {}, { strict: false });
}

export async function saveTeacherTimes(classId: string, times: WeekSlots): Promise<WeekSlots> {
  const answer = await api.put<{ available_times?: TimesMap | null }>(classPath(classId, 'available-times'), { available_times: times.toTimesMap() }, WRITE);
  return answer?.available_times ? WeekSlots.fromTimesMap(answer.available_times, { strict: false }) : times;
}

function isMode(value: unknown): value is RangeMode {
  return value === 'exact' || value === 'extended' || value === 'custom';
}

export function toRangeState(answer: TimeRangeAnswer | undefined): TimeRangeState {
  const timeRange = answer?.time_range ? WeekSlots.fromTimesMap(answer.time_range, { strict: false }) : null;
  return {
    timeRange,
    mode: isMode(answer?.mode) ? answer.mode : null,
    extraMinutes: typeof answer?.extraMinutes === 'number' ? answer.extraMinutes : null,
  };
}

export async function fetchTimeRange(classId: string, signal?: AbortSignal): Promise<TimeRangeState> {
  return toRangeState(await api.get<TimeRangeAnswer>(classPath(classId, 'time-range'), { ...READ, signal }));
}

/** POST .../exact, POST .../extended {extraMinutes} or PUT .../time-range {time_range, mode: 'custom'}. */
export async function saveTimeRange(classId: string, choice: RangeChoice, custom?: WeekSlots): Promise<TimeRangeState> {
  let answer: TimeRangeAnswer | undefined;
  if (choice.mode === 'exact') answer = await api.post<TimeRangeAnswer>(classPath(classId, 'time-range/exact'), undefined, WRITE);
  else if (choice.mode === 'extended')
    answer = await api.post<TimeRangeAnswer>(classPath(classId, 'time-range/extended'), { extraMinutes: choice.extraMinutes ?? 15 }, WRITE);
  else
    answer = await api.put<TimeRangeAnswer>(
      classPath(classId, 'time-range'),
      { time_range: (custom ?? WeekSlots.empty()).toTimesMap(), mode: 'custom' },
      WRITE,
    );
  return toRangeState(answer);
}

/** The mode that counts: the server's, else the cookie's when the server has a range without a mode. */
export function effectiveRange(range: TimeRangeState | undefined, cookie: RangeChoice | null): TimeRangeState | undefined {
  if (!range) return range;
  if (range.mode || !range.timeRange || !cookie) return range;
  return { ...range, mode: cookie.mode, extraMinutes: cookie.extraMinutes };
}
