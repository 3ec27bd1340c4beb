// The customer's available balance of each coin, from GET /dashboard (spec §7 "Dashboard and assets"),
// with the live price the portfolio values it at, for the pickers, the amount's "max" and the pair
// the form starts from: the shared resource, refreshed after a swap is placed and
// when one settles.
import type { Dashboard } from '@rora/contracts';
import { assetScale, tryParseAmount } from '@rora/money';
import { useDashboard } from '../../../lib/api/resources/dashboard.ts';
import { balancesFor, isSwapAsset, type SwapBalance } from '../model/swap-form.ts';

export function toSwapBalances(dashboard: Dashboard): SwapBalance[] {
  const listed = dashboard.assets.flatMap((entry) => {
    if (!isSwapAsset(entry.assetSymbol)) return [];
    const parsed = tryParseAmount(entry.available, assetScale(entry.assetSymbol));
    const available = parsed.ok ? parsed.value : 0n;
    return [{ asset: entry.assetSymbol, name: entry.name, available, usdPrice: entry.usdPrice }];
  });
  return balancesFor(listed);
}

export function useSwapBalances() {
  return useDashboard({ select: toSwapBalances });
}
