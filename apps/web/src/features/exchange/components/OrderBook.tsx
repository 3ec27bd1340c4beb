// Rora's public order book (the dark pool never appears here): asks above, bids below, the spread
// and last price between them, a depth bar behind each level. Choosing a level puts its price in
// the order form.
import { useTranslation } from 'react-i18next';
import { parseAmount } from '@rora/money';
import { Skeleton } from '../../../components/skeleton/Skeleton.tsx';
import { showAmount, showPrice, type MarketModel } from '../model/market.ts';
import type { BookState, Level } from '../model/market-stream.ts';

interface Props {
  readonly market: MarketModel;
  /** The book, undefined until it has loaded. */
  readonly book: BookState | undefined;
  readonly lastPrice: string | null | undefined;
  readonly onPrice: (price: string) => void;
  /** Levels shown on each side (fewer on a phone, where each row is a 44 px touch target). */
  readonly rows: number;
}

function Rows({
  market,
  levels,
  side,
  onPrice,
}: {
  readonly market: MarketModel;
  readonly levels: Level[];
  readonly side: 'bid' | 'ask';
  readonly onPrice: (price: string) => void;
}) {
  const { t } = useTranslation('exchange');
  const largest = levels.reduce((max, [, amount]) => {
    const value = parseAmount(amount, market.baseScale, { rounding: 'down' });
    return value > max ? value : max;
  }, 1n);
  return (
    <>
      {levels.map(([price, amount]) => {
        const share = Number((parseAmount(amount, market.baseScale, { rounding: 'down' }) * 100n) / largest);
        return (
          <li key={price}>
            <button
              type="button"
              className={`book__row book__row--${side}`}
              onClick={() => onPrice(price)}
              aria-label={t(side === 'bid' ? 'bookBidLabel' : 'bookAskLabel', {
                price: showPrice(market, price),
                amount: showAmount(market, amount),
              })}
            >
              <span className={`book__bar book__bar--${Math.round(share / 5) * 5}`} aria-hidden="true" />
              <span className="book__price">{showPrice(market, price)}</span>
              <span className="book__amount">{showAmount(market, amount)}</span>
            </button>
          </li>
        );
      })}
    </>
  );
}

export function OrderBook({ market, book, lastPrice, onPrice, rows }: Props) {
  const { t } = useTranslation('exchange');
  if (!book) return <Skeleton height={360} />;
  const asks = book.asks.slice(0, rows).reverse();
  const bids = book.bids.slice(0, rows);
  const empty = asks.length === 0 && bids.length === 0;
  return (
    <div className="book" aria-label={t('orderBook')}>
      <div className="book__head">
        <span>{t('price', { asset: market.quote })}</span>
        <span>{t('amount', { asset: market.base })}</span>
      </div>
      {empty ? <p className="book__empty">{t('bookEmpty')}</p> : null}
      <ul className="book__side book__side--asks" aria-label={t('asks')}>
        <Rows market={market} levels={asks} side="ask" onPrice={onPrice} />
      </ul>
      <div className="book__mid">
        <strong>{showPrice(market, lastPrice)}</strong>
        <span>{t('lastPrice')}</span>
      </div>
      <ul className="book__side book__side--bids" aria-label={t('bids')}>
        <Rows market={market} levels={bids} side="bid" onPrice={onPrice} />
      </ul>
    </div>
  );
}
