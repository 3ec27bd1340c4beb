// The screen's notices: approved KYC is needed to buy and sell (with the way there), and the
// spec's share-price prompt (shares at 63 pounds, paid in USDT on ERC-20).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Info, ShieldAlert } from 'lucide-react';
import { SHARE_NOTICE } from '@rora/contracts';

export function KycNotice() {
  const { t } = useTranslation('exchange');
  return (
    <div className="notice notice--warning" role="status">
      <ShieldAlert size={20} aria-hidden="true" />
      <p>
        {t('kycNotice')} <Link to="/account/kyc">{t('kycLink')}</Link>
      </p>
    </div>
  );
}

export function ShareNotice() {
  const { t } = useTranslation('exchange');
  return (
    <div className="notice notice--info">
      <Info size={20} aria-hidden="true" />
      <p>
        {t('shareNotice', {
          price: SHARE_NOTICE.pricePerShareGbp.toString(),
          asset: SHARE_NOTICE.paymentAsset,
          network: SHARE_NOTICE.paymentNetwork,
        })}
      </p>
    </div>
  );
}
