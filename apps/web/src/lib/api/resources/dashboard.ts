// GET /dashboard, read by the wallets, exchange, swap, staking and lending screens under one key:
// each screen picks what it needs with `select`, so one fetch serves them all.
import { useQuery } from '@tanstack/react-query';
import { walletApi, type Dashboard } from '@rora/contracts';
import { assetScale, tryParseAmount } from '@rora/money';
import { callApi } from '../client.ts';
import { resourceKeys } from './keys.ts';

export function fetchDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return callApi(walletApi.dashboard, { signal });
}

export interface DashboardOptions<T> {
  readonly select?: (dashboard: Dashboard) => T;
  /** Values follow the market: screens that show them read again this often. */
  readonly refetchInterval?: number;
}

export function useDashboard<T = Dashboard>(options: DashboardOptions<T> = {}) {
  return useQuery({
    queryKey: resourceKeys.dashboard,
    queryFn: ({ signal }) => fetchDashboard(signal),
    select: options.select,
    refetchInterval: options.refetchInterval,
  });
}

/** Available minor units by coin (a coin the dashboard cannot read counts as 0). */
export function availableByAsset(dashboard: Dashboard): Map<string, bigint> {
  return new Map(
    dashboard.assets.map((entry) => {
      const parsed = tryParseAmount(entry.available, assetScale(entry.assetSymbol));
      return [entry.assetSymbol, parsed.ok ? parsed.value : 0n] as const;
    }),
  );
}

export function useAvailableBalances() {
  return useDashboard({ select: availableByAsset });
}
