import { useQuery } from '@tanstack/react-query';
import { WeekSlots } from '@stundenplan/timegrid';
import { useEffect, useMemo } from 'react';
import { useSlowLoading } from '../../shared/hooks/use-slow-loading';
import { useSchedulingClasses } from './ClassStep';
import { deleteRangeCookie, readRangeCookie, writeRangeCookie } from './range-cookie';
import { effectiveRange } from './scheduling-api';
import { teacherTimesQuery, timeRangeQuery } from './scheduling-data';
import type { FlowFacts } from './scheduling-flow';

export const EMPTY_WEEK = WeekSlots.empty();

/** What steps 2-4 read of a class: its name, the teacher's times, the time range (with the remembered mode) and the flow facts. */
export function useStepData(classId: string | null) {
  const classes = useSchedulingClasses();
  const timesQuery = useQuery(teacherTimesQuery(classId ?? ''));
  const rangeQuery = useQuery(timeRangeQuery(classId ?? ''));
  const savedTimes = timesQuery.data;
  const rangeData = rangeQuery.data;
  // Read on every render (cheap): saves rewrite the cookie.
  const remembered = classId ? readRangeCookie(classId) : null;
  const rememberedKey = remembered ? `${remembered.mode}:${remembered.extraMinutes}` : '';
  const range = useMemo(() => effectiveRange(rangeData, rememberedKey ? remembered : null), [rangeData, rememberedKey]); // eslint-disable-line react-hooks/exhaustive-deps

  // The cookie mirrors the saved mode and goes away with the teacher times (docs/product/planning.md).
  useEffect(() => {
    if (classId && rangeData?.mode) writeRangeCookie(classId, { mode: rangeData.mode, extraMinutes: rangeData.extraMinutes });
  }, [classId, rangeData]);
  useEffect(() => {
    if (classId && savedTimes?.isEmpty()) deleteRangeCookie(classId);
  }, [classId, savedTimes]);

  const facts: FlowFacts = { hasClass: !!classId, hasTimes: !!savedTimes && !savedTimes.isEmpty(), hasRangeMode: !!range?.mode };
  const className = classes.data?.find((c) => c.class_id === classId)?.name ?? (classes.isPending ? '…' : 'Unbekannte Klasse');
  const teacherTimesMap = useMemo(() => savedTimes?.toTimesMap() ?? {}, [savedTimes]);
  const rangeMap = useMemo(() => range?.timeRange?.toTimesMap() ?? null, [range]);
  return {
    timesQuery,
    rangeQuery,
    savedTimes,
    range,
    remembered,
    facts,
    className,
    teacherTimesMap,
    rangeMap,
    loaded: !!classId && timesQuery.isSuccess && rangeQuery.isSuccess,
    slow: useSlowLoading(!!classId && (timesQuery.isPending || rangeQuery.isPending)),
  };
}

export type StepData = ReturnType<typeof useStepData>;
