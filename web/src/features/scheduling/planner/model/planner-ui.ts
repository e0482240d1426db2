// The planner's own view settings (not the plan): the visible time range, the wiggle room, the priority of
// the calculation, each student's time source, the open sidebar, the load dialog and the compact grid. One
// reducer, named actions.
import { DEFAULT_VISIBLE_RANGE, SLOT_MINUTES, SLOTS_PER_DAY, WeekSlots, type TimesMap } from '@stundenplan/timegrid';
import type { TimeSource, VisibleRange } from './types';

/** What counts more in the calculation (docs/product/planning.md "Solver goals"): the request's `priority`. */
export type PriorityOrder = 'preferred_first' | 'compact_first' | 'weighted';

export interface PlanPriority {
  order: PriorityOrder;
  /** With 'weighted': at most this many more gap minutes per lesson in preferred times. */
  gapMinutes: number;
}

const SLOTS_PER_HOUR = 60 / SLOT_MINUTES;

/** The choices of 'höchstens … Minuten Lücke mehr pro erfüllter Wunschzeit'. */
export const GAP_MINUTE_OPTIONS = [15, 30, 45, 60, 90, 120] as const;
export const DEFAULT_PRIORITY: PlanPriority = { order: 'preferred_first', gapMinutes: 30 };

export interface RangeValue {
  start: number | null;
  end: number | null;
}

export interface PlannerUi {
  range: RangeValue;
  wiggle: number;
  priority: PlanPriority;
  choices: Record<string, TimeSource>;
  sidebarOpen: boolean;
  loadOpen: boolean;
  compact: boolean;
}

export type PlannerUiAction =
  | { type: 'range'; value: RangeValue }
  | { type: 'wiggle'; value: number }
  | { type: 'priority'; value: PlanPriority }
  | { type: 'choose'; memberId: string; source: TimeSource }
  | { type: 'toggleSidebar' }
  | { type: 'loadDialog'; open: boolean }
  | { type: 'compact'; on: boolean };

/**
 * The visible range the planner opens with: from the full hour of the teacher's first time (any day) to
 * 19.00, or to the full hour after the teacher's last time when that is later; without teacher times
 * 8.00 to 19.00.
 */
export function initialRange(teacherTimes?: TimesMap | null): RangeValue {
  const week = WeekSlots.fromTimesMap(teacherTimes ?? {}, { strict: false });
  let first = SLOTS_PER_DAY;
  let last = -1;
  for (const day of week.daysWithSlots()) {
    const slots = week.slots(day);
    first = Math.min(first, slots[0]!);
    last = Math.max(last, slots[slots.length - 1]!);
  }
  if (last < 0) return { start: DEFAULT_VISIBLE_RANGE.start, end: DEFAULT_VISIBLE_RANGE.end };
  // The end list goes up to 95 (the last quarter hour of the day).
  const end = Math.min(SLOTS_PER_DAY - 1, Math.max(DEFAULT_VISIBLE_RANGE.end, Math.ceil((last + 1) / SLOTS_PER_HOUR) * SLOTS_PER_HOUR));
  const start = Math.min(Math.floor(first / SLOTS_PER_HOUR) * SLOTS_PER_HOUR, end - 1);
  return { start, end };
}

export function initialPlannerUi({ wiggle, teacherTimes }: { wiggle: number; teacherTimes?: TimesMap | null }): PlannerUi {
  return {
    range: initialRange(teacherTimes),
    wiggle,
    priority: DEFAULT_PRIORITY,
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
    case 'priority':
      return { ...ui, priority: action.value };
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
