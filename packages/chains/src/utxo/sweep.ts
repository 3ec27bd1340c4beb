// UTXO consolidation (ADR 0044, ADR 0049): every confirmed coin of one deposit address is spent into
// one output to the hot wallet, the fee taken from the amount. The signer derives the deposit key from
// the address's index and signs only a payment to its own hot wallet. The signed bytes are stored
// under the sweep's id before the node sees them, so a retry after a crash sends the same transaction.
import { Address, OutScript } from '@scure/btc-signer';
import type { FeePriority, Signer, SweepRequest, SweepResult, UnsignedTransaction } from '../adapter.ts';
import type { DepositAddress } from '../derive.ts';
import { ChainError } from '../errors.ts';
import type { NetworkDefinition } from '../networks.ts';
import type { BroadcastStore, StoredBroadcast } from './broadcast-store.ts';
import { DUST_LIMIT, outputBytes, transactionVsize } from './coin-selection.ts';
import type { UtxoParams } from './params.ts';
import { NodeError, coinsToMinor, type RpcClient } from './rpc-client.ts';

/** A sweep is made only when its fee is at most this share of what the address holds (1 %). */
const MAX_FEE_PER_10_000 = 100n;

export interface SweepContext {
  readonly network: NetworkDefinition;
  readonly params: UtxoParams;
  readonly rpc: RpcClient;
  readonly signer: Signer;
  readonly store: BroadcastStore;
  deriveAddress(index: number): DepositAddress;
  feeRate(priority: FeePriority): Promise<bigint>;
  send(raw: string): Promise<void>;
  /** The last `scantxoutset` of the adapter, if the chain's tip is still where it was read. */
  recentScan(): Promise<UtxoScan | null>;
}

interface Unspent {
  readonly txid: string;
  readonly vout: number;
  readonly amount: bigint;
  readonly height: number;
}

/** Unspent outputs at some addresses as `scantxoutset` reported them at `tip`. */
export interface UtxoScan {
  readonly tip: number;
  readonly coins: ReadonlyMap<string, readonly Unspent[]>;
}

/** Reads `scantxoutset`'s answer: the tip it scanned at and each address's unspent outputs. */
export function readScan(answer: { success?: unknown; height?: unknown; unspents?: unknown } | null): UtxoScan {
  if (answer?.success !== true || !Array.isArray(answer.unspents) || !Number.isSafeInteger(answer.height)) {
    throw new NodeError('malformed', 'scantxoutset: the node did not finish the scan');
  }
  const coins = new Map<string, Unspent[]>();
  for (const entry of answer.unspents as Record<string, unknown>[]) {
    const address = /^addr\(([^)]+)\)/.exec(String(entry.desc))?.[1];
    if (address === undefined) continue;
    const coin = { txid: String(entry.txid), vout: Number(entry.vout), amount: coinsToMinor(entry.amount) };
    coins.set(address, [...(coins.get(address) ?? []), { ...coin, height: Number(entry.height) }]);
  }
  return { tip: answer.height as number, coins };
}

/**
 * The deposit address's coins with the network's confirmations: from the adapter's last balance scan
 * when the chain has not moved since (one scan per pass serves every sweep), else scanned now.
 */
async function confirmedCoins(context: SweepContext, address: string): Promise<Unspent[]> {
  const scan =
    (await context.recentScan()) ?? readScan(await context.rpc.call('scantxoutset', ['start', [`addr(${address})`]]));
  const coins = scan.coins.get(address) ?? [];
  return coins.filter((coin) => scan.tip - coin.height + 1 >= context.network.confirmations);
}

async function buildSweep(context: SweepContext, request: SweepRequest, index: number): Promise<UnsignedTransaction> {
  const coins = await confirmedCoins(context, request.from);
  const total = coins.reduce((sum, coin) => sum + coin.amount, 0n);
  const hot = context.signer.addressFor(context.network.id);
  const hotBytes = outputBytes(OutScript.encode(Address(context.params.signer).decode(hot)).length);
  const feeRate = await context.feeRate(request.priority);
  const vsize = BigInt(transactionVsize(coins.length, [hotBytes]));
  const fee = feeRate * vsize;
  if (coins.length === 0 || total - fee < DUST_LIMIT) {
    throw new ChainError('sweep_amount_does_not_cover_fee', `${request.from} holds less than the fee to sweep it`);
  }
  if (fee * 10_000n > total * MAX_FEE_PER_10_000) {
    throw new ChainError('sweep_fee_is_above_one_percent', `Sweeping ${request.from} now costs ${fee} of ${total}`);
  }
  return {
    network: context.network.id,
    id: request.id,
    from: request.from,
    to: hot,
    amount: total - fee,
    feeRate,
    feeUnits: vsize,
    inputs: coins.map(({ txid, vout, amount }) => ({ txid, vout, amount })),
    depositIndex: index,
  };
}

function stored(transaction: UnsignedTransaction, signed: { txid: string; raw: string }): StoredBroadcast {
  const spent = (transaction.inputs ?? []).reduce((sum, input) => sum + input.amount, 0n);
  return {
    network: transaction.network,
    id: transaction.id,
    fingerprint: JSON.stringify(['sweep', transaction.from]),
    txid: signed.txid,
    raw: signed.raw,
    to: transaction.to,
    amount: transaction.amount,
    fee: spent - transaction.amount,
  };
}

/** The sweep's signed transaction: stored before, recorded by the signer, or built and signed now. */
async function signOnce(context: SweepContext, request: SweepRequest, index: number): Promise<StoredBroadcast> {
  const { network, store } = context;
  const existing = await store.find(network.id, request.id);
  if (existing) {
    if (existing.fingerprint !== JSON.stringify(['sweep', request.from])) {
      throw new ChainError('broadcast_id_reused_with_different_request', `Sweep ${request.id} had another source`);
    }
    return existing;
  }
  const recorded = await context.signer.recorded?.(network.id, request.id);
  const next = recorded
    ? stored(recorded.transaction, recorded.signed)
    : await (async () => {
        const transaction = await buildSweep(context, request, index);
        return stored(transaction, await context.signer.sign(transaction));
      })();
  await store.save(next);
  return (await store.find(network.id, request.id)) ?? next;
}

/** Sweeps one deposit address into the hot wallet; the same id always sends the same transaction. */
export async function sweepDepositAddress(context: SweepContext, request: SweepRequest): Promise<SweepResult> {
  const index = request.index;
  if (index === undefined || context.deriveAddress(index).address !== request.from) {
    throw new ChainError(
      'sweep_source_is_not_a_deposit_address',
      `${request.from} is not the deposit address at index ${String(index)}`,
    );
  }
  const broadcast = await signOnce(context, request, index);
  await context.send(broadcast.raw);
  return {
    txid: broadcast.txid,
    amount: broadcast.amount,
    fee: broadcast.fee,
    feeAsset: context.network.asset,
    status: 'pending',
  };
}
