// The price chart: candles and volume for the chart ranges of spec §9 (1D ... ATH), drawn by
// lightweight-charts, which loads only when the chart is first shown (its own chunk). The chart is
// made once per pair (the screen keys this component on the symbol): live candles from the market
// stream land in the same query and reach it as updates, so the zoom and scroll the customer chose
// stay while trades happen; a theme switch restyles it in place.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_RANGES } from '@rora/contracts';
import { Skeleton } from '../../../components/skeleton/Skeleton.tsx';
import { useTheme } from '../../../lib/theme/use-theme.ts';
import { useCandles } from '../api/markets.ts';
import type { MarketModel } from '../model/market.ts';
import { currentLanguageTag } from '../../../lib/i18n/i18n.ts';
import { chartColours, chartLocale, drawChart, type ChartHandle, type ChartLibrary } from './chart-drawing.ts';
import { Segmented } from './Segmented.tsx';

export function PriceChart({ market }: { readonly market: MarketModel }) {
  const { t } = useTranslation('exchange');
  const theme = useTheme();
  const [range, setRange] = useState<string>('1D');
  const candles = useCandles(market.symbol, range);
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<ChartHandle | null>(null);
  const [library, setLibrary] = useState<ChartLibrary | null>(null);
  const [failed, setFailed] = useState(false);
  const { priceDecimals } = market;

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

  // Only what the drawing itself depends on: a re-render of the screen never starts the chart over.
  useEffect(() => {
    if (!library || !host.current) return undefined;
    const locale = chartLocale([currentLanguageTag(), navigator.language]);
    try {
      chart.current = drawChart(library, host.current, { priceDecimals, colours: chartColours(), locale });
    } catch (error) {
      // Shown by the panel's error state (with a retry), never as a blank chart.
      console.error('The price chart could not be drawn', error);
      setFailed(true);
      return undefined;
    }
    return () => {
      chart.current?.remove();
      chart.current = null;
    };
  }, [library, priceDecimals]);

  const data = candles.data?.candles;
  useEffect(() => {
    if (!data) return;
    try {
      chart.current?.show(data);
    } catch (error) {
      console.error('The price chart could not show its candles', error);
      setFailed(true);
    }
  }, [data, library, priceDecimals]);

  useEffect(() => {
    chart.current?.restyle(chartColours());
  }, [theme]);

  if (failed) throw new Error('The price chart could not load or draw');
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
