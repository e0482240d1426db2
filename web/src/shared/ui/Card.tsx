import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './cx';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  /** Heading level of the title (default 2). */
  headingLevel?: 2 | 3 | 4;
  actions?: ReactNode;
  tone?: 'default' | 'muted' | 'danger';
  as?: 'section' | 'div' | 'article';
}

export function Card({ title, headingLevel = 2, actions, tone = 'default', as: Tag = 'section', className, children, ...rest }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <Tag className={cx('card', tone !== 'default' && `card--${tone}`, className)} {...rest}>
      {(title || actions) && (
        <header className="card__header">
          {title && <Heading className="card__title">{title}</Heading>}
          {actions && <div className="card__actions">{actions}</div>}
        </header>
      )}
      {children}
    </Tag>
  );
}
