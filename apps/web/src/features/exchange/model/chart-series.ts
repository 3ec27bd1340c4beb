// How a new candle series reaches a chart that already shows one: live trades only move the last
// candle or open a new one, which the chart takes as updates (keeping the customer's zoom and scroll);
// anything else (first data, another range, a refetch that changed history) replaces the series.
import type { Candle } from '@rora/contracts';

export type SeriesChange =
  | { readonly kind: 'none' }
  | { readonly kind: 'replace' }
  /** Candles to pass to the chart's update(), oldest first: the last shown one (changed) and/or a new one. */
  | { readonly kind: 'update'; readonly candles: readonly Candle[] };

const sameCandle = (a: Candle, b: Candle) =>
  a.time === b.time &&
  a.open === b.open &&
  a.high === b.high &&
  a.low === b.low &&
  a.close === b.close &&
  a.volume === b.volume;

export function seriesChange(shown: readonly Candle[] | null, next: readonly Candle[]): SeriesChange {
  if (shown === next) return { kind: 'none' };
  if (!shown || shown.length === 0 || next.length === 0) return { kind: 'replace' };
  const last = shown.length - 1;
  if (next.length !== shown.length && next.length !== shown.length + 1) return { kind: 'replace' };
  if (next[last]!.time !== shown[last]!.time) return { kind: 'replace' };
  for (let index = 0; index < last; index += 1) {
    if (!sameCandle(shown[index]!, next[index]!)) return { kind: 'replace' };
  }
  const candles = next.slice(sameCandle(shown[last]!, next[last]!) ? last + 1 : last);
  return candles.length === 0 ? { kind: 'none' } : { kind: 'update', candles };
}
