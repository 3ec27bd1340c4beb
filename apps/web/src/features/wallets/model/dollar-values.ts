// The US-dollar values the wallets screen shows, from each amount and its price, rounded once to the
// cent half to even (ADR 0035): the API's usdValue and totalBalance are cut to the cent per wallet.
import type { Dashboard, Wallet } from '@rora/contracts';
import { usdCentsOf } from '../../../lib/format/numbers.ts';

/** What the wallets' available balances are worth, in cents: one wallet's, or the sum of the list. */
export function walletsCents(wallets: readonly Wallet[]): bigint {
  return usdCentsOf(wallets.map((wallet) => ({ amount: wallet.balance, usdPrice: wallet.usdPrice })));
}

/** What everything the customer owns is worth, in cents (every asset's total at its price). */
export function portfolioCents(dashboard: Dashboard): bigint {
  return usdCentsOf(dashboard.assets.map((asset) => ({ amount: asset.total, usdPrice: asset.usdPrice })));
}
