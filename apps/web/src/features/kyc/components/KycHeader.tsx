// The page's title, the explainer naming the identity provider, and the customer's status.
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import type { KycState } from '@rora/contracts';

export function KycHeader({ state }: { state: KycState | null }) {
  const { t } = useTranslation('kyc');
  return (
    <header className="kyc__header">
      <span className="kyc__icon" aria-hidden="true">
        <ShieldCheck size={28} />
      </span>
      <div className="kyc__intro">
        <h1>{t('title')}</h1>
        <p className="kyc__lead">{t('lead')}</p>
        {state ? <p className="kyc__explainer">{t('explainer', { provider: state.providerName })}</p> : null}
        {state ? (
          <p className="kyc__status-line">
            <span className="muted">{t('statusLabel')}</span>{' '}
            <strong className={`kyc__badge kyc__badge--${state.status}`}>
              {t(`common:kycStatus.${state.status}`)}
            </strong>
          </p>
        ) : null}
      </div>
    </header>
  );
}
