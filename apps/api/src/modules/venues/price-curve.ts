// The sandbox's price curve per pair: waves of periods from 17 minutes to 97 days around an anchor
// price, deterministic in time. The seeded year of candles (SQL market_synthetic_price in
// market-data/sql, same formula) and the simulated venues' live feeds both follow it, so history and live
// prices meet at "now". Floating point is fine here: this only makes up a sandbox price, which the
// venues round to ticks before anything trades on it.
import type { PairSymbol } from '@rora/contracts';
import { ASSET_CATALOGUE } from '../prices/index.ts';

export interface CurveParams {
  /** Quote units per base unit the curve swings around. */
  anchor: number;
  /** How far the waves reach, as a fraction in the exponent (0.35: about ±40 % over the year). */
  volatility: number;
  phase: number;
}

/** [period in seconds, weight, phase multiplier]; the SQL function lists the same terms. */
const WAVES: ReadonlyArray<readonly [number, number, number]> = [
  [8_380_800, 0.5, 1],
  [3_542_400, 0.28, 1.7],
  [1_123_200, 0.16, 2.3],
  [371_520, 0.08, 3.1],
  [95_040, 0.04, 4.7],
  [19_080, 0.018, 5.9],
  [4_260, 0.008, 7.3],
  [1_020, 0.004, 8.9],
];

const VOLATILITY: Record<PairSymbol, number> = {
  'BTC/USDT': 0.35,
  'ETH/USDT': 0.4,
  'LTC/USDT': 0.45,
  'ADX/USDT': 0.5,
  'BUSD/USDT': 0.0008,
  'XRP/USDT': 0.45,
  'SOL/USDT': 0.5,
  'BNB/USDT': 0.35,
};

function phaseOf(symbol: string): number {
  let hash = 0;
  for (const char of symbol) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_003;
  return (hash % 6283) / 1000;
}

/** The curve of a pair: its base asset's reference price (prices catalogue) as the anchor. */
export function curveParams(symbol: PairSymbol): CurveParams {
  const base = symbol.split('/')[0];
  const entry = ASSET_CATALOGUE.find((item) => item.symbol === base);
  if (!entry) throw new Error(`no reference price for ${base}`);
  return { anchor: Number(entry.referenceUsdPrice), volatility: VOLATILITY[symbol], phase: phaseOf(symbol) };
}

/** Quote units per base unit at `atMs` (same as SQL market_synthetic_price). */
export function curvePrice(params: CurveParams, atMs: number): number {
  const t = atMs / 1000;
  let sum = 0;
  for (const [period, weight, multiplier] of WAVES) {
    sum += weight * Math.sin((2 * Math.PI * t) / period + multiplier * params.phase);
  }
  return params.anchor * Math.exp(params.volatility * sum);
}
