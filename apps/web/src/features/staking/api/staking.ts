// Staking's calls: the plans (GET /staking/plan), the customer's stakes (GET /staking/stake),
// staking (POST /staking/stake, its Idempotency-Key made when the dialog opens and reused on a
// retry, so one confirmation never stakes twice) and unstaking. A mutation refreshes the stakes,
// the plans (their room) and the balances.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dashboard, Stake, StakeList, StakingPlanList } from '@rora/contracts';
import { assetScale, tryParseAmount } from '@rora/money';
import { apiRequest } from '../../../lib/api/client.ts';

export const stakingKeys = {
  plans: ['staking', 'plans'] as const,
  stakes: ['staking', 'stakes'] as const,
  balances: ['staking', 'balances'] as const,
};
export const STAKES_PAGE_LIMIT = 50;

export function useStakingPlans() {
  return useQuery({
    queryKey: stakingKeys.plans,
    queryFn: ({ signal }) => apiRequest<StakingPlanList>('/staking/plan', { signal }),
  });
}

export function useStakes() {
  return useQuery({
    queryKey: stakingKeys.stakes,
    queryFn: ({ signal }) => apiRequest<StakeList>(`/staking/stake?page=1&limit=${STAKES_PAGE_LIMIT}`, { signal }),
  });
}

/** Available balance per asset, in minor units, from GET /dashboard. */
export function useAvailableBalances() {
  return useQuery({
    queryKey: stakingKeys.balances,
    queryFn: async ({ signal }) => {
      const dashboard = await apiRequest<Dashboard>('/dashboard', { signal });
      return new Map(
        dashboard.assets.map((entry) => {
          const parsed = tryParseAmount(entry.available, assetScale(entry.assetSymbol));
          return [entry.assetSymbol, parsed.ok ? parsed.value : 0n] as const;
        }),
      );
    },
  });
}

function useRefreshStaking() {
  const client = useQueryClient();
  return () => {
    for (const key of Object.values(stakingKeys)) void client.invalidateQueries({ queryKey: key });
  };
}

export function usePlaceStake() {
  const refresh = useRefreshStaking();
  return useMutation({
    mutationFn: (input: { plan: string; amount: string; key: string }) =>
      apiRequest<Stake>('/staking/stake', {
        method: 'POST',
        headers: { 'Idempotency-Key': input.key },
        body: { plan: input.plan, amount: input.amount },
      }),
    onSuccess: refresh,
  });
}

export function useUnstake() {
  const refresh = useRefreshStaking();
  return useMutation({
    mutationFn: (id: string) => apiRequest<Stake>(`/staking/stake/${id}/unstake`, { method: 'POST' }),
    onSettled: refresh,
  });
}
