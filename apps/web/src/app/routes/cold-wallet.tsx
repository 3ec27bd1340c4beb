// /dashboard/cold-wallet: the explainer and the cold holdings; moves are approved with the wallets'
// approval step (PIN or authenticator code), composed here since features do not import each other.
import { ColdWalletScreen, type ApprovalStep } from '../../features/cold-wallet/index.ts';
import { ApprovalField, approvalReady } from '../../features/wallets/index.ts';

const approval: ApprovalStep = { Field: ApprovalField, ready: approvalReady };

export function Component() {
  return <ColdWalletScreen approval={approval} />;
}
