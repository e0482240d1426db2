import type { ReactNode } from 'react';
import { useDocumentTitle } from '../hooks/use-document-title';
import { cx } from './cx';

export interface PageProps {
  title: string;
  /** Shown under the heading. */
  lead?: ReactNode;
  /** Narrow column for forms and text pages. */
  width?: 'narrow' | 'medium' | 'wide';
  actions?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/** Page frame: tab title, heading, optional lead and actions. */
export function Page({ title, lead, width = 'wide', actions, className, children }: PageProps) {
  useDocumentTitle(title);
  return (
    <div className={cx('page', `page--${width}`, className)}>
      <header className="page__header">
        <div>
          <h1 className="page__title">{title}</h1>
          {lead && <p className="page__lead">{lead}</p>}
        </div>
        {actions && <div className="page__actions">{actions}</div>}
      </header>
      {children}
    </div>
  );
}
