// Staking's calls: the plans (GET /staking/plan), the customer's stakes (GET /staking/stake),
// staking (POST /staking/stake, its Idempotency-Key made when the dialog opens and reused on a
// retry, so one confirmation never stakes twice) and unstaking (its key made per stake shown, the
// same way). A mutation refreshes the stakes, the plans (their room) and the balances
// (lib/api/resources/changes.ts).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { stakingApi } from '@rora/contracts';
import { callApi } from '../../../lib/api/client.ts';
import { invalidateAfter } from '../../../lib/api/resources/changes.ts';
import { resourceKeys } from '../../../lib/api/resources/keys.ts';

export const stakingKeys = { plans: resourceKeys.stakingPlans, stakes: resourceKeys.stakes };
export const STAKES_PAGE_LIMIT = 50;

export function useStakingPlans() {
  return useQuery({
    queryKey: stakingKeys.plans,
    queryFn: ({ signal }) => callApi(stakingApi.listPlans, { signal }),
  });
}

export function useStakes() {
  return useQuery({
    queryKey: stakingKeys.stakes,
    queryFn: ({ signal }) => callApi(stakingApi.listStakes, { query: { page: 1, limit: STAKES_PAGE_LIMIT }, signal }),
  });
}

/** Available balance per asset, in minor units, from GET /dashboard (the shared resource). */
export { useAvailableBalances } from '../../../lib/api/resources/dashboard.ts';

function useRefreshStaking() {
  const client = useQueryClient();
  return () => invalidateAfter(client, 'stake');
}

export function usePlaceStake() {
  const refresh = useRefreshStaking();
  return useMutation({
    mutationFn: (input: { plan: string; amount: string; key: string }) =>
      callApi(stakingApi.stake, {
        headers: { 'Idempotency-Key': input.key },
        body: { plan: input.plan, amount: input.amount },
      }),
    onSuccess: refresh,
  });
}

export function useUnstake() {
  const refresh = useRefreshStaking();
  return useMutation({
    mutationFn: (input: { id: string; key: string }) =>
      callApi(stakingApi.unstake, { headers: { 'Idempotency-Key': input.key }, params: { id: input.id } }),
    onSettled: refresh,
  });
}
