// The latest published snapshot per asset: what Rora owes its customers, what its addresses hold,
// and the coverage, said plainly (with words and an arrow) when it is below 100 %.
import { useTranslation } from 'react-i18next';
import type { AuditSnapshot } from '@rora/contracts';
import { formatCount } from '../../../lib/format/numbers.ts';
import { coverageOf, groupedAmount } from '../model/coverage.ts';
import { shortHash } from '../model/verify-proof.ts';

export function SnapshotTable({ snapshot }: { readonly snapshot: AuditSnapshot }) {
  const { t, i18n } = useTranslation('audit');
  const takenAt = new Date(snapshot.takenAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="audit-card" aria-labelledby="audit-snapshot-title">
      <div className="audit-card__head">
        <h2 id="audit-snapshot-title">{t('snapshot.title')}</h2>
        <p className="audit__muted">
          {t('snapshot.taken', { time: takenAt, customers: formatCount(snapshot.customerCount, i18n.language) })}
        </p>
        <p className="audit__muted audit__mono" title={snapshot.rootHash}>
          {t('snapshot.root')} <span data-testid="audit-root">{shortHash(snapshot.rootHash)}</span> ·{' '}
          {t('snapshot.position', { seq: snapshot.ledgerPosition.transferSeq })}
        </p>
      </div>
      <table className="audit-table">
        <thead>
          <tr>
            <th scope="col">{t('snapshot.asset')}</th>
            <th scope="col">{t('snapshot.liabilities')}</th>
            <th scope="col">{t('snapshot.reserves')}</th>
            <th scope="col">{t('snapshot.coverage')}</th>
          </tr>
        </thead>
        <tbody>
          {snapshot.assets.map((asset) => {
            const coverage = coverageOf(asset.coverageBps);
            return (
              <tr key={asset.asset} data-testid={`audit-asset-${asset.asset}`}>
                <th scope="row">{asset.asset}</th>
                <td className="tabular" data-label={t('snapshot.liabilities')}>
                  <span className="audit-cell">
                    {groupedAmount(asset.liabilities, asset.asset)} {asset.asset}
                  </span>
                </td>
                <td className="tabular" data-label={t('snapshot.reserves')}>
                  <span className="audit-cell">
                    <span>
                      {groupedAmount(asset.reserves, asset.asset)} {asset.asset}
                    </span>
                    <span className="audit__muted">{t('snapshot.addresses', { count: asset.addressCount })}</span>
                  </span>
                </td>
                <td
                  className={`tabular audit-coverage audit-coverage--${coverage.level}`}
                  data-label={t('snapshot.coverage')}
                >
                  <span className="audit-cell">
                    {coverage.percent === null ? (
                      t('coverage.none')
                    ) : (
                      <span>
                        <span aria-hidden="true">{coverage.level === 'below' ? '▼ ' : '▲ '}</span>
                        {coverage.percent}
                      </span>
                    )}
                    {coverage.level === 'below' ? (
                      <span className="audit-coverage__note">{t('coverage.below')}</span>
                    ) : null}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
