// The estimate for the order as it stands (POST /order/rate on the chosen venue): expected price,
// fee, total, and what arrives in the wallet, before anything is sent. The confirmation shows the
// same rows (estimateRows), so it says what the summary said. Every amount of an asset shows the
// same decimals on a pair, exact (showSummaryAmount; ADR 0035's amendment of 2026-11-30).
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { OrderRate } from '@rora/contracts';
import type { AssetSymbol } from '@rora/money';
import { Skeleton } from '../../../components/skeleton/Skeleton.tsx';
import { formatBps } from '../../../lib/format/numbers.ts';
import { showPrice, showSummaryAmount, type MarketModel } from '../model/market.ts';
import type { ConfirmFigure } from '../model/order-confirm.ts';
import type { OrderFormValues } from '../model/order-form.ts';

interface Props {
  readonly market: MarketModel;
  readonly rate: OrderRate | undefined;
  readonly loading: boolean;
  readonly valid: boolean;
  /** A rule error is shown on a field: it says what is wrong, so the hint of what to enter is not. */
  readonly errorShown: boolean;
  /** The tab and side, for what the hint asks for (a market order has no price field). */
  readonly order: Pick<OrderFormValues, 'tab' | 'side'>;
}

export interface EstimateRow {
  readonly figure: ConfirmFigure;
  readonly label: string;
  readonly value: string;
}

/** The estimate's rows as shown: label and value, the price row under the label given. */
export function estimateRows(options: {
  market: MarketModel;
  rate: OrderRate;
  t: TFunction<'exchange'>;
  priceLabel?: string;
}): EstimateRow[] {
  const { market, rate, t } = options;
  return [
    {
      figure: 'price',
      label: options.priceLabel ?? t('summaryPrice'),
      value: rate.price ? `${showPrice(market, rate.price)} ${market.quote}` : '—',
    },
    {
      figure: 'fee',
      label: t('summaryFee', { role: t(rate.role), percent: formatBps(rate.feeBps) }),
      value: `${showSummaryAmount(market, rate.fee, rate.feeAsset as AssetSymbol)} ${rate.feeAsset}`,
    },
    {
      figure: 'total',
      label: t(rate.side === 'buy' ? 'summaryTotalBuy' : 'summaryTotalSell'),
      value: `${showSummaryAmount(market, rate.total, market.quote)} ${market.quote}`,
    },
    {
      figure: 'receive',
      label: t('summaryReceive'),
      value: `${showSummaryAmount(market, rate.receive, rate.receiveAsset as AssetSymbol)} ${rate.receiveAsset}`,
    },
  ];
}

/** What to enter for an estimate: a market order has no price; a market buy takes an amount or a total. */
const hintKey = ({ tab, side }: Props['order']) =>
  tab !== 'market' ? 'summaryHint' : side === 'buy' ? 'summaryHintMarketBuy' : 'summaryHintMarketSell';

export function OrderSummary({ market, rate, loading, valid, errorShown, order }: Props) {
  const { t } = useTranslation('exchange');
  if (!valid) return errorShown ? null : <p className="summary summary--hint">{t(hintKey(order))}</p>;
  if (!rate) return loading ? <Skeleton height={92} /> : null;
  return (
    <div aria-live="polite">
      <dl className="summary" aria-busy={loading}>
        {estimateRows({ market, rate, t }).map((row) => (
          <div className="summary__row" key={row.figure}>
            <dt>{row.label}</dt>
            <dd className="tabular">{row.value}</dd>
          </div>
        ))}
      </dl>
      {!rate.fullyFillable ? <p className="summary__warning">{t('summaryPartial')}</p> : null}
    </div>
  );
}
