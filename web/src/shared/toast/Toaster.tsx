import { useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts, type ToastKind } from './toast-store';

const ICONS: Record<ToastKind, string> = { success: '✓', error: '!', info: 'i' };

/** The toast area at the bottom centre (docs/product/README.md): each toast closes after 3000 ms or on click. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <div className="toaster" aria-live="polite" aria-relevant="additions">
      {toasts.map((t) => (
        <button
          key={t.id}
          type="button"
          className={`toast toast--${t.kind}`}
          role={t.kind === 'error' ? 'alert' : 'status'}
          onClick={() => dismissToast(t.id)}
          title="Schließen"
        >
          <span className="toast__icon" aria-hidden="true">
            {ICONS[t.kind]}
          </span>
          <span className="toast__message">{t.message}</span>
        </button>
      ))}
    </div>
  );
}
