import { useCallback, useRef, useState, type ReactElement } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
}

/**
 * The styled replacement of window.confirm: `await confirm({...})` answers true or false; render
 * `dialog` once. Cancel has the focus first, so Enter never destroys anything by accident.
 */
export function useConfirm(): { confirm: (options: ConfirmOptions) => Promise<boolean>; dialog: ReactElement } {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolveRef = useRef<((ok: boolean) => void) | null>(null);

  const settle = useCallback((ok: boolean) => {
    resolveRef.current?.(ok);
    resolveRef.current = null;
    setOptions(null);
  }, []);

  const confirm = useCallback((next: ConfirmOptions) => {
    resolveRef.current?.(false);
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolveRef.current = resolve;
    });
  }, []);

  const dialog = (
    <Dialog
      open={options !== null}
      onClose={() => settle(false)}
      title={options?.title ?? ''}
      description={options?.message}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={() => settle(false)} data-autofocus>
            {options?.cancelLabel ?? 'Abbrechen'}
          </Button>
          <Button variant={options?.danger ? 'danger' : 'primary'} onClick={() => settle(true)}>
            {options?.confirmLabel}
          </Button>
        </>
      }
    />
  );
  return { confirm, dialog };
}
