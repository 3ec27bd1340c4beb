// The honest screen of an area that later work will open (wallets, swap, exchange, finance, cold
// wallet, account pages, audit): what the area is for, that it is not available yet, and where the
// customer's own account stands, with the next useful step. No sample figures, nothing invented.
import { useTranslation } from 'react-i18next';
import { Construction } from 'lucide-react';
import { AccountState } from './AccountState.tsx';
import './previews.css';

export type PreviewArea =
  | 'wallets'
  | 'swap'
  | 'exchange'
  | 'lending'
  | 'staking'
  | 'coldWallet'
  | 'accountSettings'
  | 'accountSecurity'
  | 'notificationSettings'
  | 'audit';

export function AreaPreview({
  area,
  showHeading = true,
}: {
  readonly area: PreviewArea;
  readonly showHeading?: boolean;
}) {
  const { t } = useTranslation('previews');
  return (
    <div className="preview">
      {showHeading ? (
        <h1 className="preview__title">{t(`areas.${area}.title`)}</h1>
      ) : (
        <h2 className="preview__title">{t(`areas.${area}.title`)}</h2>
      )}
      <p className="preview__purpose">{t(`areas.${area}.purpose`)}</p>
      <section className="preview__notice" aria-labelledby={`preview-${area}-notice`}>
        <Construction size={22} aria-hidden="true" className="preview__notice-icon" />
        <div>
          <h2 id={`preview-${area}-notice`} className="preview__notice-title">
            {t('notAvailableTitle')}
          </h2>
          <p>{t('notAvailableBody')}</p>
        </div>
      </section>
      <AccountState />
    </div>
  );
}
