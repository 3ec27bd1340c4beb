import type { ErrorDefinition } from './types.ts';

// Codes of the staking context (GET/POST /staking/...). Amount format codes come from the wallets
// context: the same rules, the same codes.
export const stakingErrors = {
  staking_plan_not_found: { status: 404, message: 'This staking plan does not exist' },
  staking_plan_is_closed: { status: 409, message: 'This staking plan takes no new stakes' },
  // Answered with the plan's own figure: `The minimum stake for this plan is 0.01 ETH`, and in `data`
  // the item's `limit` ('0.01') and `asset` ('ETH').
  staking_amount_below_minimum: { status: 422, message: 'The amount is below this plan’s minimum stake' },
  staking_amount_above_maximum: { status: 422, message: 'The amount is above this plan’s maximum stake' },
  staking_plan_capacity_reached: {
    status: 409,
    message: 'This plan is full. Choose a smaller amount or another plan',
  },
  staking_rewards_pool_exhausted: {
    status: 409,
    message: 'This plan’s rewards are fully committed. Choose a smaller amount or another plan',
  },
  staking_amount_exceeds_available_balance: {
    status: 422,
    message: 'Your available balance does not cover this amount',
  },
  stake_is_not_active: { status: 409, message: 'This stake has already ended' },
  stake_is_locked_until_maturity: { status: 409, message: 'This stake is locked until its maturity date' },
} as const satisfies Record<string, ErrorDefinition>;
