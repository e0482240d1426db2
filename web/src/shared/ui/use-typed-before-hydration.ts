// What a visitor typed or chose in a page the build rendered, before the app took it over
// (docs/adr/0030-prerendered-pages.md). Hydration keeps the field's text on screen but leaves the component's
// state at the rendered value, and the next render would put that value back. So each field, once hydrated
// (a page's parts may hydrate one after the other), tells its component of a value that differs from the
// rendered one, through the event React listens to: the component's own `onChange` takes it into its state.
import { useCallback, useLayoutEffect, useRef, type Ref, type RefCallback } from 'react';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Input types whose value the visitor does not type (or that cannot be set). */
const NOT_TYPED = new Set(['button', 'submit', 'reset', 'image', 'file', 'hidden']);

function replayText(field: HTMLInputElement | HTMLTextAreaElement): void {
  if (field.value === field.defaultValue) return;
  const typed = field.value;
  // Through the element's own setter (React's): React records the rendered value as the last one it knows ...
  field.value = field.defaultValue;
  // ... then past it, and React sees the typed one as a change when the input event comes.
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function replayChoice(field: HTMLInputElement): void {
  // A radio button that lost its check follows from the one that got it.
  if (field.checked === field.defaultChecked || (field.type === 'radio' && !field.checked)) return;
  field.checked = field.defaultChecked;
  // The click checks (or unchecks) it again, as the visitor's did, and React hears it.
  field.click();
}

/** Hands a changed field's value to its component (nothing for a field as rendered). */
export function adoptTypedValue(field: Field): void {
  if (field instanceof HTMLSelectElement) {
    if ([...field.options].some((option) => option.selected !== option.defaultSelected)) field.dispatchEvent(new Event('change', { bubbles: true }));
  } else if (field instanceof HTMLTextAreaElement) replayText(field);
  else if (NOT_TYPED.has(field.type)) return;
  else if (field.type === 'checkbox' || field.type === 'radio') replayChoice(field);
  else replayText(field);
}

/** The ref for a form field: adopts what was typed before hydration, and passes the element on to `outer`. */
export function useTypedBeforeHydration<T extends Field>(outer: Ref<T> | undefined): RefCallback<T> {
  const own = useRef<T | null>(null);
  useLayoutEffect(() => {
    if (own.current) adoptTypedValue(own.current);
  }, []);
  return useCallback(
    (node: T | null) => {
      own.current = node;
      if (typeof outer === 'function') {
        const cleanup = outer(node);
        return typeof cleanup === 'function' ? cleanup : undefined;
      }
      if (outer) outer.current = node;
    },
    [outer],
  );
}
