import { cx } from '../../../../shared/ui/cx';
import type { VisibleRange } from '../model/types';

export interface DropPreview {
  day: number;
  start: number;
  length: number;
  tone: 'ok' | 'warn' | 'bad';
}

/** Where the dragged lesson would land, in the tone of the drop's verdict (the visible part only). */
export function DropPreviewBlock({ preview, range }: { preview: DropPreview; range: VisibleRange }) {
  const first = Math.max(preview.start, range.start);
  const last = Math.min(preview.start + preview.length, range.end);
  if (last <= first) return null;
  return (
    <div
      className={cx('drop-preview', `drop-preview--${preview.tone}`)}
      style={{ gridColumn: preview.day + 2, gridRow: `${first - range.start + 2} / ${last - range.start + 2}` }}
      aria-hidden="true"
    />
  );
}
