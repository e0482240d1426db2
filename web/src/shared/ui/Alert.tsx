import type { ReactNode } from 'react';
import { cx } from './cx';

export interface AlertProps {
  kind?: 'error' | 'success' | 'info' | 'warning';
  title?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  className?: string;
}

/** Inline message box; errors are announced to screen readers at once. */
export function Alert({ kind = 'info', title, children, actions, className }: AlertProps) {
  return (
    <div className={cx('alert', `alert--${kind}`, className)} role={kind === 'error' ? 'alert' : 'status'}>
      <div className="alert__body">
        {title && <p className="alert__title">{title}</p>}
        {children && <div className="alert__text">{children}</div>}
      </div>
      {actions && <div className="alert__actions">{actions}</div>}
    </div>
  );
}
