// Coverage as people read it: reserves over liabilities as a percentage with two decimals, and
// whether it is below, at or above 100 % (said in words and an arrow too, never by colour alone).
import { assetScale, isAssetSymbol } from '@rora/money';
import { formatDecimal, formatPercent } from '../../../lib/format/numbers.ts';

export type CoverageLevel = 'below' | 'full' | 'none';

export interface Coverage {
  readonly level: CoverageLevel;
  /** "98.50%" ("98,50 %" in French), or null when nothing is owed. */
  readonly percent: string | null;
}

export function coverageOf(coverageBps: number | null): Coverage {
  if (coverageBps === null) return { level: 'none', percent: null };
  return { level: coverageBps < 10_000 ? 'below' : 'full', percent: formatPercent(BigInt(coverageBps)) };
}

/**
 * An amount of the snapshot as the other screens write amounts: exact to the minor unit, thousands
 * grouped in the reader's marks ("8,799,958.967 ADX"); the API's own text when it is not an amount of
 * that asset.
 */
export function groupedAmount(text: string, asset: string): string {
  return isAssetSymbol(asset) ? formatDecimal(text, assetScale(asset)) : text;
}
