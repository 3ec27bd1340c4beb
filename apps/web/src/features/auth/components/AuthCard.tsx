// The card every auth screen sits in: its heading, an optional "Step n of m" with a progress bar,
// the form, and a footer for links.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './auth.css';

export interface AuthCardProps {
  readonly title: string;
  readonly subtitle?: ReactNode;
  readonly step?: { readonly current: number; readonly total: number };
  readonly children: ReactNode;
  readonly footer?: ReactNode;
}

export function AuthCard({ title, subtitle, step, children, footer }: AuthCardProps) {
  const { t } = useTranslation('auth');
  return (
    <section className="auth-card" aria-labelledby="auth-title">
      {step ? (
        <div className="auth-card__step">
          <span className="tabular">{t('step', { current: step.current, total: step.total })}</span>
          {/* A native bar: no inline style, which the page's CSP and the renderer left unapplied (the
              bar read full at every step, issue 19 defect 5). */}
          <progress className="auth-card__progress" value={step.current} max={step.total} aria-hidden="true" />
        </div>
      ) : null}
      <h1 id="auth-title" className="auth-card__title">
        {title}
      </h1>
      {subtitle ? <div className="auth-card__subtitle">{subtitle}</div> : null}
      {children}
      {footer ? <div className="auth-card__footer">{footer}</div> : null}
    </section>
  );
}
