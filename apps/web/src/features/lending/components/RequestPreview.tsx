// Before confirming (UI.md): the loan-to-value at reference prices against the limits, the
// interest and the repayment at term, what the lender receives, and what the collateral is worth.
import { useTranslation } from 'react-i18next';
import type { LoanPreview } from '@rora/contracts';
import { formatUsd } from '../../../lib/format/numbers.ts';
import { Figures, useLoanCoins, useLtv, usePercent, useRate } from './figures.tsx';

export function RequestPreview({ preview }: { readonly preview: LoanPreview }) {
  const { t } = useTranslation('lending');
  const coins = useLoanCoins();
  const percent = usePercent();
  const ltv = useLtv();
  const rate = useRate();
  const { levels } = preview;
  return (
    <section className="loan-preview" aria-label={t('preview.title')} aria-live="polite">
      <p className={`loan-preview__ltv ${preview.acceptable ? '' : 'loan-preview__ltv--over'}`}>
        <span>{t('preview.ltv')}</span>
        <strong className="tabular" data-testid="preview-ltv">
          {ltv(preview.ltvBps)}
        </strong>
      </p>
      <Figures
        rows={[
          [
            t('preview.limits'),
            t('preview.limitsValue', {
              initial: percent(levels.initialLtvBps),
              call: percent(levels.marginCallLtvBps),
              liquidation: percent(levels.liquidationLtvBps),
            }),
          ],
          [t('preview.interest'), coins(preview.interestAtTerm, preview.asset)],
          [t('preview.repayment'), coins(preview.repaymentAtTerm, preview.asset)],
          [t('preview.lenderReceives'), coins(preview.lenderReceivesAtTerm, preview.asset)],
          [t('preview.values'), `${formatUsd(preview.principalUsd)} / ${formatUsd(preview.collateralUsd)}`],
        ]}
      />
      {preview.acceptable ? null : (
        <p role="alert" className="loan-form__error">
          {t('preview.overLimit', { limit: percent(levels.initialLtvBps) })}
        </p>
      )}
      <p className="loan-note">
        {t('preview.note', { days: levels.minInterestDays, penalty: rate(levels.liquidationPenaltyBps) })}
      </p>
    </section>
  );
}
