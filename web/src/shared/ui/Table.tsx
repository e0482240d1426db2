import type { ReactNode, TableHTMLAttributes } from 'react';
import { cx } from './cx';

export interface TableProps extends TableHTMLAttributes<HTMLTableElement> {
  /** Visible or screen-reader caption. */
  caption?: ReactNode;
  captionHidden?: boolean;
  /** Compact rows for dense data (member lists). */
  dense?: boolean;
  wrapperClassName?: string;
}

/** A scrollable, styled table; children are the usual thead/tbody. */
export function Table({ caption, captionHidden, dense, className, wrapperClassName, children, ...rest }: TableProps) {
  return (
    <div className={cx('table-wrap', wrapperClassName)}>
      <table className={cx('table', dense && 'table--dense', className)} {...rest}>
        {caption && <caption className={captionHidden ? 'visually-hidden' : 'table__caption'}>{caption}</caption>}
        {children}
      </table>
    </div>
  );
}
