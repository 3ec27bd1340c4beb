import { describe, expect, it } from 'vitest';
import type { Candle } from '@rora/contracts';
import { mergeCandle } from './market-stream.ts';
import { seriesChange } from './chart-series.ts';

const candle = (time: number, close = '100', volume = '1'): Candle => ({
  time,
  open: '100',
  high: '110',
  low: '90',
  close,
  volume,
});
const shown = [candle(100), candle(200), candle(300)];

describe('how a new series reaches the chart', () => {
  it.each([
    { name: 'first data replaces', before: null, after: shown, expected: { kind: 'replace' } },
    { name: 'data after an empty series replaces', before: [], after: shown, expected: { kind: 'replace' } },
    { name: 'the same array changes nothing', before: shown, after: shown, expected: { kind: 'none' } },
    {
      name: 'an equal copy changes nothing',
      before: shown,
      after: shown.map((c) => ({ ...c })),
      expected: { kind: 'none' },
    },
    {
      name: 'a live trade moves the last candle',
      before: shown,
      after: mergeCandle(shown, candle(300, '105', '2')),
      expected: { kind: 'update', candles: [candle(300, '105', '2')] },
    },
    {
      name: 'a live trade opens a new candle',
      before: shown,
      after: mergeCandle(shown, candle(400, '101')),
      expected: { kind: 'update', candles: [candle(400, '101')] },
    },
    {
      name: 'a refetch that moved the last candle and opened another updates both',
      before: shown,
      after: [candle(100), candle(200), candle(300, '104'), candle(400, '101')],
      expected: { kind: 'update', candles: [candle(300, '104'), candle(400, '101')] },
    },
    {
      name: 'another range replaces',
      before: shown,
      after: [candle(1000), candle(2000)],
      expected: { kind: 'replace' },
    },
    {
      name: 'a changed older candle replaces',
      before: shown,
      after: [candle(100, '99'), candle(200), candle(300)],
      expected: { kind: 'replace' },
    },
    {
      name: 'two new candles at once replace',
      before: shown,
      after: [...shown, candle(400), candle(500)],
      expected: { kind: 'replace' },
    },
    { name: 'an emptied series replaces', before: shown, after: [], expected: { kind: 'replace' } },
  ])('$name', ({ before, after, expected }) => {
    expect(seriesChange(before, after)).toEqual(expected);
  });
});
