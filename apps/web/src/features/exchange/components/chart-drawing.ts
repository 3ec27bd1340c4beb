// Draws the price chart with lightweight-charts: one chart per pair, kept for as long as the pair is
// shown. New candles arrive through show() (updates for live trades, so the customer's zoom and
// scroll stay; a full replace for a new range), and a theme switch restyles it in place.
import type * as Charts from 'lightweight-charts';
import type { Candle } from '@rora/contracts';
import { dateTimeFormat } from '../../../lib/format/intl-cache.ts';
import { formatPlot } from '../../../lib/format/numbers.ts';
import { seriesChange } from '../model/chart-series.ts';

export type ChartLibrary = typeof Charts;

export interface ChartColours {
  readonly text: string;
  readonly grid: string;
  readonly up: string;
  readonly down: string;
}

export interface ChartHandle {
  show(candles: readonly Candle[]): void;
  restyle(colours: ChartColours): void;
  remove(): void;
}

/** Chart coordinates are floats by the library's design: display only, never money arithmetic. */
const plot = (text: string) => Number(text);

/** `#rrggbb` of an opaque `rgb(r, g, b)` as getComputedStyle writes it; null for anything else. */
export function hexOf(colour: string): string | null {
  const rgb = /^rgb\((\d+),\s*(\d+),\s*(\d+)\)$/.exec(colour.trim());
  if (!rgb) return null;
  return `#${rgb
    .slice(1)
    .map((part) => Number(part).toString(16).padStart(2, '0'))
    .join('')}`;
}

/**
 * A theme colour as the page shows it. The tokens are written `light-dark(light, dark)` (tokens.css,
 * rewritten by the CSS build for older browsers), so the custom property's own text is not a colour
 * the chart can draw: the browser resolves it on a probe element. Where it cannot (a DOM without
 * styles), the property's text is used as written.
 */
function cssColour(name: string, fallback: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${name})`;
  document.body.append(probe);
  const shown = hexOf(getComputedStyle(probe).color);
  probe.remove();
  return shown ?? (getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback);
}

/** The theme's colours as they are now (read again after a theme switch). */
export function chartColours(): ChartColours {
  return {
    text: cssColour('--text-muted', '#a3aec2'),
    grid: cssColour('--border', '#2a3550'),
    up: cssColour('--success', '#4fd69c'),
    down: cssColour('--danger', '#ff7a7a'),
  };
}

const chartOptions = (colours: ChartColours) => ({
  layout: { textColor: colours.text },
  grid: { vertLines: { color: colours.grid }, horzLines: { color: colours.grid } },
  timeScale: { borderColor: colours.grid },
  rightPriceScale: { borderColor: colours.grid },
});

const candleOptions = (colours: ChartColours) => ({
  upColor: colours.up,
  downColor: colours.down,
  wickUpColor: colours.up,
  wickDownColor: colours.down,
});

const candleBar = (c: Candle) => ({
  time: c.time as Charts.UTCTimestamp,
  open: plot(c.open),
  high: plot(c.high),
  low: plot(c.low),
  close: plot(c.close),
});

const volumeBar = (c: Candle, colours: ChartColours) => ({
  time: c.time as Charts.UTCTimestamp,
  value: plot(c.volume),
  color: plot(c.close) >= plot(c.open) ? `${colours.up}66` : `${colours.down}66`,
});

/**
 * A locale tag the chart's formatters accept: the first of `candidates` that Intl can parse, else
 * en-US. The chart library formats with the browser's language by default, and a tag it cannot
 * parse made every label throw and the chart stay blank (issue 19 defect 11).
 */
export function chartLocale(candidates: readonly (string | undefined)[]): string {
  for (const tag of candidates) {
    if (!tag) continue;
    try {
      const [canonical] = Intl.getCanonicalLocales(tag);
      if (canonical) {
        new Intl.NumberFormat(canonical).format(1);
        new Intl.DateTimeFormat(canonical).format(0);
        return canonical;
      }
    } catch {
      // Not a tag Intl understands: try the next one.
    }
  }
  return 'en-US';
}

// What each kind of tick mark shows (the library's TickMarkType: year, month, day, time, seconds).
const TICK_FIELDS: readonly Intl.DateTimeFormatOptions[] = [
  { year: 'numeric' },
  { month: 'short' },
  { day: 'numeric' },
  { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
];

/**
 * The time axis's labels as the library writes them by default (UTC wall time in the reader's
 * language), from formatters made once: the default makes a new one for every label of every paint.
 */
export function tickMarkLabel(time: number, kind: number, locale: string): string {
  const fields = TICK_FIELDS[kind] ?? TICK_FIELDS[3]!;
  return dateTimeFormat(locale, { ...fields, timeZone: 'UTC' }).format(new Date(time * 1000));
}

export function drawChart(
  library: ChartLibrary,
  element: HTMLElement,
  options: { priceDecimals: number; colours: ChartColours; locale: string },
): ChartHandle {
  const { createChart, CandlestickSeries, HistogramSeries, ColorType } = library;
  let colours = options.colours;
  let shown: readonly Candle[] | null = null;
  const chart = createChart(element, {
    autoSize: true,
    ...chartOptions(colours),
    layout: {
      background: { type: ColorType.Solid, color: 'transparent' },
      textColor: colours.text,
      fontFamily: 'Inter Variable, system-ui, sans-serif',
    },
    timeScale: {
      timeVisible: true,
      borderColor: colours.grid,
      tickMarkFormatter: (time: Charts.Time, kind: Charts.TickMarkType) =>
        typeof time === 'number' ? tickMarkLabel(time, kind, options.locale) : null,
    },
    // The axis and crosshair in the reader's language and marks (a tag Intl parses, never a guess).
    localization: {
      locale: options.locale,
      priceFormatter: (price: number) => formatPlot(price, options.priceDecimals),
    },
  });
  const minMove = plot(`0.${'0'.repeat(Math.max(0, options.priceDecimals - 1))}1`);
  const candles = chart.addSeries(CandlestickSeries, {
    ...candleOptions(colours),
    borderVisible: false,
    priceFormat: { type: 'price', precision: options.priceDecimals, minMove },
  });
  const volume = chart.addSeries(HistogramSeries, {
    priceFormat: { type: 'volume' },
    priceScaleId: '',
    color: colours.grid,
    lastValueVisible: false,
    priceLineVisible: false,
  });
  // Candles above, volume in the bottom fifth: they do not overlap, and the top price label has room.
  candles.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.22 } });
  volume.priceScale().applyOptions({ scaleMargins: { top: 0.82, bottom: 0 } });

  return {
    show(next) {
      const change = seriesChange(shown, next);
      if (change.kind === 'replace') {
        candles.setData(next.map(candleBar));
        volume.setData(next.map((c) => volumeBar(c, colours)));
        chart.timeScale().fitContent();
      } else if (change.kind === 'update') {
        for (const c of change.candles) {
          candles.update(candleBar(c));
          volume.update(volumeBar(c, colours));
        }
      }
      shown = next;
    },
    restyle(next) {
      if (JSON.stringify(next) === JSON.stringify(colours)) return;
      colours = next;
      chart.applyOptions(chartOptions(colours));
      candles.applyOptions(candleOptions(colours));
      volume.applyOptions({ color: colours.grid });
      // Volume bars carry their colour per bar: redraw them without moving the customer's view.
      if (shown && shown.length > 0) {
        const view = chart.timeScale().getVisibleLogicalRange();
        volume.setData(shown.map((c) => volumeBar(c, colours)));
        if (view) chart.timeScale().setVisibleLogicalRange(view);
      }
    },
    remove: () => chart.remove(),
  };
}
