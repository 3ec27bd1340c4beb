// Which devnet transactions fail, so every failure path of the wallets service can be exercised by hand
// and in tests. A failure on an account chain (Ethereum, BSC, XRP, Solana) is included in a block and
// still pays its fee; on a UTXO chain (Bitcoin, Litecoin) the transaction is dropped from the mempool.
import type { NetworkId } from '../networks.ts';

export interface FailureCandidate {
  readonly network: NetworkId;
  readonly amount: bigint;
  readonly to: string;
  /** A simulated deposit from outside (`fundAddress`) rather than a withdrawal. */
  readonly external: boolean;
}

/** The failure reason, or null for a transaction that succeeds. */
export type FailureRule = (candidate: FailureCandidate) => string | null;

/**
 * The default rule: an amount whose last significant digits are 666 fails (1.666 BTC, 0.000666 ETH,
 * 66.6 XRP), whatever the asset's scale. Easy to type on purpose, rare by accident.
 */
export const markerFailureRule: FailureRule = ({ amount }) => {
  let significant = amount;
  while (significant > 0n && significant % 10n === 0n) significant /= 10n;
  return significant % 1000n === 666n ? 'simulated_failure_marker_amount' : null;
};

export const neverFail: FailureRule = () => null;
