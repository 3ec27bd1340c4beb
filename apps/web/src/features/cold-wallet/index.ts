// Cold wallet (spec §2): the explainer page and the holdings, moved in and out with the approval step
// the route hands in.
export { ColdWalletScreen } from './components/ColdWalletScreen.tsx';
export type { ApprovalStep } from './components/approval.ts';
