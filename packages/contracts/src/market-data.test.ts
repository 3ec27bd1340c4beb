import { describe, expect, it } from 'vitest';
import { marketTopics, parsePairSymbol } from './constants/index.ts';
import { errorCatalogue, isErrorCode } from './errors/index.ts';
import {
  candlesQuerySchema,
  depthQuerySchema,
  marketDataCalls,
  tradesQuerySchema,
  venueFavouriteBodySchema,
} from './market-data.ts';
import { marketSnapshotEventSchema, tickersEventSchema } from './market-topics.ts';
import { marketsCalls } from './markets.ts';

const firstError = (
  schema: { safeParse(input: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } } },
  input: unknown,
) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error!.issues[0]!.message;
};

describe('market data query parameters', () => {
  it.each([
    [depthQuerySchema, { symbol: 'BTC/USDT', levels: '0' }, 'depth_levels_must_be_from_1_to_200'],
    [depthQuerySchema, { symbol: 'BTC/USDT', levels: '201' }, 'depth_levels_must_be_from_1_to_200'],
    [depthQuerySchema, { symbol: 'BTC/USDT', levels: '2.5' }, 'depth_levels_must_be_from_1_to_200'],
    [depthQuerySchema, { symbol: 'BTC/USDT', levels: 'many' }, 'depth_levels_must_be_from_1_to_200'],
    [depthQuerySchema, { symbol: 'BTC/USDT', levels: '0x10' }, 'depth_levels_must_be_from_1_to_200'],
    [depthQuerySchema, { symbol: 'BTC/USDT', levels: ['1', '2'] }, 'depth_levels_must_be_from_1_to_200'],
    [tradesQuerySchema, { symbol: 'BTC/USDT', limit: '1e999' }, 'trades_limit_must_be_from_1_to_200'],
    [tradesQuerySchema, { symbol: 'BTC/USDT', limit: '-1' }, 'trades_limit_must_be_from_1_to_200'],
    [candlesQuerySchema, { symbol: 'BTC/USDT', range: '5Y' }, 'chart_range_is_not_listed'],
    [candlesQuerySchema, { symbol: 'DOGE/USDT' }, 'pair_is_not_listed'],
    [depthQuerySchema, {}, 'pair_is_not_listed'],
  ])('refuses %#: %j with its rule', (schema, input, code) => {
    expect(firstError(schema, input)).toBe(code);
    expect(isErrorCode(code)).toBe(true);
  });

  it('fills the defaults: 50 levels, 50 trades, the 1D range', () => {
    expect(depthQuerySchema.parse({ symbol: 'btc-usdt' })).toEqual({ symbol: 'btc-usdt', levels: 50 });
    expect(tradesQuerySchema.parse({ symbol: 'ETHUSDT', limit: '200' })).toEqual({ symbol: 'ETHUSDT', limit: 200 });
    expect(candlesQuerySchema.parse({ symbol: 'LTC/USDT' }).range).toBe('1D');
    expect(parsePairSymbol(' sol_usdt ')).toBe('SOL/USDT');
  });
});

describe('venue favourites', () => {
  it('takes a listed platform and a boolean', () => {
    expect(venueFavouriteBodySchema.parse({ venue: 'kraken', favourite: false })).toEqual({
      venue: 'kraken',
      favourite: false,
    });
    expect(firstError(venueFavouriteBodySchema, { venue: 'ftx', favourite: true })).toBe('venue_is_not_listed');
    expect(firstError(venueFavouriteBodySchema, { venue: 'kraken', favourite: 1 })).toBe('favourite_must_be_boolean');
  });

  it('declares the favourites calls, signed in, among the markets calls', () => {
    expect(marketsCalls.setVenueFavourite).toEqual(marketDataCalls.setVenueFavourite);
    expect(marketDataCalls.setVenueFavourite).toMatchObject({
      method: 'PUT',
      path: '/market/venues/favourite',
      auth: true,
    });
    expect(marketDataCalls.venueFavourites).toMatchObject({
      method: 'GET',
      path: '/market/venues/favourite',
      auth: true,
    });
    for (const call of Object.values(marketDataCalls))
      for (const code of call.errors) expect(errorCatalogue[code]).toBeDefined();
  });
});

describe('market topics', () => {
  const ticker = {
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
    referencePrice: '70000',
  };

  it('names each pair’s topic and the all-pairs one', () => {
    expect(marketTopics.market('BTC/USDT')).toBe('market:BTC-USDT');
    expect(marketTopics.tickers).toBe('markets:tickers');
  });

  it('never lets a market snapshot go without its ticker', () => {
    const snapshot = {
      channel: 'markets',
      type: 'snapshot',
      data: { symbol: 'BTC/USDT', sequence: 4, bids: [], asks: [['70000.1', '0.5']], trades: [], ticker },
    };
    expect(marketSnapshotEventSchema.safeParse(snapshot).success).toBe(true);
    expect(marketSnapshotEventSchema.safeParse({ ...snapshot, data: { ...snapshot.data, ticker: null } }).success).toBe(
      false,
    );
  });

  it('carries each changed pair whole on the all-pairs topic: its ticker and every platform’s price', () => {
    const item = {
      symbol: 'BTC/USDT',
      ticker,
      venues: [{ id: 'rora', price: null, bid: null, ask: null, available: true }],
    };
    const message = { channel: 'markets', type: 'tickers', data: { sequence: 2, items: [item] } };
    expect(tickersEventSchema.parse(message).data.items[0]!.venues[0]!.id).toBe('rora');
    expect(
      tickersEventSchema.safeParse({ ...message, data: { sequence: 2, items: [{ symbol: 'BTC/USDT', ticker }] } })
        .success,
    ).toBe(false);
  });
});
