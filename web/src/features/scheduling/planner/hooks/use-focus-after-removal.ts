import { useCallback, useEffect, useRef } from 'react';
import { useLatest } from '../../../../shared/hooks/use-latest';
import type { LessonView } from '../components/LessonBlock';
import type { VisibleRange } from '../model/types';

function lessonNode(grid: HTMLElement | null, key: string): HTMLElement | null {
  for (const node of grid?.querySelectorAll<HTMLElement>('[data-lesson-key]') ?? []) if (node.dataset.lessonKey === key) return node;
  return null;
}

/**
 * A lesson taken out while the focus was in it (Entf, or its ×) hands the focus on to the next lesson of
 * the week (else the previous one, else the grid), instead of leaving it to the page body.
 */
export function useFocusAfterRemoval(lessons: readonly LessonView[], range: VisibleRange | null) {
  const gridRef = useRef<HTMLDivElement>(null);
  const pending = useRef<{ removed: string; next: string | null } | null>(null);
  const latest = useLatest({ lessons, range });

  const removing = useCallback(
    (key: string) => {
      const node = lessonNode(gridRef.current, key);
      if (!node?.contains(document.activeElement)) return;
      const { lessons: all, range: r } = latest.current;
      const shown = all
        .filter((l) => !r || Math.min(l.end, r.end) > Math.max(l.start, r.start))
        .sort((a, b) => a.day - b.day || a.start - b.start || a.key.localeCompare(b.key));
      const at = shown.findIndex((l) => l.key === key);
      const next = shown[at + 1] ?? shown[at - 1] ?? null;
      pending.current = { removed: key, next: next?.key ?? null };
    },
    [latest],
  );

  // After the render without the removed lesson.
  useEffect(() => {
    const wanted = pending.current;
    if (!wanted || lessons.some((l) => l.key === wanted.removed)) return;
    pending.current = null;
    const target = (wanted.next ? lessonNode(gridRef.current, wanted.next) : null) ?? gridRef.current;
    target?.focus();
  });

  return { gridRef, removing };
}
