// Staking (spec §2 Finance, /dashboard/finance/stake): plans, the stake dialog and the customer's stakes.
export { StakingScreen } from './components/StakingScreen.tsx';
