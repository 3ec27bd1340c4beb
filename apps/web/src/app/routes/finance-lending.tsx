// /dashboard/finance: P2P lending, the default child of Finance (spec §2).
import { LendingScreen } from '../../features/lending/index.ts';

export function Component() {
  return <LendingScreen />;
}
