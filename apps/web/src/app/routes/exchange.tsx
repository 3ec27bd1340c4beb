// /dashboard/exchange (spec §2): trading on Rora's book and the other platforms, and the on-ramp
// purchase path (buy crypto with a card) below it.
import { ExchangeScreen } from '../../features/exchange/index.ts';
import { OnRampPanel } from '../../features/onramp/index.ts';

export function Component() {
  return (
    <>
      <ExchangeScreen />
      <OnRampPanel />
    </>
  );
}
