// The pair selector (the eight pairs of spec §2 with their last price and change) and the pair's
// ticker: last price, 24-hour change (with a sign and an arrow, never colour alone), high, low and
// volume.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDownRight, ArrowUpRight } from 'lucide-react';
import { PAIRS, type Market, type PairSymbol, type Ticker } from '@rora/contracts';
import { Dropdown } from '../../../components/dropdown/Dropdown.tsx';
import { Skeleton } from '../../../components/skeleton/Skeleton.tsx';
import { formatPercent } from '../../../lib/format/numbers.ts';
import { marketModel, showAsset, showPrice, type MarketModel } from '../model/market.ts';

function Change({ value }: { readonly value: string | null | undefined }) {
  if (value === null || value === undefined) return <span className="change">—</span>;
  const down = value.startsWith('-');
  const Icon = down ? ArrowDownRight : ArrowUpRight;
  return (
    <span className={`change change--${down ? 'down' : 'up'}`}>
      <Icon size={14} aria-hidden="true" />
      {formatPercent(value, { signed: true })}
    </span>
  );
}

function Stat({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <div className="market-bar__stat">
      <span className="market-bar__label">{label}</span>
      <span className="market-bar__value">{children}</span>
    </div>
  );
}

/** A value's placeholder while the ticker has not arrived (undefined), else nothing. */
function loading(ticker: Ticker | null | undefined): ReactNode | undefined {
  return ticker === undefined ? <Skeleton width="5em" height="calc(var(--text-sm) * 1.5)" /> : undefined;
}

interface Props {
  readonly market: MarketModel;
  readonly ticker: Ticker | null | undefined;
  readonly markets: readonly Market[] | undefined;
  readonly onPair: (symbol: PairSymbol) => void;
}

export function MarketBar({ market, ticker, markets, onPair }: Props) {
  const { t } = useTranslation('exchange');
  const options = PAIRS.map((pair) => {
    const row = markets?.find((item) => item.symbol === pair.symbol)?.ticker;
    const price = row?.lastPrice ? showPrice(marketModel(pair.symbol), row.lastPrice) : '—';
    const change = row?.change24h ? ` · ${formatPercent(row.change24h, { signed: true })}` : '';
    return { value: pair.symbol, label: `${pair.symbol}  ${price}${change}`, keywords: [pair.base] };
  });
  return (
    <div className="market-bar">
      <Dropdown
        label={t('pair')}
        hideLabel
        options={options}
        value={market.symbol}
        onChange={onPair}
        renderValue={(option) => <span className="market-bar__pair">{option.value}</span>}
        searchLabel={t('searchPair')}
        className="market-bar__picker"
      />
      {/* The stats keep their place while the ticker loads, so nothing below moves when it arrives. */}
      <div className="market-bar__stats" aria-busy={ticker === undefined}>
        <Stat label={t('lastPrice')}>
          {ticker === undefined ? (
            <Skeleton width="5.5em" height="calc(var(--text-lg) * 1.5)" />
          ) : (
            <strong className="market-bar__last">{showPrice(market, ticker?.lastPrice)}</strong>
          )}
        </Stat>
        <Stat label={t('change24h')}>{loading(ticker) ?? <Change value={ticker?.change24h} />}</Stat>
        <Stat label={t('high24h')}>{loading(ticker) ?? showPrice(market, ticker?.high24h)}</Stat>
        <Stat label={t('low24h')}>{loading(ticker) ?? showPrice(market, ticker?.low24h)}</Stat>
        <Stat label={t('volume24h', { asset: market.base })}>
          {loading(ticker) ??
            (ticker ? showAsset(ticker.volume24h, market.base, Math.min(4, market.amountDecimals)) : '—')}
        </Stat>
      </div>
    </div>
  );
}
