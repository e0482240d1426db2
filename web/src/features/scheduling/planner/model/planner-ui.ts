// The planner's own view settings (not the plan): the visible time range, the wiggle room, each student's time
// source, the open sidebar, the load dialog and the compact grid. One reducer, named actions.
import { DEFAULT_VISIBLE_RANGE } from '@stundenplan/timegrid';
import type { TimeSource, VisibleRange } from './types';

export interface RangeValue {
  start: number | null;
  end: number | null;
}

export interface PlannerUi {
  range: RangeValue;
  wiggle: number;
  choices: Record<string, TimeSource>;
  sidebarOpen: boolean;
  loadOpen: boolean;
  compact: boolean;
}

export type PlannerUiAction =
  | { type: 'range'; value: RangeValue }
  | { type: 'wiggle'; value: number }
  | { type: 'choose'; memberId: string; source: TimeSource }
  | { type: 'toggleSidebar' }
  | { type: 'loadDialog'; open: boolean }
  | { type: 'compact'; on: boolean };

export function initialPlannerUi(wiggle: number): PlannerUi {
  return {
    range: { start: DEFAULT_VISIBLE_RANGE.start, end: DEFAULT_VISIBLE_RANGE.end },
    wiggle,
    choices: {},
    sidebarOpen: true,
    loadOpen: false,
    compact: false,
  };
}

export function plannerUiReducer(ui: PlannerUi, action: PlannerUiAction): PlannerUi {
  switch (action.type) {
    case 'range':
      return { ...ui, range: action.value };
    case 'wiggle':
      return { ...ui, wiggle: action.value };
    case 'choose':
      return { ...ui, choices: { ...ui.choices, [action.memberId]: action.source } };
    case 'toggleSidebar':
      return { ...ui, sidebarOpen: !ui.sidebarOpen };
    case 'loadDialog':
      return { ...ui, loadOpen: action.open };
    case 'compact':
      return { ...ui, compact: action.on };
  }
}

/** The chosen range as rows of the grid, or null while Von / Bis do not make one. */
export function visibleRangeOf({ start, end }: RangeValue): VisibleRange | null {
  return start !== null && end !== null && start < end ? { start, end } : null;
}
