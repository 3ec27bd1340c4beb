// /dashboard/wallets: the wallets, the portfolio summary, send, receive, transactions and history.
import { WalletsScreen } from '../../features/wallets/index.ts';

export function Component() {
  return <WalletsScreen />;
}
