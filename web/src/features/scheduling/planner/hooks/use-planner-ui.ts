import { useMemo, useReducer } from 'react';
import { DEFAULT_WIGGLE_ROOM } from '../components/WiggleRoomControl';
import { initialPlannerUi, plannerUiReducer, visibleRangeOf, type RangeValue } from '../model/planner-ui';
import type { TimeSource } from '../model/types';

/** The planner's view settings (model/planner-ui.ts) with stable setters. */
export function usePlannerUi() {
  const [ui, dispatch] = useReducer(plannerUiReducer, DEFAULT_WIGGLE_ROOM, initialPlannerUi);
  const set = useMemo(
    () => ({
      range: (value: RangeValue) => dispatch({ type: 'range', value }),
      wiggle: (value: number) => dispatch({ type: 'wiggle', value }),
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
