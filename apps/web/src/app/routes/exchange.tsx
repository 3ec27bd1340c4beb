// /dashboard/exchange (spec §2): trading on Rora's book and the other platforms.
import { ExchangeScreen } from '../../features/exchange/index.ts';

export function Component() {
  return <ExchangeScreen />;
}
