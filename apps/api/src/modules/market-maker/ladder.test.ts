// The market maker's ladder: bids under and asks over the reference, widening and growing level by
// level, always on the market's ticks and lots.
import { describe, expect, it } from 'vitest';
import { requireMarket } from '../markets/index.ts';
import { DEFAULT_LADDER, ladder, levelNotionalOf } from './ladder.ts';

describe('ladder', () => {
  it.each(['BTC/USDT', 'ETH/USDT', 'ADX/USDT', 'BUSD/USDT', 'XRP/USDT'])(
    'quotes %s on ticks and lots, widening outwards',
    (symbol) => {
      const market = requireMarket(symbol);
      const reference = market.spec.tickSize * 12_345n;
      const quotes = ladder(market, reference, { ...DEFAULT_LADDER, levelNotional: levelNotionalOf(market) });
      const bids = quotes.filter((quote) => quote.side === 'buy');
      const asks = quotes.filter((quote) => quote.side === 'sell');
      expect(bids).toHaveLength(DEFAULT_LADDER.levels);
      expect(asks).toHaveLength(DEFAULT_LADDER.levels);
      for (const quote of quotes) {
        expect(quote.price % market.spec.tickSize).toBe(0n);
        expect(quote.quantity % market.spec.lotSize).toBe(0n);
      }
      expect(
        bids.every((bid, index) => bid.price < reference && (index === 0 || bid.price <= bids[index - 1]!.price)),
      ).toBe(true);
      expect(
        asks.every((ask, index) => ask.price > reference && (index === 0 || ask.price >= asks[index - 1]!.price)),
      ).toBe(true);
      expect(asks.at(-1)!.quantity).toBeGreaterThan(asks[0]!.quantity);
    },
  );
});
