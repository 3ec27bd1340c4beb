// KYC rejected: why, item by item, and a way to each item still to fix. Only these can change.
import { useTranslation } from 'react-i18next';
import { CircleAlert } from 'lucide-react';
import type { KycState, KycStep } from '@rora/contracts';
import { Button } from '../../../components/button/Button.tsx';

export function RejectionNotice({ state, onFix }: { state: KycState; onFix: (step: KycStep) => void }) {
  const { t } = useTranslation('kyc');
  const reasons = state.rejection?.reasons ?? [];
  const toFix = state.itemsToFix as readonly string[];
  return (
    <section className="kyc-rejection" role="alert">
      <div className="kyc-rejection__head">
        <CircleAlert size={24} aria-hidden="true" />
        <h2 className="kyc-card__title">{t('rejected.title')}</h2>
      </div>
      <p>{t(toFix.length > 0 ? 'rejected.body' : 'rejected.allFixed')}</p>
      <ul className="kyc-rejection__reasons">
        {reasons.map((reason) => (
          <li key={`${reason.item}-${reason.code}`} className="kyc-rejection__reason">
            <div>
              <strong>{t(`documents.${reason.item}`)}</strong>
              <span>{t(`reasons.${reason.code}`)}</span>
            </div>
            {toFix.includes(reason.item) ? (
              <Button variant="secondary" onClick={() => onFix(reason.item)}>
                {t('rejected.fix')}
              </Button>
            ) : (
              <span className="kyc-rejection__fixed">{t('rejected.fixed')}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
