// Staking's calls: the plans (GET /staking/plan), the customer's stakes (GET /staking/stake),
// staking (POST /staking/stake) and unstaking, each with an Idempotency-Key reused only to retry an
// attempt whose answer never came (lib/api/idempotency.ts, ADR 0068). A mutation refreshes the
// stakes, the plans (their room) and the balances (lib/api/resources/changes.ts), and tells the
// screen it succeeded even if its dialog was closed meanwhile (nothing that moves money is silent).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { stakingApi, type Stake } from '@rora/contracts';
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

/** One page of the customer's stakes (`page` from 1); the pager under the list reaches the others. */
export function useStakes(page: number) {
  return useQuery({
    queryKey: [...stakingKeys.stakes, page],
    queryFn: ({ signal }) => callApi(stakingApi.listStakes, { query: { page, limit: STAKES_PAGE_LIMIT }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Available balance per asset, in minor units, from GET /dashboard (the shared resource). */
export { useAvailableBalances } from '../../../lib/api/resources/dashboard.ts';

function useRefreshStaking() {
  const client = useQueryClient();
  return () => invalidateAfter(client, 'stake');
}

export function usePlaceStake(onStaked: (stake: Stake) => void) {
  const refresh = useRefreshStaking();
  return useMutation({
    mutationFn: (input: { plan: string; amount: string; key: string }) =>
      callApi(stakingApi.stake, {
        headers: { 'Idempotency-Key': input.key },
        body: { plan: input.plan, amount: input.amount },
      }),
    onSuccess: async (stake) => {
      onStaked(stake);
      await refresh();
    },
  });
}

/** `returns`: what the customer was told goes back to the available balance (not sent). */
export function useUnstake(onUnstaked: (stake: Stake, returns: string) => void) {
  const refresh = useRefreshStaking();
  return useMutation({
    mutationFn: (input: { id: string; key: string; returns: string }) =>
      callApi(stakingApi.unstake, { headers: { 'Idempotency-Key': input.key }, params: { id: input.id } }),
    onSuccess: (stake, input) => onUnstaked(stake, input.returns),
    onSettled: refresh,
  });
}
