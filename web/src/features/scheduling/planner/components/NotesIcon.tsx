import { useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { cx } from '../../../../shared/ui/cx';
import type { StudentNote } from '../model/warnings';

/**
 * Warning (or info) icon whose tooltip lists the SPEC's notes on a student. The tooltip is
 * portalled to the body (fixed position), so lessons and the scrolling grid never clip it.
 */
export function NotesIcon({ notes, className }: { notes: readonly StudentNote[]; className?: string }) {
  const id = useId();
  const ref = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  const [pos, setPos] = useState<{ left: number; top: number; below: boolean } | null>(null);

  useLayoutEffect(() => {
    if (!open || !ref.current) return;
    const r = ref.current.getBoundingClientRect();
    const below = r.top < 90;
    // Centred on the icon, but kept inside the viewport (the tooltip is at most 280 px wide).
    const half = Math.min(140, window.innerWidth / 2 - 8);
    const left = Math.min(Math.max(8 + half, r.left + r.width / 2), window.innerWidth - 8 - half);
    setPos({ left, top: below ? r.bottom + 8 : r.top - 8, below });
  }, [open]);

  if (notes.length === 0) return null;
  const warning = notes.some((n) => n.level === 'warning');
  const text = notes.map((n) => n.text).join('. ');
  return (
    <span className={cx('planner-notes', className)}>
      <span
        ref={ref}
        className={cx('planner-notes__icon', warning ? 'planner-notes__icon--warning' : 'planner-notes__icon--info')}
        role="img"
        tabIndex={0}
        aria-label={text}
        aria-describedby={open ? id : undefined}
        onPointerDown={(e) => e.stopPropagation()}
        onMouseEnter={() => setOpen(true)}
        onMouseLeave={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
        }}
        // The glyph is drawn by CSS (styles/grid.css): it is no text of a lesson tile, whose name starts with the student's.
        data-text={warning ? '!' : 'i'}
      />
      {open &&
        createPortal(
          <span
            role="tooltip"
            id={id}
            className={cx('planner-tooltip', pos?.below && 'planner-tooltip--below')}
            style={pos ? { left: pos.left, top: pos.top } : { visibility: 'hidden' }}
          >
            {notes.map((n) => (
              <span key={n.text}>{n.text}</span>
            ))}
          </span>,
          document.body,
        )}
    </span>
  );
}
