// What this audit proves, and what it does not: said before anyone relies on a green tick.
import { useTranslation } from 'react-i18next';

const PROVES = ['included', 'totals', 'control'] as const;
const DOES_NOT = ['debts', 'moment', 'others', 'keys'] as const;

/** `snapshotId`: the latest snapshot, whose published address the command checks a proof against. */
export function AuditExplainer({ snapshotId }: { readonly snapshotId?: string | undefined }) {
  const { t } = useTranslation('audit');
  return (
    <section className="audit-card audit-explainer" aria-labelledby="audit-explainer-title">
      <h2 id="audit-explainer-title">{t('explainer.title')}</h2>
      <div className="audit-explainer__columns">
        <div>
          <h3>{t('explainer.provesTitle')}</h3>
          <ul>
            {PROVES.map((key) => (
              <li key={key}>{t(`explainer.proves.${key}`)}</li>
            ))}
          </ul>
        </div>
        <div>
          <h3>{t('explainer.doesNotTitle')}</h3>
          <ul>
            {DOES_NOT.map((key) => (
              <li key={key}>{t(`explainer.doesNot.${key}`)}</li>
            ))}
          </ul>
        </div>
      </div>
      <p className="audit__muted">
        {t('explainer.cli')}{' '}
        <code>
          npx tsx packages/reserves/src/verify.ts proof.json
          {snapshotId ? ` ${window.location.origin}/api/v1/audit/snapshots/${snapshotId}` : ''}
        </code>
      </p>
    </section>
  );
}
