import { useEffect, useRef, type RefObject } from 'react';

/** Calls `onOutside` on a pointer press outside `ref` (and on Escape) while `active`. */
export function useClickOutside(ref: RefObject<HTMLElement | null>, onOutside: () => void, active = true): void {
  const callback = useRef(onOutside);
  callback.current = onOutside;

  useEffect(() => {
    if (!active) return;
    const onPointer = (event: MouseEvent | TouchEvent) => {
      const target = event.target as Node | null;
      if (ref.current && target && !ref.current.contains(target)) callback.current();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') callback.current();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [ref, active]);
}
