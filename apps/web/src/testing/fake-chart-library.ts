// lightweight-charts without a canvas (jsdom has none): the calls the price chart makes, recorded, so
// a screen test sees which candles the chart was given. Used with vi.mock('lightweight-charts').
type Call = readonly unknown[];

/** The data each series was last given, by series kind. */
export const drawn = new Map<string, Call>();

export const ColorType = { Solid: 'solid' };
export const CandlestickSeries = 'candles';
export const HistogramSeries = 'volume';

export function createChart() {
  return {
    applyOptions: () => undefined,
    remove: () => undefined,
    timeScale: () => ({
      fitContent: () => undefined,
      getVisibleLogicalRange: () => null,
      setVisibleLogicalRange: () => undefined,
    }),
    addSeries: (kind: string) => ({
      setData: (data: Call) => void drawn.set(kind, data),
      update: () => undefined,
      applyOptions: () => undefined,
      priceScale: () => ({ applyOptions: () => undefined }),
    }),
  };
}
