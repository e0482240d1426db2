import { useCallback, useEffect, useRef, useState } from 'react';

/** docs/product/planning.md / docs/product/limits.md: hovering a student highlights their times after 300 ms; pointer tracking is debounced 50 ms. */
export const HOVER_HIGHLIGHT_DELAY_MS = 300;
export const POINTER_DEBOUNCE_MS = 50;

/**
 * `track(id)` on pointer enter (and keyboard focus), `track(null)` on leave. The pointer target is
 * settled after 50 ms of quiet; a student stays highlighted once hovered for 300 ms in total.
 */
export function useHoverHighlight() {
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const debounceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const delayTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const settled = useRef<string | null>(null);

  const track = useCallback((id: string | null) => {
    const startedAt = Date.now();
    clearTimeout(debounceTimer.current);
    debounceTimer.current = setTimeout(() => {
      if (id === settled.current) return;
      settled.current = id;
      clearTimeout(delayTimer.current);
      setHighlighted(null);
      if (id === null) return;
      const remaining = Math.max(0, HOVER_HIGHLIGHT_DELAY_MS - (Date.now() - startedAt));
      delayTimer.current = setTimeout(() => setHighlighted(id), remaining);
    }, POINTER_DEBOUNCE_MS);
  }, []);

  useEffect(
    () => () => {
      clearTimeout(debounceTimer.current);
      clearTimeout(delayTimer.current);
    },
    [],
  );

  return { highlighted, track };
}
