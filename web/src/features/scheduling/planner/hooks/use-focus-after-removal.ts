import { useCallback, useLayoutEffect, useRef } from 'react';
import { useLatest } from '../../../../shared/hooks/use-latest';
import type { LessonView } from '../components/LessonBlock';
import type { VisibleRange } from '../model/types';

function lessonNode(grid: HTMLElement | null, key: string): HTMLElement | null {
  for (const node of grid?.querySelectorAll<HTMLElement>('[data-lesson-key]') ?? []) if (node.dataset.lessonKey === key) return node;
  return null;
}

/**
 * A lesson taken out while the focus was in it (Entf, or its ×) hands the focus on to the next lesson of
 * the week (else the previous one, else the grid), instead of leaving it to the page body. The hand-over
 * happens in the key or click handler, while the tile is still there: the focus never passes the body, and a
 * second Entf pressed before the grid has rendered again already goes to the next lesson.
 */
export function useFocusAfterRemoval(lessons: readonly LessonView[], range: VisibleRange | null) {
  const gridRef = useRef<HTMLDivElement>(null);
  const latest = useLatest({ lessons, range });
  // Lessons taken out whose tiles are still rendered: until the grid renders the changed lessons.
  const leaving = useRef(new Set<string>());
  useLayoutEffect(() => leaving.current.clear(), [lessons]);

  const removing = useCallback(
    (key: string) => {
      const { lessons: all, range: r } = latest.current;
      leaving.current.add(key);
      const node = lessonNode(gridRef.current, key);
      if (!node?.contains(document.activeElement)) return;
      const shown = all
        .filter((l) => l.key === key || (!leaving.current.has(l.key) && (!r || Math.min(l.end, r.end) > Math.max(l.start, r.start))))
        .sort((a, b) => a.day - b.day || a.start - b.start || a.key.localeCompare(b.key));
      const at = shown.findIndex((l) => l.key === key);
      const next = shown[at + 1] ?? shown[at - 1] ?? null;
      const target = (next ? lessonNode(gridRef.current, next.key) : null) ?? gridRef.current;
      target?.focus();
    },
    [latest],
  );

  return { gridRef, removing };
}
