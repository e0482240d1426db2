import { useCallback, useSyncExternalStore } from 'react';

/** Mobile layout of the app (styles.css): up to 768 px. */
export const MOBILE_QUERY = '(max-width: 768px)';
/** Touch-first devices: the grid uses two taps instead of dragging so the page can scroll. */
export const COARSE_POINTER_QUERY = '(pointer: coarse)';

function mediaList(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

/** Live result of a CSS media query (false where matchMedia is missing, e.g. jsdom). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaList(query);
      if (!list) return () => undefined;
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaList(query)?.matches ?? false,
    () => false,
  );
}

/** True on the mobile layout (<= 768 px). */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}
