import { PointerSensor } from '@dnd-kit/core';
import type { PointerEvent as ReactPointerEvent } from 'react';

/**
 * Mouse and pen through the pointer events; touch is left to the TouchSensor (long press), so a
 * finger can still scroll the page.
 */
export class MousePointerSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: (event: ReactPointerEvent, options: Parameters<(typeof PointerSensor.activators)[number]['handler']>[1]) =>
        event.nativeEvent.pointerType === 'touch' ? false : PointerSensor.activators[0]!.handler(event, options),
    },
  ];
}

/** Keys that move the keyboard target (see PLANNER_TEXTS.keyboardHelp). */
export const KEYBOARD_CODES = { start: ['Space', 'Enter'], cancel: ['Escape', 'Tab'], end: ['Space', 'Enter'] };

/**
 * The keyboard drag's next position: the cell the key leads to (`next`, null for keys that do not move), on screen
 * where the grid has a layout; without one (tests) still a step, so the drag state changes.
 */
export function keyboardCoordinates(next: { day: number; slot: number }, current: { day: number; slot: number }, at: { x: number; y: number }) {
  const el = document.querySelector<HTMLElement>(`[data-cell="${next.day}:${next.slot}"]`);
  el?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  const rect = el?.getBoundingClientRect();
  if (rect && (rect.width > 0 || rect.height > 0)) return { x: rect.left, y: rect.top };
  return { x: at.x + (next.day - current.day) * 10, y: at.y + (next.slot - current.slot) * 10 };
}
