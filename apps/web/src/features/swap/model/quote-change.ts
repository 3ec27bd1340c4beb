// Which figures of a firm quote changed between the one the customer opened the confirmation with
// and the one on screen now (a refresh after it expired, or after the API refused it as stale), so
// the dialog can say so and mark them: money figures never change silently.
import type { SwapQuote } from '@rora/contracts';

export const QUOTE_FIGURES = ['receive', 'rate', 'fee', 'spread'] as const;
export type QuoteFigure = (typeof QUOTE_FIGURES)[number];

/** The figures that differ; none when nothing was seen yet or both are the same quote. */
export function changedFigures(seen: SwapQuote | null, shown: SwapQuote): QuoteFigure[] {
  if (!seen || seen.id === shown.id) return [];
  return QUOTE_FIGURES.filter((figure) => seen[figure] !== shown[figure]);
}
