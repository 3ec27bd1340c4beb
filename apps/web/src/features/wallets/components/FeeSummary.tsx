// The fee of the send being typed and the total it takes from the wallet, from the latest estimate.
import { useTranslation } from 'react-i18next';
import type { Wallet, WalletFeeEstimate } from '@rora/contracts';
import { Skeleton } from '../../../components/skeleton/Skeleton.tsx';
import { formatDecimal } from '../../../lib/format/numbers.ts';

export function FeeSummary({
  wallet,
  estimate,
}: {
  readonly wallet: Wallet;
  readonly estimate: WalletFeeEstimate | undefined;
}) {
  const { t } = useTranslation('wallets');
  const asset = wallet.network.assetSymbol;
  const free = estimate?.fee === '0';
  return (
    <div className="fee-summary" aria-live="polite">
      <dl className="tabular">
        <div>
          <dt>{t('send.fee')}</dt>
          <dd>
            {estimate ? (
              free ? (
                t('send.feeFree')
              ) : (
                `${formatDecimal(estimate.fee, wallet.network.decimals)} ${asset}`
              )
            ) : (
              <Skeleton width={120} />
            )}
          </dd>
        </div>
        {estimate?.total ? (
          <div>
            <dt>{t('send.total')}</dt>
            <dd>
              {formatDecimal(estimate.total, wallet.network.decimals)} {asset}
            </dd>
          </div>
        ) : null}
      </dl>
      {estimate && !free && estimate.expectedBlocks > 0 ? (
        <p className="fee-summary__note">{t('send.expected', { count: estimate.expectedBlocks })}</p>
      ) : null}
    </div>
  );
}
