import { useMemo, useReducer } from 'react';
import { DEFAULT_WIGGLE_ROOM } from '../components/WiggleRoomControl';
import type { TimesMap } from '@stundenplan/timegrid';
import { initialPlannerUi, plannerUiReducer, visibleRangeOf, type PlanPriority, type RangeValue } from '../model/planner-ui';
import type { TimeSource } from '../model/types';

/** The planner's view settings (model/planner-ui.ts) with stable setters; the range opens at the teacher's times. */
export function usePlannerUi(teacherTimes?: TimesMap | null) {
  const [ui, dispatch] = useReducer(plannerUiReducer, { wiggle: DEFAULT_WIGGLE_ROOM, teacherTimes }, initialPlannerUi);
  const set = useMemo(
    () => ({
      range: (value: RangeValue) => dispatch({ type: 'range', value }),
      wiggle: (value: number) => dispatch({ type: 'wiggle', value }),
      priority: (value: PlanPriority) => dispatch({ type: 'priority', value }),
      preference: (memberId: string, source: TimeSource) => dispatch({ type: 'choose', memberId, source }),
      toggleSidebar: () => dispatch({ type: 'toggleSidebar' }),
      loadDialog: (open: boolean) => dispatch({ type: 'loadDialog', open }),
      compact: (on: boolean) => dispatch({ type: 'compact', on }),
    }),
    [],
  );
  const range = useMemo(() => visibleRangeOf(ui.range), [ui.range]);
  return { ui, range, set };
}
