// Wallets (spec §2): the list and portfolio summary, send, receive, transactions and history, the
// wallet picker; and the approval step (PIN or authenticator code) the cold wallet route reuses.
export { WalletsScreen } from './components/WalletsScreen.tsx';
export {
  ApprovalField,
  approvalReady,
  type ApprovalFieldProps,
  type ApprovalProof,
} from './components/ApprovalField.tsx';
