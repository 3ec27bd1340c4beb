import { describe, expect, it } from 'vitest';
import { marketModel } from './market.ts';
import type { Ticker, Trade } from '@rora/contracts';
import {
  MAX_TRADES,
  applyLevels,
  applyMessage,
  mergeCandle,
  mergeTicker,
  prependTrades,
  type StreamMessage,
  type StreamState,
} from './market-stream.ts';

const btc = marketModel('BTC/USDT');
const snapshot: StreamMessage = {
  type: 'snapshot',
  data: {
    symbol: 'BTC/USDT',
    sequence: 10,
    bids: [
      ['64999.9', '1'],
      ['64999', '2'],
    ],
    asks: [['65000.1', '0.5']],
    trades: [],
    ticker: null,
  },
};
const start = applyMessage(btc, null, snapshot)!.state;

describe('book levels', () => {
  it('replaces, adds and removes levels, best first on each side', () => {
    expect(
      applyLevels(btc, 'bids', start.book.bids, [
        ['65000', '3'],
        ['64999', '0'],
        ['64999.9', '0.25'],
      ]),
    ).toEqual([
      ['65000', '3'],
      ['64999.9', '0.25'],
    ]);
    expect(
      applyLevels(btc, 'asks', start.book.asks, [
        ['65000.05', '1'],
        ['65010', '1'],
      ]),
    ).toEqual([
      ['65000.05', '1'],
      ['65000.1', '0.5'],
      ['65010', '1'],
    ]);
  });
});

describe('the market stream', () => {
  it('applies deltas that follow the sequence', () => {
    const depth = applyMessage(btc, start, {
      type: 'depth',
      data: { sequence: 11, bids: [], asks: [['65000.1', '0']] },
    })!;
    expect(depth).toMatchObject({ gap: false, state: { book: { sequence: 11, asks: [] } } });
    const trade = { id: 't', sequence: 1, price: '65000.1', amount: '0.5', side: 'buy' as const, createdAt: '' };
    const traded = applyMessage(btc, depth.state, { type: 'trades', data: { sequence: 12, trades: [trade] } })!;
    expect(traded.state.trades).toEqual([trade]);
    expect(traded.state.book.sequence).toBe(12);
  });

  it('reports a gap and keeps the state when a message was missed, and ignores an old one', () => {
    const skipped = applyMessage(btc, start, { type: 'depth', data: { sequence: 12, bids: [['1', '1']], asks: [] } })!;
    expect(skipped.gap).toBe(true);
    expect(skipped.state).toBe(start);
    const old = applyMessage(btc, start, { type: 'depth', data: { sequence: 9, bids: [['1', '1']], asks: [] } })!;
    expect(old).toEqual({ state: start, gap: false });
  });

  it('needs a snapshot before any delta', () => {
    const state: StreamState | null = null;
    expect(applyMessage(btc, state, { type: 'depth', data: { sequence: 1, bids: [], asks: [] } })).toBeNull();
  });
});

const trade = (sequence: number): Trade => ({
  id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
  sequence,
  price: '65000',
  amount: '0.1',
  side: 'buy',
  createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, sequence)).toISOString(),
});
const sequences = (trades: readonly Trade[]) => trades.map((item) => item.sequence);

describe('recent trades, newest first', () => {
  it.each([
    { name: 'a single trade goes on top', batch: [4], known: [3, 2, 1], expected: [4, 3, 2, 1] },
    {
      name: 'a sweep over several levels (sent newest first) is prepended as it came',
      batch: [7, 6, 5, 4],
      known: [3, 2, 1],
      expected: [7, 6, 5, 4, 3, 2, 1],
    },
    { name: 'a batch on an empty list', batch: [2, 1], known: [], expected: [2, 1] },
    { name: 'a trade already listed is not shown twice', batch: [4, 3], known: [3, 2, 1], expected: [4, 3, 2, 1] },
  ])('$name', ({ batch, known, expected }) => {
    expect(sequences(prependTrades(batch.map(trade), known.map(trade)))).toEqual(expected);
  });

  it(`keeps the newest ${MAX_TRADES}`, () => {
    const known = Array.from({ length: MAX_TRADES }, (_, index) => trade(MAX_TRADES - index));
    const next = prependTrades([trade(MAX_TRADES + 2), trade(MAX_TRADES + 1)], known);
    expect(next).toHaveLength(MAX_TRADES);
    expect(sequences(next).slice(0, 3)).toEqual([MAX_TRADES + 2, MAX_TRADES + 1, MAX_TRADES]);
    expect(next.at(-1)?.sequence).toBe(3);
  });

  it('a trades message keeps the list in the order of GET /market/trades', () => {
    const state: StreamState = { ...start, trades: [trade(2), trade(1)] };
    const next = applyMessage(btc, state, {
      type: 'trades',
      data: { sequence: 11, trades: [trade(5), trade(4), trade(3)] },
    })!;
    expect(sequences(next.state.trades)).toEqual([5, 4, 3, 2, 1]);
  });
});

const ticker = (lastPrice: string | null, volume24h = '10'): Ticker => ({
  symbol: 'BTC/USDT',
  lastPrice,
  change24h: null,
  open24h: null,
  high24h: null,
  low24h: null,
  statsSource: null,
  volume24h,
  quoteVolume24h: '0',
  bestBid: null,
  bestAsk: null,
  referencePrice: null,
});

describe('the ticker', () => {
  it.each([
    { name: 'none known, none sent', known: null, incoming: null, lastPrice: undefined },
    { name: 'a null ticker keeps the known one', known: ticker('65000'), incoming: null, lastPrice: '65000' },
    {
      name: 'a new ticker replaces the known one',
      known: ticker('65000'),
      incoming: ticker('65010'),
      lastPrice: '65010',
    },
    { name: 'the first ticker is taken', known: null, incoming: ticker('64000'), lastPrice: '64000' },
    {
      name: 'a ticker without a last price keeps the known last price',
      known: ticker('65000'),
      incoming: ticker(null, '12'),
      lastPrice: '65000',
    },
  ])('$name', ({ known, incoming, lastPrice }) => {
    expect(mergeTicker(known, incoming)?.lastPrice).toBe(lastPrice);
  });

  it('a snapshot with ticker null does not wipe the REST ticker', () => {
    const fromRest: StreamState = { ...start, ticker: ticker('65000') };
    const next = applyMessage(btc, fromRest, snapshot)!;
    expect(next.state.ticker?.lastPrice).toBe('65000');
    expect(next.state.book.sequence).toBe(10);
  });

  it('a snapshot with a ticker replaces the REST one, and a ticker message replaces that', () => {
    const fromRest: StreamState = { ...start, ticker: ticker('65000') };
    const withTicker = { ...snapshot, data: { ...snapshot.data, ticker: ticker('65100', '11') } } as StreamMessage;
    const next = applyMessage(btc, fromRest, withTicker)!;
    expect(next.state.ticker).toMatchObject({ lastPrice: '65100', volume24h: '11' });
    const later = applyMessage(btc, next.state, { type: 'ticker', data: { sequence: 11, ticker: ticker('65200') } })!;
    expect(later.state.ticker?.lastPrice).toBe('65200');
  });
});

describe('live candles', () => {
  const candle = (time: number, close: string) => ({ time, open: '1', high: '2', low: '1', close, volume: '1' });
  it('replaces the current bucket and appends a new one', () => {
    const series = [candle(100, '1'), candle(200, '1.5')];
    expect(mergeCandle(series, candle(200, '1.8')).map((item) => item.close)).toEqual(['1', '1.8']);
    expect(mergeCandle(series, candle(300, '1.9'))).toHaveLength(3);
    expect(mergeCandle(series, candle(100, '9'))).toEqual(series);
  });
});
