// The customer's available balances (GET /dashboard, spec §7), for the order form's "available" and
// "max": the shared resource (lib/api/resources), refreshed when an order is placed, filled or
// cancelled.
import type { Dashboard } from '@rora/contracts';
import { assetScale, tryParseAmount } from '@rora/money';

export { useDashboard as useBalances } from '../../../lib/api/resources/dashboard.ts';

export function availableOf(dashboard: Dashboard | undefined, asset: string): bigint | null {
  if (!dashboard) return null;
  const entry = dashboard.assets.find((item) => item.assetSymbol === asset);
  if (!entry) return 0n;
  const parsed = tryParseAmount(entry.available, assetScale(asset));
  return parsed.ok ? parsed.value : 0n;
}
