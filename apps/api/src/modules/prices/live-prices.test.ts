// Live valuations (issue 19): Rora's last trade when the market traded in the last 24 hours, else
// the venues' reference; the ticker's 24-hour open as the price of a day ago; the catalogue where no
// market prices an asset, marked so the screen can say the value may be out of date.
import { describe, expect, it } from 'vitest';
import type { Ticker } from '@rora/contracts';
import type { AssetQuote, PriceService } from './prices.service.ts';
import { livePrices } from './live-prices.ts';
import { parsePrice } from './valuation.ts';

const quote = (symbol: string, usd: string, before: string | null = null): AssetQuote => ({
  symbol,
  name: symbol,
  logo: '',
  sortOrder: 0,
  usdPrice: parsePrice(usd),
  observedAt: new Date(0),
  usdPrice24hAgo: before === null ? null : parsePrice(before),
  change24h: null,
});

const catalogue = (quotes: AssetQuote[]): PriceService => ({
  quotes: async () => quotes,
  quoteMap: async () => new Map(quotes.map((entry) => [entry.symbol, entry])),
});

const ticker = (fields: Partial<Ticker>): Ticker => ({
  symbol: 'BTC/USDT',
  lastPrice: null,
  change24h: null,
  open24h: null,
  high24h: null,
  low24h: null,
  statsSource: null,
  volume24h: '0',
  quoteVolume24h: '0',
  bestBid: null,
  bestAsk: null,
  referencePrice: null,
  ...fields,
});

const pairs = [
  { symbol: 'BTC/USDT', base: 'BTC', quote: 'USDT' },
  { symbol: 'ETH/USDT', base: 'ETH', quote: 'USDT' },
  { symbol: 'SOL/USDT', base: 'SOL', quote: 'USDT' },
];

describe('live prices', () => {
  const seeded = catalogue([
    quote('BTC', '65000', '65000'),
    quote('ETH', '3500'),
    quote('SOL', '150', '140'),
    quote('USDT', '1'),
    quote('ADX', '0.2', '0.1'),
  ]);
  const tickers: Record<string, Ticker> = {
    // Traded on Rora today: the last trade, and the change from the day's open.
    'BTC/USDT': ticker({ lastPrice: '46000', open24h: '48000', statsSource: 'trades', referencePrice: '46100' }),
    // No trade today: the venues' reference, with the reference window's open.
    'ETH/USDT': ticker({ lastPrice: '2500', open24h: '2400', statsSource: 'reference', referencePrice: '2450' }),
    // No price at all (the venues are unreachable): the catalogue.
    'SOL/USDT': ticker({}),
  };
  const prices = livePrices({ catalogue: seeded, tickers: { pairs, ticker: async (symbol) => tickers[symbol]! } });

  it('values at the last trade of a market that traded, with the change from its open', async () => {
    const btc = (await prices.quoteMap()).get('BTC')!;
    expect(btc).toMatchObject({ source: 'market', usdPrice: parsePrice('46000'), change24h: '-4.17' });
    expect(btc.usdPrice24hAgo).toBe(parsePrice('48000'));
  });

  it('values at the venues’ reference when the market did not trade, never at the seeded price', async () => {
    const eth = (await prices.quoteMap()).get('ETH')!;
    expect(eth).toMatchObject({ source: 'venues', usdPrice: parsePrice('2450'), change24h: '2.08' });
  });

  it('keeps the catalogue’s price, marked, where no market prices the asset', async () => {
    const map = await prices.quoteMap();
    expect(map.get('SOL')).toMatchObject({ source: 'catalogue', usdPrice: parsePrice('150') });
    expect(map.get('ADX')).toMatchObject({ source: 'catalogue', usdPrice: parsePrice('0.2') });
    expect(map.get('USDT')).toMatchObject({ source: 'catalogue', usdPrice: parsePrice('1') });
  });

  it('converts a USDT price into dollars at USDT’s own price', async () => {
    const offPeg = catalogue([quote('BTC', '65000'), quote('USDT', '0.99')]);
    const live = livePrices({ catalogue: offPeg, tickers: { pairs, ticker: async (symbol) => tickers[symbol]! } });
    expect((await live.quoteMap()).get('BTC')!.usdPrice).toBe(parsePrice('45540'));
  });

  it('falls back to the catalogue when a ticker fails', async () => {
    const failing = livePrices({
      catalogue: seeded,
      tickers: { pairs, ticker: async () => Promise.reject(new Error('feed down')) },
    });
    expect((await failing.quoteMap()).get('BTC')).toMatchObject({ source: 'catalogue', usdPrice: parsePrice('65000') });
  });
});
