// The screen's notices: approved KYC is needed to buy and sell (with the way there), and the
// spec's share-price prompt (shares at 63 pounds, paid in USDT on ERC-20 to the address the API names).
import { useTranslation } from 'react-i18next';
import { Info } from 'lucide-react';
import { CopyButton } from '../../../components/copy-button/CopyButton.tsx';
import { KycRequiredNotice } from '../../../components/kyc-required/KycRequiredNotice.tsx';
import { formatDecimal } from '../../../lib/format/numbers.ts';
import { useShareOffer } from '../api/markets.ts';

export function KycNotice() {
  const { t } = useTranslation('exchange');
  return <KycRequiredNotice title={t('kycTitle')} body={t('kycBody')} link={t('kycLink')} />;
}

export function ShareNotice() {
  const { t } = useTranslation('exchange');
  const { data: offer } = useShareOffer();
  // Until the offer (with its address) has arrived, nothing half-said is shown.
  if (!offer) return null;
  return (
    <div className="notice notice--info share-notice">
      <Info size={20} aria-hidden="true" />
      <div>
        <p>
          {t('shareNotice', {
            price: formatDecimal(offer.pricePerShareGbp, 8),
            asset: offer.asset,
            network: offer.networkName,
          })}
        </p>
        <p className="share-notice__address">
          <code className="tabular">{offer.address}</code>
          <CopyButton text={offer.address} label={t('copyShareAddress')} variant="ghost" />
        </p>
      </div>
    </div>
  );
}
