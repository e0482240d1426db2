import { useEffect, useState } from 'react';

/** docs/product/limits.md: the slow-load hint appears after 5000 ms of loading. */
export const SLOW_LOAD_MS = 5000;
export const SLOW_LOAD_TEXT = 'Das Laden dauert länger als gewöhnlich...';

/** True once `loading` has been true for `delayMs` without a break. */
export function useSlowLoading(loading: boolean, delayMs: number = SLOW_LOAD_MS): boolean {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!loading) {
      setSlow(false);
      return;
    }
    const timer = setTimeout(() => setSlow(true), delayMs);
    return () => clearTimeout(timer);
  }, [loading, delayMs]);
  return loading && slow;
}
