import type { CellRef } from './grid-model';

/** The cell an event's target lies in (its data-day and data-slot), when it belongs to this grid's table. */
export function cellOf(element: Element | null, root: HTMLElement | null): CellRef | null {
  const el = element?.closest?.('[data-slot]');
  if (!el || !root?.contains(el)) return null;
  return { day: Number(el.getAttribute('data-day')), slot: Number(el.getAttribute('data-slot')) };
}
