// Fee rates of an EVM chain. Where blocks carry a base fee (EIP-1559: Ethereum, BNB Smart Chain since
// its 2023 upgrade, local nodes) a withdrawal offers a tip per gas by priority and caps its fee at
// twice the latest base fee plus that tip, which outlasts six full blocks of base-fee rises; it pays
// base fee plus tip, never the cap. Elsewhere it offers a legacy gas price. The fee a customer is
// quoted is the cap times the network's typical gas, an upper bound; the fee recorded when the
// transaction is mined is what it paid (gasUsed * effectiveGasPrice).
import type { FeePriority } from '../adapter.ts';
import { isNodeError } from '../utxo/rpc-client.ts';
import { latestBaseFee } from './reads.ts';
import { quantity, type EvmRpc } from './rpc.ts';

export interface EvmFees {
  /** Fee cap per gas (EIP-1559) or gas price (legacy). */
  readonly feeRate: bigint;
  /** EIP-1559 tip per gas; absent on a legacy chain. */
  readonly priorityFeeRate?: bigint;
}

/** Multiplier of the node's suggested tip (or gas price), in percent, per priority. */
const PRIORITY_PERCENT: Readonly<Record<FeePriority, bigint>> = { slow: 100n, normal: 125n, fast: 200n };
/** Blocks within which each priority expects inclusion. */
export const EXPECTED_BLOCKS: Readonly<Record<FeePriority, number>> = { slow: 6, normal: 3, fast: 1 };

const scaled = (value: bigint, priority: FeePriority) => (value * PRIORITY_PERCENT[priority] + 99n) / 100n;

async function suggestedTip(rpc: EvmRpc, fallback: bigint): Promise<bigint> {
  try {
    return quantity(await rpc.call('eth_maxPriorityFeePerGas'), 'A priority fee');
  } catch (error) {
    // Nodes without the method (-32601) get the configured floor; other failures are the node's.
    if (isNodeError(error) && error.rpcCode === -32601) return fallback;
    throw error;
  }
}

export async function evmFees(
  rpc: EvmRpc,
  options: { readonly priority: FeePriority; readonly legacy: boolean; readonly minTip: bigint },
): Promise<EvmFees> {
  const baseFee = options.legacy ? null : await latestBaseFee(rpc);
  if (baseFee === null) {
    const gasPrice = quantity(await rpc.call('eth_gasPrice'), 'A gas price');
    return { feeRate: scaled(gasPrice > 0n ? gasPrice : 1n, options.priority) };
  }
  const suggested = await suggestedTip(rpc, options.minTip);
  const tip = scaled(suggested > options.minTip ? suggested : options.minTip, options.priority);
  return { feeRate: baseFee * 2n + tip, priorityFeeRate: tip };
}
