import { cx } from './cx';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Screen-reader text; also shown next to the spinner when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
  className?: string;
}

export function Spinner({ size = 'md', label = 'Wird geladen…', showLabel = false, className }: SpinnerProps) {
  return (
    <span className={cx('spinner-wrap', className)} role="status" aria-live="polite">
      <span className={cx('spinner', `spinner--${size}`)} aria-hidden="true" />
      <span className={showLabel ? 'spinner-label' : 'visually-hidden'}>{label}</span>
    </span>
  );
}

/** Centred spinner for a whole page area. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="page-spinner">
      <Spinner size="lg" label={label} showLabel={Boolean(label)} />
    </div>
  );
}
