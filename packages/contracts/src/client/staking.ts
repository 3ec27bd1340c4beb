// The staking calls with their schemas, for clients (api-call.ts). Schema-free at run time: a client
// bundle carries each call's method and path, never zod; calls.test.ts checks them against the API's table.
import { typedCall } from '../api-call.ts';
import type {
  idParamsSchema,
  stakeBodySchema,
  stakeListQuerySchema,
  stakeListSchema,
  stakeSchema,
  stakingPlanListSchema,
} from '../index.ts';

/** The same calls with their schemas, for clients (api-call.ts). */
export const stakingApi = {
  listPlans: typedCall<{ response: typeof stakingPlanListSchema }>({ method: 'GET', path: '/staking/plan' }),
  listStakes: typedCall<{ query: typeof stakeListQuerySchema; response: typeof stakeListSchema }>({
    method: 'GET',
    path: '/staking/stake',
  }),
  stake: typedCall<{ body: typeof stakeBodySchema; response: typeof stakeSchema }>({
    method: 'POST',
    path: '/staking/stake',
  }),
  unstake: typedCall<{ params: typeof idParamsSchema; response: typeof stakeSchema }>({
    method: 'POST',
    path: '/staking/stake/{id}/unstake',
  }),
};
