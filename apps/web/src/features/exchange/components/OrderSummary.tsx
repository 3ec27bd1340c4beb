// The estimate for the order as it stands (POST /order/rate on the chosen venue): expected price,
// fee, total, and what arrives in the wallet, before anything is sent.
import { useTranslation } from 'react-i18next';
import type { OrderRate } from '@rora/contracts';
import type { AssetSymbol } from '@rora/money';
import { Skeleton } from '../../../components/skeleton/Skeleton.tsx';
import { formatBps } from '../../../lib/format/numbers.ts';
import { showAsset, showPrice, type MarketModel } from '../model/market.ts';

interface Props {
  readonly market: MarketModel;
  readonly rate: OrderRate | undefined;
  readonly loading: boolean;
  readonly valid: boolean;
}

export function OrderSummary({ market, rate, loading, valid }: Props) {
  const { t } = useTranslation('exchange');
  if (!valid) return <p className="summary summary--hint">{t('summaryHint')}</p>;
  if (!rate) return loading ? <Skeleton height={92} /> : null;
  const row = (label: string, value: string) => (
    <div className="summary__row">
      <dt>{label}</dt>
      <dd className="tabular">{value}</dd>
    </div>
  );
  return (
    <div aria-live="polite">
      <dl className="summary" aria-busy={loading}>
        {row(t('summaryPrice'), rate.price ? `${showPrice(market, rate.price)} ${market.quote}` : '—')}
        {row(
          t('summaryFee', { role: t(rate.role), percent: formatBps(rate.feeBps) }),
          `${showAsset(rate.fee, rate.feeAsset as AssetSymbol)} ${rate.feeAsset}`,
        )}
        {row(
          t(rate.side === 'buy' ? 'summaryTotalBuy' : 'summaryTotalSell'),
          `${showAsset(rate.total, market.quote)} ${market.quote}`,
        )}
        {row(t('summaryReceive'), `${showAsset(rate.receive, rate.receiveAsset as AssetSymbol)} ${rate.receiveAsset}`)}
      </dl>
      {!rate.fullyFillable ? <p className="summary__warning">{t('summaryPartial')}</p> : null}
    </div>
  );
}
