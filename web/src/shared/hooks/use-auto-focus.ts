import { useCallback, type RefCallback } from 'react';

/**
 * Focuses a field when it is mounted, also one that mounts late (an inline editor opened by a click, a step
 * inside an open dialog): a ref callback runs in the commit that puts the node into the document, before the
 * browser paints and before the next key press. A field that is there when a Dialog opens is marked
 * `data-autofocus` instead, so that the Dialog can remember the opener first.
 */
export function useAutoFocus<T extends HTMLElement>(enabled = true): RefCallback<T> {
  return useCallback(
    (node: T | null) => {
      if (enabled && node) node.focus();
    },
    [enabled],
  );
}
