import { cloneElement, isValidElement, useId, useLayoutEffect, useRef, useState, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { cx } from './cx';

export interface TooltipProps {
  content: ReactNode;
  /** A single focusable element (button, link, icon with tabIndex). */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  placement?: 'top' | 'bottom';
  className?: string;
}

/** Gap between the anchor and the tooltip, and the least distance to the window's edges (px). */
const GAP = 8;
const EDGE = 8;

/**
 * Where an open tooltip goes: above or below the anchor (the other side when there is no room), centred on it but
 * inside the window. Fixed to the window, so a scrolling container (the planner's sidebar) does not clip it.
 */
export function tooltipPosition(
  anchor: Pick<DOMRect, 'top' | 'bottom' | 'left' | 'width'>,
  tip: Pick<DOMRect, 'width' | 'height'>,
  view: { width: number; height: number },
  placement: 'top' | 'bottom',
): { top: number; left: number } {
  const above = anchor.top - GAP - tip.height;
  const below = anchor.bottom + GAP;
  let top = placement === 'top' ? above : below;
  if (placement === 'top' && above < EDGE && below + tip.height <= view.height - EDGE) top = below;
  if (placement === 'bottom' && below + tip.height > view.height - EDGE && above >= EDGE) top = above;
  const centred = anchor.left + anchor.width / 2 - tip.width / 2;
  const left = Math.max(EDGE, Math.min(centred, view.width - EDGE - tip.width));
  return { top: Math.round(top), left: Math.round(left) };
}

/** Shows `content` on hover and on keyboard focus; Escape hides it. */
export function Tooltip({ content, children, placement = 'top', className }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [style, setStyle] = useState<CSSProperties | undefined>(undefined);
  const anchorRef = useRef<HTMLSpanElement>(null);
  const tipRef = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const anchor = anchorRef.current;
    const tip = tipRef.current;
    if (!open || !anchor || !tip) return;
    const view = { width: document.documentElement.clientWidth || window.innerWidth, height: window.innerHeight };
    const { top, left } = tooltipPosition(anchor.getBoundingClientRect(), tip.getBoundingClientRect(), view, placement);
    setStyle({ position: 'fixed', top, left, bottom: 'auto', transform: 'none' });
  }, [open, placement, content]);
  const child = isValidElement(children) ? cloneElement(children, { 'aria-describedby': id }) : children;
  const hide = () => {
    setOpen(false);
    setStyle(undefined);
  };
  return (
    <span
      ref={anchorRef}
      className={cx('tooltip-anchor', className)}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={hide}
      onFocus={() => setOpen(true)}
      onBlur={hide}
      onKeyDown={(e) => {
        if (e.key === 'Escape') hide();
      }}
    >
      {child}
      <span ref={tipRef} role="tooltip" id={id} className={cx('tooltip', `tooltip--${placement}`, open && style && 'tooltip--open')} style={style}>
        {content}
      </span>
    </span>
  );
}
