// Step 1's jump (docs/product/planning.md): after a class is chosen its times and range are read fresh and the
// teacher lands on the first step that still needs something.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isAbortError } from '../../shared/api/client';
import { toast } from '../../shared/toast/toast-store';
import { deleteRangeCookie, readRangeCookie } from './range-cookie';
import { effectiveRange, type ClassSummary } from './scheduling-api';
import { teacherTimesQuery, timeRangeQuery } from './scheduling-data';
import { autoStep, stepPath } from './scheduling-flow';
import { SCHEDULING_TEXTS } from './scheduling-texts';

/** `choosing`: the class being read after a click, if any. */
export function useClassChoice() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [choosing, setChoosing] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const choose = useCallback(
    async (cls: ClassSummary) => {
      const id = cls.class_id;
      setChoosing(id);
      try {
        const [times, rangeState] = await Promise.all([
          queryClient.fetchQuery({ ...teacherTimesQuery(id), staleTime: 0 }),
          queryClient.fetchQuery({ ...timeRangeQuery(id), staleTime: 0 }),
        ]);
        if (!mounted.current) return;
        if (times.isEmpty()) deleteRangeCookie(id);
        const mode = effectiveRange(rangeState, readRangeCookie(id))?.mode;
        void navigate(stepPath(autoStep({ hasTimes: !times.isEmpty(), hasRangeMode: !!mode }), id));
      } catch (error) {
        if (mounted.current && !isAbortError(error)) toast.error(SCHEDULING_TEXTS.dataLoadFailed);
      } finally {
        if (mounted.current) setChoosing(null);
      }
    },
    [navigate, queryClient],
  );

  return { choosing, choose };
}
