// Recent public trades, newest first: price (coloured and marked by the taker's side), amount, time.
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format/dates.ts';
import { Skeleton } from '../../../components/skeleton/Skeleton.tsx';
import { showAmount, showPrice, type MarketModel } from '../model/market.ts';
import type { Trade } from '@rora/contracts';

export function RecentTrades({
  market,
  trades,
}: {
  readonly market: MarketModel;
  /** Newest first; undefined until they have loaded. */
  readonly trades: readonly Trade[] | undefined;
}) {
  const { t, i18n } = useTranslation('exchange');
  if (!trades) return <Skeleton height={240} />;
  return (
    <div className="trades">
      <div className="trades__head">
        <span>{t('price', { asset: market.quote })}</span>
        <span>{t('amount', { asset: market.base })}</span>
        <span>{t('time')}</span>
      </div>
      {trades.length === 0 ? <p className="book__empty">{t('tradesEmpty')}</p> : null}
      {/* It scrolls (30 rows, a fixed height): focusable, so a keyboard can scroll it too. */}
      <ul className="trades__list" aria-label={t('recentTrades')} tabIndex={0}>
        {trades.slice(0, 30).map((trade) => (
          <li key={trade.id} className={`trades__row trades__row--${trade.side}`}>
            <span className="trades__price">
              <span aria-hidden="true">{trade.side === 'buy' ? '▲' : '▼'}</span>
              <span className="visually-hidden">{t(trade.side === 'buy' ? 'tradeBuy' : 'tradeSell')}</span>
              {showPrice(market, trade.price)}
            </span>
            <span>{showAmount(market, trade.amount)}</span>
            <span className="trades__time">{formatTime(new Date(trade.createdAt), i18n.language)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
