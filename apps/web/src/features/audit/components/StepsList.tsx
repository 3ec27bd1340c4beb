// The result of a verification: success or the step that broke, the customer's balances at the
// snapshot, and every step recomputed in the browser, in order.
import { useTranslation } from 'react-i18next';
import { CircleCheck, CircleX } from 'lucide-react';
import type { PageVerification, StepRow } from '../model/verify-proof.ts';
import { shortHash } from '../model/verify-proof.ts';

function stepLabel(t: (key: string, options?: Record<string, unknown>) => string, row: StepRow): string {
  const leaf = row.leaf === null ? 0 : row.leaf + 1;
  return t(`steps.${row.kind === 'leaf-id' ? 'leafId' : row.kind}`, { leaf, depth: row.depth ?? 0 });
}

export function StepsList({ verification }: { readonly verification: PageVerification }) {
  const { t } = useTranslation('audit');
  const { failure } = verification;
  return (
    <div className="audit-result">
      <p
        role="status"
        className={`audit-result__banner audit-result__banner--${verification.ok ? 'ok' : 'failed'}`}
        data-testid="audit-result"
      >
        {verification.ok ? <CircleCheck size={20} aria-hidden="true" /> : <CircleX size={20} aria-hidden="true" />}
        <span>
          {verification.ok
            ? t('result.ok')
            : t('result.failed', {
                step: failure ? stepLabel(t, failure) : '',
                problem: t(`problems.${failure?.problem ?? 'not_a_proof'}`),
              })}
        </span>
      </p>
      {verification.balances.length > 0 ? (
        <p className="audit__muted">
          {t('result.balances')}{' '}
          <span className="tabular" data-testid="audit-balances">
            {verification.balances.map((item) => `${item.amount} ${item.asset}`).join(' · ')}
          </span>
        </p>
      ) : null}
      <ol className="audit-steps" aria-label={t('result.steps')}>
        {verification.rows.map((row) => (
          <li key={row.key} className={row.ok ? 'audit-step' : 'audit-step audit-step--failed'}>
            {row.ok ? <CircleCheck size={16} aria-hidden="true" /> : <CircleX size={16} aria-hidden="true" />}
            <span className="audit-step__label">{stepLabel(t, row)}</span>
            {row.hash ? <span className="audit__mono audit-step__hash">{shortHash(row.hash)}</span> : null}
            {row.ok ? null : (
              <span className="audit-step__problem">{t(`problems.${row.problem ?? 'not_a_proof'}`)}</span>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
