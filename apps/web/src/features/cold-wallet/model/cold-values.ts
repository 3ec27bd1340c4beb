// The dollar value of cold holdings, from each quantity and its coin's price, rounded once to the cent
// half to even (ADR 0035), as the API rounds its own usdValue and totalBalance.
import type { ColdWallet } from '@rora/contracts';
import { usdCentsOf } from '../../../lib/format/numbers.ts';

/** Cents the holdings are worth at `prices` (by symbol); a coin without a price counts 0, as on the API. */
export function coldCents(holdings: readonly ColdWallet[], prices: ReadonlyMap<string, string | null>): bigint {
  return usdCentsOf(
    holdings.map((holding) => ({ amount: holding.quantity, usdPrice: prices.get(holding.assetSymbol) ?? null })),
  );
}
