// observedUsdPrices (review of issue 17): a price is as old as the older of its legs (the venues'
// quote in USDT, USDT's catalogue row), a catalogue-only price as old as its row, and only the
// sandbox reads the seeded catalogue as observed now.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.ts';
import type { AssetQuote } from '../prices/index.ts';
import { observedUsdPrices } from './reference-prices.ts';

const NOW = new Date('2026-11-24T12:00:00Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

function catalogue(rows: Record<string, { usd: bigint; at: Date }>) {
  const quotes = Object.entries(rows).map(([symbol, row]): AssetQuote => ({
    ...{ symbol, name: symbol, logo: '', sortOrder: 0 },
    ...{ usdPrice: row.usd * 10n ** 12n, observedAt: row.at, usdPrice24hAgo: null, change24h: null },
  }));
  return { quoteMap: async () => new Map(quotes.map((quote) => [quote.symbol, quote])) };
}

const venues = (at: Date) => ({
  // BTC/USDT at 60,000 (USDT has 6 decimals).
  referenceQuote: async () => ({ price: 60_000_000_000n, observedAt: at }),
});

describe('observedUsdPrices', () => {
  const rows = { USDT: { usd: 1n, at: ago(10) }, BTC: { usd: 65_000n, at: ago(600) } };

  it('dates a pair price by the older of the venue quote and the USDT row', async () => {
    const prices = observedUsdPrices({
      ...{ catalogue: catalogue(rows), venues: venues(ago(2)) },
      ...{ clock: new ManualClock(NOW), catalogueIsFeed: false },
    });
    expect(await prices.usdPrice('BTC')).toEqual({ usdPrice: '60000', observedAt: ago(10) });
    expect(await prices.usdPrice('USDT')).toEqual({ usdPrice: '1', observedAt: ago(10) });
  });

  it('dates a catalogue price by its row, unless the sandbox reads the catalogue as a feed', async () => {
    const parts = { catalogue: catalogue(rows), venues: null, clock: new ManualClock(NOW) };
    expect(await observedUsdPrices({ ...parts, catalogueIsFeed: false }).usdPrice('BTC')).toEqual({
      usdPrice: '65000',
      observedAt: ago(600),
    });
    expect(await observedUsdPrices({ ...parts, catalogueIsFeed: true }).usdPrice('BTC')).toEqual({
      usdPrice: '65000',
      observedAt: NOW,
    });
    expect(await observedUsdPrices({ ...parts, catalogueIsFeed: false }).usdPrice('ETH')).toBeNull();
  });
});
