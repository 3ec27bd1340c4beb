// What each action a customer takes changes on the server, as the resources to read again (issue
// 19). A mutation invalidates exactly its change's resources; the WebSocket's events of another
// device or of the server (a fill, a deposit, a day's rewards) invalidate the same sets, so both
// paths refresh the same screens.
import type { QueryClient } from '@tanstack/react-query';
import { resourceKeys as keys, type ResourceKey } from './keys.ts';

/** Money moved in or out of the customer's wallets: balances, the wallets and their histories. */
const balances: readonly ResourceKey[] = [keys.dashboard, keys.wallets, keys.walletTransactions, keys.walletHistory];

export const changes = {
  /** Money settled without anything else changing (a swap in progress completed): the balances. */
  balances,
  /** An order placed, cancelled or filled: the orders and the balances (amounts held, received). */
  order: [keys.orders, ...balances],
  swap: [keys.swaps, ...balances],
  /**
   * A send, a deposit or a confirmation: the balances, and the fee a send is charged (a send refused
   * because the network's fee rose shows the new one; send-api.ts).
   */
  send: [keys.feeEstimate, ...balances],
  /** A move between hot and cold storage: the cold holdings and the balances. */
  coldMove: [keys.coldWallets, ...balances],
  /** A stake, an unstake, a day's rewards or a maturity: stakes, plans (their room) and balances. */
  stake: [keys.stakes, keys.stakingPlans, ...balances],
  /** A loan posted, funded, repaid, cancelled or liquidated: the loans and the balances. */
  loan: [keys.loans, ...balances],
  alert: [keys.alerts],
  onramp: [keys.onramp, ...balances],
} as const satisfies Record<string, readonly ResourceKey[]>;
export type Change = keyof typeof changes;

/** Reads again every resource the change touched (the ones on screen at once, the rest when shown). */
export function invalidateAfter(client: QueryClient, change: Change): Promise<void> {
  return Promise.all(changes[change].map((queryKey) => client.invalidateQueries({ queryKey }))).then(() => undefined);
}
