// Coverage as people read it: reserves over liabilities as a percentage with two decimals, and
// whether it is below, at or above 100 % (said in words and an arrow too, never by colour alone).
import { assetScale, formatAmount, isAssetSymbol, tryParseAmount } from '@rora/money';

export type CoverageLevel = 'below' | 'full' | 'none';

export interface Coverage {
  readonly level: CoverageLevel;
  /** "98.50 %", or null when nothing is owed. */
  readonly percent: string | null;
}

export function coverageOf(coverageBps: number | null): Coverage {
  if (coverageBps === null) return { level: 'none', percent: null };
  const whole = Math.floor(coverageBps / 100);
  const cents = String(coverageBps % 100).padStart(2, '0');
  return { level: coverageBps < 10_000 ? 'below' : 'full', percent: `${whole.toLocaleString('en')}.${cents} %` };
}

/**
 * An amount of the snapshot as the other screens write amounts: exact to the minor unit, thousands
 * grouped ("8,799,958.967 ADX"); the API's own text when it is not an amount of that asset.
 */
export function groupedAmount(text: string, asset: string): string {
  if (!isAssetSymbol(asset)) return text;
  const scale = assetScale(asset);
  const parsed = tryParseAmount(text, scale);
  return parsed.ok ? formatAmount(parsed.value, scale, { grouping: true }) : text;
}
