// The chart is made once per pair: re-renders of the screen (every market message) must not tear it
// down, live candles reach it as updates (so zoom and scroll stay), and a theme switch restyles it.
// lightweight-charts is replaced at its boundary by a recorder of what the component asks of it.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Candle } from '@rora/contracts';
import { setTheme } from '../../../lib/theme/theme.ts';
import { candlesKey, type CandleSeries } from '../api/markets.ts';
import english from '../locales/en.json';
import { marketModel, type MarketModel } from '../model/market.ts';
import { mergeCandle } from '../model/market-stream.ts';
import { PriceChart } from './PriceChart.tsx';

const charts = vi.hoisted(() => {
  type Call = readonly unknown[];
  const made: Array<{
    options: unknown;
    applied: Call[];
    removed: number;
    fitted: number;
    views: Call[];
    series: Array<{ kind: string; options: unknown; data: Call[]; updates: Call[]; applied: Call[] }>;
  }> = [];
  const library = {
    ColorType: { Solid: 'solid' },
    CandlestickSeries: 'candles',
    HistogramSeries: 'volume',
    createChart: (_element: unknown, options: unknown) => {
      const chart: (typeof made)[number] = { options, applied: [], removed: 0, fitted: 0, views: [], series: [] };
      made.push(chart);
      return {
        applyOptions: (...args: Call) => chart.applied.push(args),
        remove: () => (chart.removed += 1),
        timeScale: () => ({
          fitContent: () => (chart.fitted += 1),
          getVisibleLogicalRange: () => ({ from: 40, to: 90 }),
          setVisibleLogicalRange: (...args: Call) => chart.views.push(args),
        }),
        addSeries: (kind: string, options: unknown) => {
          const series = { kind, options, data: [] as Call[], updates: [] as Call[], applied: [] as Call[] };
          chart.series.push(series);
          return {
            setData: (...args: Call) => series.data.push(args),
            update: (...args: Call) => series.updates.push(args),
            applyOptions: (...args: Call) => series.applied.push(args),
            priceScale: () => ({ applyOptions: () => undefined }),
          };
        },
      };
    },
  };
  return { made, library };
});
vi.mock('lightweight-charts', () => charts.library);

const btc = marketModel('BTC/USDT');
const candle = (time: number, close: string): Candle => ({
  time,
  open: '100',
  high: '110',
  low: '90',
  close,
  volume: '2',
});
const series = (candles: Candle[]): CandleSeries => ({ interval: '5m', candles });

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(candlesKey('BTC/USDT', '1D'), series([candle(300, '101'), candle(600, '102')]));
  client.setQueryData(candlesKey('BTC/USDT', '1W'), series([candle(3600, '99'), candle(7200, '103')]));
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en',
    ns: ['exchange'],
    resources: { en: { exchange: english } },
    interpolation: { escapeValue: false },
  });
  const ui = (market: MarketModel) => (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <PriceChart market={market} />
      </I18nextProvider>
    </QueryClientProvider>
  );
  const view = render(ui(btc));
  return { client, rerender: (market: MarketModel) => view.rerender(ui(market)) };
}

const only = () => {
  expect(charts.made).toHaveLength(1);
  return charts.made[0]!;
};

describe('the price chart', () => {
  beforeEach(() => {
    charts.made.length = 0;
    setTheme('dark_theme');
  });
  afterEach(() => {
    cleanup();
    document.documentElement.removeAttribute('style');
  });

  it('is made once and kept across re-renders, even with a new but equal market object', async () => {
    const { rerender } = setup();
    await waitFor(() => expect(charts.made).toHaveLength(1));
    for (let turn = 0; turn < 5; turn += 1) rerender({ ...btc });
    rerender(btc);
    const chart = only();
    expect(chart.removed).toBe(0);
    expect(chart.series.map((item) => item.data.length)).toEqual([1, 1]);
  });

  it('takes live candles as updates, keeping the view, and a new range as a fresh series', async () => {
    const { client } = setup();
    await waitFor(() => expect(charts.made).toHaveLength(1));
    const chart = only();
    const [candles] = chart.series;
    expect(chart.fitted).toBe(1);
    const live = async (next: Candle, updates: number) => {
      act(() => {
        client.setQueryData<CandleSeries>(candlesKey('BTC/USDT', '1D'), (old) =>
          series(mergeCandle(old!.candles, next)),
        );
      });
      await waitFor(() => expect(candles!.updates).toHaveLength(updates));
    };
    await live(candle(600, '104'), 1);
    await live(candle(900, '105'), 2);
    expect(candles!.data).toHaveLength(1);
    expect(candles!.updates.map(([bar]) => bar)).toEqual([
      { time: 600, open: 100, high: 110, low: 90, close: 104 },
      { time: 900, open: 100, high: 110, low: 90, close: 105 },
    ]);
    expect(chart.fitted).toBe(1);

    fireEvent.click(screen.getByRole('tab', { name: '1W' }));
    await waitFor(() => expect(candles!.data).toHaveLength(2));
    expect(candles!.data[1]![0]).toEqual([
      { time: 3600, open: 100, high: 110, low: 90, close: 99 },
      { time: 7200, open: 100, high: 110, low: 90, close: 103 },
    ]);
    expect(chart.fitted).toBe(2);
    expect(charts.made).toHaveLength(1);
  });

  it('restyles the same chart when the theme changes, without moving the view', async () => {
    setup();
    await waitFor(() => expect(charts.made).toHaveLength(1));
    const chart = only();
    const [candles, volume] = chart.series;
    const root = document.documentElement.style;
    root.setProperty('--success', '#0f6b3f');
    root.setProperty('--danger', '#b42318');
    root.setProperty('--text-muted', '#475569');
    root.setProperty('--border', '#d3dae6');
    act(() => setTheme('light_theme'));

    expect(charts.made).toHaveLength(1);
    expect(chart.applied.at(-1)?.[0]).toMatchObject({
      layout: { textColor: '#475569' },
      grid: { vertLines: { color: '#d3dae6' }, horzLines: { color: '#d3dae6' } },
    });
    expect(candles!.applied.at(-1)?.[0]).toMatchObject({ upColor: '#0f6b3f', downColor: '#b42318' });
    expect(volume!.data.at(-1)?.[0]).toEqual([
      { time: 300, value: 2, color: '#0f6b3f66' },
      { time: 600, value: 2, color: '#0f6b3f66' },
    ]);
    expect(chart.views).toEqual([[{ from: 40, to: 90 }]]);
    expect(chart.fitted).toBe(1);
  });
});
