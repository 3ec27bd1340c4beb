// /dashboard/finance/stake (spec §2, shown as Staking): plans, the stake dialog and the customer's stakes.
import { StakingScreen } from '../../features/staking/index.ts';

export function Component() {
  return <StakingScreen />;
}
