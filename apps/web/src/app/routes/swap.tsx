// /dashboard/swap (spec §2): coin-to-coin swaps, with the card purchase (on-ramp) beside the
// customer's swaps for one who has nothing to swap yet.
import { OnRampPanel } from '../../features/onramp/index.ts';
import { SwapScreen } from '../../features/swap/index.ts';

export function Component() {
  return <SwapScreen aside={<OnRampPanel />} />;
}
