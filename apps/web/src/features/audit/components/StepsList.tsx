// The result of a verification: success or the step that broke, the proof's balances at the
// snapshot, and every step recomputed in the browser, in order. Only the signed-in customer's own
// proof speaks of "your" balances; another customer's file is said to be someone else's.
import { useTranslation } from 'react-i18next';
import { CircleCheck, CircleX } from 'lucide-react';
import type { PageVerification, ProofOwner, StepRow } from '../model/verify-proof.ts';
import { shortHash } from '../model/verify-proof.ts';

function stepLabel(t: (key: string, options?: Record<string, unknown>) => string, row: StepRow): string {
  const leaf = row.leaf === null ? 0 : row.leaf + 1;
  return t(`steps.${row.kind === 'leaf-id' ? 'leafId' : row.kind}`, { leaf, depth: row.depth ?? 0 });
}

/** The success banner's key, per whose proof it is. */
const VERIFIED: Record<ProofOwner, string> = {
  yours: 'result.ok',
  another: 'result.okAnother',
  unknown: 'result.okProof',
};

export function StepsList({ verification }: { readonly verification: PageVerification }) {
  const { t } = useTranslation('audit');
  const { failure, owner } = verification;
  const tone = !verification.ok ? 'failed' : owner === 'another' ? 'another' : 'ok';
  return (
    <div className="audit-result">
      <p role="status" className={`audit-result__banner audit-result__banner--${tone}`} data-testid="audit-result">
        {verification.ok ? <CircleCheck size={20} aria-hidden="true" /> : <CircleX size={20} aria-hidden="true" />}
        <span>
          {verification.ok
            ? t(VERIFIED[owner])
            : t('result.failed', {
                step: failure ? stepLabel(t, failure) : '',
                problem: t(`problems.${failure?.problem ?? 'not_a_proof'}`),
              })}
        </span>
      </p>
      {verification.balances.length > 0 ? (
        <p className="audit__muted">
          {t(owner === 'yours' ? 'result.balances' : 'result.proofBalances')}{' '}
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
