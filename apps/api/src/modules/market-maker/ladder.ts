// The market maker's ladder: a few bids under and asks over the reference price, each level a bit
// further out and a bit larger, on the market's ticks and lots. Pure, so it is tested on its own.
import { scaleFactor } from '@rora/money';
import type { Market } from '../markets/index.ts';

export interface LadderOptions {
  levels: number;
  /** Distance of the first level from the reference price. */
  halfSpreadBps: number;
  /** Extra distance of each further level. */
  stepBps: number;
  /** Value of the first level in quote minor units; each level adds half of it. */
  levelNotional: bigint;
}

export interface Quote {
  side: 'buy' | 'sell';
  price: bigint;
  quantity: bigint;
}

export const DEFAULT_LADDER = { levels: 6, halfSpreadBps: 4, stepBps: 6 } as const;

/** First-level value in US dollars (USDT) by base asset. */
const LEVEL_USD: Partial<Record<string, bigint>> = { BTC: 4_000n, ETH: 3_000n };
export const levelNotionalOf = (market: Market) => (LEVEL_USD[market.base] ?? 1_500n) * scaleFactor(market.quoteScale);

export function ladder(market: Market, reference: bigint, options: LadderOptions): Quote[] {
  const { tickSize, lotSize } = market.spec;
  const quotes: Quote[] = [];
  for (let level = 0; level < options.levels; level += 1) {
    const offset = BigInt(options.halfSpreadBps + level * options.stepBps);
    const bid = ((reference * (10_000n - offset)) / 10_000n / tickSize) * tickSize;
    const ask = (((reference * (10_000n + offset)) / 10_000n + tickSize - 1n) / tickSize) * tickSize;
    const notional = options.levelNotional + (options.levelNotional * BigInt(level)) / 2n;
    for (const [side, price] of [
      ['buy', bid],
      ['sell', ask],
    ] as const) {
      if (price <= 0n) continue;
      const quantity = ((notional * scaleFactor(market.baseScale)) / price / lotSize) * lotSize;
      if (quantity > 0n) quotes.push({ side, price, quantity });
    }
  }
  return quotes;
}
