import { cloneElement, isValidElement, useId, useState, type ReactElement, type ReactNode } from 'react';
import { cx } from './cx';

export interface TooltipProps {
  content: ReactNode;
  /** A single focusable element (button, link, icon with tabIndex). */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  placement?: 'top' | 'bottom';
  className?: string;
}

/** Shows `content` on hover and on keyboard focus; Escape hides it. */
export function Tooltip({ content, children, placement = 'top', className }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const child = isValidElement(children) ? cloneElement(children, { 'aria-describedby': id }) : children;
  return (
    <span
      className={cx('tooltip-anchor', className)}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false);
      }}
    >
      {child}
      <span role="tooltip" id={id} className={cx('tooltip', `tooltip--${placement}`, open && 'tooltip--open')}>
        {content}
      </span>
    </span>
  );
}
