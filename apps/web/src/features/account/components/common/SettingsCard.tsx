// One block of an account screen: an icon, a heading, a line saying what it is for, an optional
// status badge, and its content.
import { useId, type ReactNode } from 'react';

export interface SettingsCardProps {
  readonly title: string;
  readonly description?: ReactNode;
  readonly icon?: ReactNode;
  readonly status?: ReactNode;
  readonly children?: ReactNode;
  readonly testId?: string;
}

export function SettingsCard({ title, description, icon, status, children, testId }: SettingsCardProps) {
  const headingId = useId();
  return (
    <section className="account-card" aria-labelledby={headingId} data-testid={testId}>
      <header className="account-card__header">
        {icon ? (
          <span className="account-card__icon" aria-hidden="true">
            {icon}
          </span>
        ) : null}
        <div className="account-card__heading">
          <div className="account-card__title-row">
            <h2 id={headingId} className="account-card__title">
              {title}
            </h2>
            {status ? <div className="account-card__status">{status}</div> : null}
          </div>
          {description ? <p className="account-card__description">{description}</p> : null}
        </div>
      </header>
      {children ? <div className="account-card__body">{children}</div> : null}
    </section>
  );
}
