import { useLayoutEffect, useRef } from 'react';

/**
 * For a bar fixed at the bottom of the screen (two-tap hint, planner lesson actions): publishes the
 * space it takes as --bottom-bar-offset on <html>, so toasts (also bottom centre) rise above it and
 * never cover its buttons.
 */
export function useBottomBarOffset<T extends HTMLElement>() {
  const ref = useRef<T | null>(null);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    const root = document.documentElement;
    const update = () => {
      const box = node.getBoundingClientRect();
      const fromBottom = Math.max(0, window.innerHeight - box.top);
      root.style.setProperty('--bottom-bar-offset', `${Math.ceil(fromBottom)}px`);
    };
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(node);
    window.addEventListener('resize', update);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', update);
      root.style.removeProperty('--bottom-bar-offset');
    };
  }, []);
  return ref;
}
