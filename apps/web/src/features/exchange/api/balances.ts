// The customer's available balances (GET /dashboard, spec §7), for the order form's "available" and
// "max". Refreshed when an order is placed, filled or cancelled.
import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@rora/contracts';
import { assetScale, tryParseAmount } from '@rora/money';
import { apiRequest } from '../../../lib/api/client.ts';

export const balancesKey = ['exchange', 'balances'] as const;

export function availableOf(dashboard: Dashboard | undefined, asset: string): bigint | null {
  if (!dashboard) return null;
  const entry = dashboard.assets.find((item) => item.assetSymbol === asset);
  if (!entry) return 0n;
  const parsed = tryParseAmount(entry.available, assetScale(asset));
  return parsed.ok ? parsed.value : 0n;
}

export function useBalances() {
  return useQuery({
    queryKey: balancesKey,
    queryFn: ({ signal }) => apiRequest<Dashboard>('/dashboard', { signal }),
  });
}
