import { describe, expect, it } from 'vitest';
import { marketModel } from './market.ts';
import { applyLevels, applyMessage, mergeCandle, type StreamMessage, type StreamState } from './market-stream.ts';

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

describe('live candles', () => {
  const candle = (time: number, close: string) => ({ time, open: '1', high: '2', low: '1', close, volume: '1' });
  it('replaces the current bucket and appends a new one', () => {
    const series = [candle(100, '1'), candle(200, '1.5')];
    expect(mergeCandle(series, candle(200, '1.8')).map((item) => item.close)).toEqual(['1', '1.8']);
    expect(mergeCandle(series, candle(300, '1.9'))).toHaveLength(3);
    expect(mergeCandle(series, candle(100, '9'))).toEqual(series);
  });
});
