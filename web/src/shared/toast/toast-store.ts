// Toasts live in a tiny external store so that any code (hooks, API helpers) can raise one.
export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export const TOAST_DURATION_MS = 3000;

type Listener = () => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly Toast[] {
  return toasts;
}

export function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  const next = toasts.filter((t) => t.id !== id);
  if (next.length !== toasts.length) {
    toasts = next;
    emit();
  }
}

export function showToast(kind: ToastKind, message: string, durationMs: number = TOAST_DURATION_MS): number {
  const id = nextId++;
  toasts = [...toasts, { id, kind, message }];
  timers.set(
    id,
    setTimeout(() => dismissToast(id), durationMs),
  );
  emit();
  return id;
}

/** Removes every toast and timer (tests, logout). */
export function clearToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  toasts = [];
  emit();
}

export const toast = {
  success: (message: string, durationMs?: number) => showToast('success', message, durationMs),
  error: (message: string, durationMs?: number) => showToast('error', message, durationMs),
  info: (message: string, durationMs?: number) => showToast('info', message, durationMs),
  dismiss: dismissToast,
};
