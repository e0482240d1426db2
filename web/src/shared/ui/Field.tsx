import type { ReactNode } from 'react';
import { cx } from './cx';

export interface FieldChromeProps {
  label?: ReactNode;
  hint?: ReactNode;
  /** Error text; marks the control invalid. */
  error?: ReactNode;
  /** Positive feedback (e.g. 'Gültige E-Mail-Adresse'). */
  success?: ReactNode;
  /** Announce changes of the error/success message to screen readers (live feedback while typing). */
  live?: boolean;
  className?: string;
}

export function fieldDescribedBy(id: string, { hint, error, success }: FieldChromeProps): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null, success && !error ? `${id}-success` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** Label, control and messages laid out the same way for every form control. */
export function Field({
  id,
  label,
  hint,
  error,
  success,
  live,
  className,
  required,
  children,
}: FieldChromeProps & { id: string; required?: boolean; children: ReactNode }) {
  const message = error ? (
    <p className="field__error" id={`${id}-error`}>
      {error}
    </p>
  ) : success ? (
    <p className="field__success" id={`${id}-success`}>
      {success}
    </p>
  ) : null;
  return (
    <div className={cx('field', error ? 'field--invalid' : undefined, className)}>
      {label && (
        <label className={cx('field__label', required && 'field__label--required')} htmlFor={id}>
          {label}
        </label>
      )}
      {children}
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {live ? <div aria-live="polite">{message}</div> : message}
    </div>
  );
}
