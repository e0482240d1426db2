import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref that holds the latest value, for callbacks that must not change identity. It is written after render
 * (layout effect), never during it, so a render that React throws away leaves it untouched.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
