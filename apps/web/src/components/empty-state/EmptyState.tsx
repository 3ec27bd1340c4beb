// An empty or not-yet-available area: what it is, why it is empty and what to do next.
import type { ReactNode } from 'react';
import './empty-state.css';

export interface EmptyStateProps {
  readonly icon?: ReactNode;
  readonly title: ReactNode;
  readonly children?: ReactNode;
  readonly action?: ReactNode;
  readonly headingLevel?: 1 | 2 | 3;
}

export function EmptyState({ icon, title, children, action, headingLevel = 2 }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="empty-state">
      {icon ? (
        <div className="empty-state__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <Heading className="empty-state__title">{title}</Heading>
      {children ? <div className="empty-state__body">{children}</div> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </section>
  );
}
