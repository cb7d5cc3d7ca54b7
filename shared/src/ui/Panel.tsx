import type { HTMLAttributes, ReactNode } from 'react';
import './tokens.css';
import './panel.css';

export interface PanelProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  /** Heading level of the title, so panels fit the page's outline. */
  level?: 2 | 3;
}

/** A bordered surface; with a title it is a labelled region. */
export function Panel({ title, level = 2, className, children, ...rest }: PanelProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section {...rest} className={`lb-panel ${className ?? ''}`}>
      {title ? <Heading className="lb-panel__title">{title}</Heading> : null}
      {children}
    </section>
  );
}

/** A record or widget shown as one item of a list or grid. */
export function Card({ className, children, ...rest }: HTMLAttributes<HTMLElement>) {
  return (
    <article {...rest} className={`lb-panel ${className ?? ''}`}>
      {children}
    </article>
  );
}

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or links shown at the right. */
  actions?: ReactNode;
}

export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <header className="lb-page-header">
      <div>
        <h1>{title}</h1>
        {description ? <p>{description}</p> : null}
      </div>
      {actions ? <div className="lb-row">{actions}</div> : null}
    </header>
  );
}
