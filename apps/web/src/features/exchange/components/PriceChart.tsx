// The price chart: candles and volume for the chart ranges of spec §9 (1D ... ATH), drawn by
// lightweight-charts, which loads only when the chart is first shown (its own chunk). Live candles
// from the market stream arrive in the same query, so the last candle moves as trades happen.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as Charts from 'lightweight-charts';
import { CHART_RANGES, type Candle } from '@rora/contracts';
import { Skeleton } from '../../../components/skeleton/Skeleton.tsx';
import { useCandles } from '../api/markets.ts';
import type { MarketModel } from '../model/market.ts';
import { Segmented } from './Segmented.tsx';

type ChartLibrary = typeof Charts;
type ChartHandle = { setData(candles: readonly Candle[]): void; remove(): void };

/** Chart coordinates are floats by the library's design: display only, never money arithmetic. */
const plot = (text: string) => Number(text);

function cssColour(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

function drawChart(library: ChartLibrary, element: HTMLElement, market: MarketModel): ChartHandle {
  const { createChart, CandlestickSeries, HistogramSeries, ColorType } = library;
  const text = cssColour('--text-muted', '#a3aec2');
  const grid = cssColour('--border', '#2a3550');
  const up = cssColour('--success', '#4fd69c');
  const down = cssColour('--danger', '#ff7a7a');
  const chart = createChart(element, {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: 'transparent' },
      textColor: text,
      fontFamily: 'Inter Variable, system-ui, sans-serif',
    },
    grid: { vertLines: { color: grid }, horzLines: { color: grid } },
    timeScale: { timeVisible: true, borderColor: grid },
    rightPriceScale: { borderColor: grid },
  });
  const minMove = plot(`0.${'0'.repeat(Math.max(0, market.priceDecimals - 1))}1`);
  const candles = chart.addSeries(CandlestickSeries, {
    upColor: up,
    downColor: down,
    wickUpColor: up,
    wickDownColor: down,
    borderVisible: false,
    priceFormat: { type: 'price', precision: market.priceDecimals, minMove },
  });
  const volume = chart.addSeries(HistogramSeries, {
    priceFormat: { type: 'volume' },
    priceScaleId: '',
    color: grid,
    lastValueVisible: false,
    priceLineVisible: false,
  });
  volume.priceScale().applyOptions({ scaleMargins: { top: 0.82, bottom: 0 } });
  return {
    setData(data) {
      candles.setData(
        data.map((c) => ({
          time: c.time as never,
          open: plot(c.open),
          high: plot(c.high),
          low: plot(c.low),
          close: plot(c.close),
        })),
      );
      volume.setData(
        data.map((c) => ({
          time: c.time as never,
          value: plot(c.volume),
          color: plot(c.close) >= plot(c.open) ? `${up}66` : `${down}66`,
        })),
      );
    },
    remove: () => chart.remove(),
  };
}

export function PriceChart({ market }: { readonly market: MarketModel }) {
  const { t } = useTranslation('exchange');
  const [range, setRange] = useState<string>('1D');
  const candles = useCandles(market.symbol, range);
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<ChartHandle | null>(null);
  const [library, setLibrary] = useState<ChartLibrary | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    import('lightweight-charts').then(
      (loaded) => live && setLibrary(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!library || !host.current) return undefined;
    chart.current = drawChart(library, host.current, market);
    return () => {
      chart.current?.remove();
      chart.current = null;
    };
  }, [library, market]);

  const data = candles.data?.candles;
  useEffect(() => {
    if (chart.current && data) chart.current.setData(data);
  }, [data, library, market]);

  if (failed) throw new Error('The chart library could not load');
  return (
    <div className="chart">
      <Segmented
        label={t('chartRange')}
        segments={CHART_RANGES.map((item) => ({ value: item.id, label: t(`ranges.${item.id}`) }))}
        value={range}
        onChange={setRange}
        className="chart__ranges"
      />
      <div className="chart__frame">
        <div
          className="chart__canvas"
          ref={host}
          role="img"
          aria-label={t('chartLabel', { symbol: market.symbol, range: t(`ranges.${range}`) })}
        />
        {!library || candles.isPending ? (
          <div className="chart__overlay">
            <Skeleton height="100%" />
          </div>
        ) : null}
      </div>
    </div>
  );
}
