import type { CollisionDetection } from '@dnd-kit/core';
import { dayColumnId, parseDayColumnId, slotAt, UNPLACE_ID } from '../model/dnd';

/**
 * Keyboard: the keyboard target, whatever the geometry. Pointer: the unplace zone, else the day
 * column under the pointer (live client rects, so scrolling during a drag is fine) with the slot
 * under the pointer in the collision's data. Only 7 day columns are droppables, not every cell.
 */
export function plannerCollision(keyboardTarget: { readonly current: { day: number; slot: number } | null }): CollisionDetection {
  return (args) => {
    const target = keyboardTarget.current;
    if (target) {
      const id = dayColumnId(target.day);
      return args.droppableContainers.some((c) => c.id === id) ? [{ id, data: { day: target.day, slot: target.slot } }] : [];
    }
    const point = args.pointerCoordinates;
    if (!point) return [];
    const inside = (r: DOMRect | undefined) => r !== undefined && point.x >= r.left && point.x <= r.right && point.y >= r.top && point.y <= r.bottom;
    for (const container of args.droppableContainers) {
      const node = container.node.current;
      if (!node) continue;
      const rect = node.getBoundingClientRect();
      if (!inside(rect)) continue;
      if (container.id === UNPLACE_ID) return [{ id: UNPLACE_ID }];
      const day = parseDayColumnId(container.id);
      if (day === null) continue;
      const slot = slotAt(point.y, rect.top, rect.height, Number(node.dataset.start), Number(node.dataset.rows));
      return [{ id: container.id, data: { day, slot } }];
    }
    return [];
  };
}
