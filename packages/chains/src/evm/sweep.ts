// Balances and sweeps of Rora's EVM addresses (ADR 0044, ADR 0049). Only the balance final at the
// network's confirmations is swept. A native sweep sends all of it but its gas, at a legacy gas price so the fee is exactly price * gas and nothing is left behind; a
// token sweep needs the address to hold its gas in the native coin first (`sweep_needs_gas`: the
// treasury tops it up from the hot wallet), then transfers the whole token balance. The signer derives
// the deposit key from the index and signs only a payment to its own hot wallet. Signed bytes are
// stored under the sweep's id before they are sent, so a retry sends the same transaction.
import { encodeFunctionData, erc20Abi, type Hex } from 'viem';
import type { SweepRequest, SweepResult, UnsignedTransaction } from '../adapter.ts';
import type { DepositAddress } from '../derive.ts';
import { ChainError } from '../errors.ts';
import { CHAINS } from '../networks.ts';
import type { StoredBroadcast } from '../utxo/broadcast-store.ts';
import { NodeError } from '../utxo/rpc-client.ts';
import { evmFees } from './fees.ts';
import { tipHeight } from './reads.ts';
import { quantity, smallQuantity, toQuantity, type EvmRpc } from './rpc.ts';
import type { WithdrawContext } from './withdraw.ts';

export interface SweepContext extends WithdrawContext {
  deriveAddress(index: number): DepositAddress;
  send(stored: StoredBroadcast): Promise<void>;
}

const NATIVE_GAS = 21_000n;

async function tokenBalanceAt(rpc: EvmRpc, contract: string, owner: string, block: string): Promise<bigint> {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner as Hex] });
  const word = await rpc.call<unknown>('eth_call', [{ to: contract, data }, block]);
  if (typeof word !== 'string' || !/^0x[0-9a-f]{64}$/i.test(word)) {
    throw new NodeError('malformed', 'balanceOf did not answer one word');
  }
  return BigInt(word);
}

/** The network's asset at each address at the latest block: the coin, or the token's balanceOf. */
export async function evmBalancesOf(
  context: Pick<WithdrawContext, 'rpc' | 'contract'>,
  addresses: readonly string[],
): Promise<ReadonlyMap<string, bigint>> {
  const { rpc, contract } = context;
  const read = (address: string) =>
    contract
      ? tokenBalanceAt(rpc, contract, address, 'latest')
      : rpc.call<unknown>('eth_getBalance', [address, 'latest']).then((value) => quantity(value, 'A balance'));
  const amounts = await Promise.all(addresses.map(read));
  return new Map(addresses.map((address, index) => [address, amounts[index] as bigint]));
}

async function buildSweep(context: SweepContext, request: SweepRequest, index: number): Promise<UnsignedTransaction> {
  const { rpc, contract, network } = context;
  const to = context.signer.addressFor(network.id);
  const { feeRate } = await evmFees(rpc, { priority: request.priority, legacy: true, minTip: context.minTip });
  const coins = quantity(await rpc.call('eth_getBalance', [request.from, 'pending']), 'A balance');
  const nonce = smallQuantity(await rpc.call('eth_getTransactionCount', [request.from, 'pending']), 'A nonce');
  // Only what is final is swept (a deposit still confirming could yet vanish in a reorganisation).
  const final = toQuantity(Math.max(0, (await tipHeight(rpc)) - network.confirmations + 1));
  const base = { network: network.id, id: request.id, from: request.from, to, nonce, feeRate, depositIndex: index };
  if (!contract) {
    const settled = quantity(await rpc.call('eth_getBalance', [request.from, final]), 'A balance');
    const amount = (settled < coins ? settled : coins) - feeRate * NATIVE_GAS;
    if (amount <= 0n)
      throw new ChainError('sweep_amount_does_not_cover_fee', `${request.from} holds less than its gas`);
    return { ...base, amount, feeUnits: NATIVE_GAS };
  }
  const [settled, pending] = await Promise.all([
    tokenBalanceAt(rpc, contract, request.from, final),
    tokenBalanceAt(rpc, contract, request.from, 'pending'),
  ]);
  const amount = settled < pending ? settled : pending;
  if (amount <= 0n) throw new ChainError('sweep_amount_does_not_cover_fee', `${request.from} holds no final tokens`);
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to as Hex, amount] });
  const estimate = quantity(
    await rpc.call('eth_estimateGas', [{ from: request.from, to: contract, data }]),
    'A gas estimate',
  );
  const gas = estimate > network.transferUnits ? estimate : network.transferUnits;
  if (coins < feeRate * gas) {
    throw new ChainError('sweep_needs_gas', `${request.from} needs ${feeRate * gas - coins} wei of gas to be swept`);
  }
  return { ...base, amount, contract, feeUnits: gas };
}

const fingerprintOf = (request: SweepRequest) => JSON.stringify(['sweep', request.from.toLowerCase()]);

async function signOnce(context: SweepContext, request: SweepRequest, index: number): Promise<StoredBroadcast> {
  const { network, store } = context;
  const existing = await store.find(network.id, request.id);
  if (existing) {
    if (existing.fingerprint !== fingerprintOf(request)) {
      throw new ChainError('broadcast_id_reused_with_different_request', `Sweep ${request.id} had another source`);
    }
    return existing;
  }
  const recorded = await context.signer.recorded?.(network.id, request.id);
  const transaction = recorded?.transaction ?? (await buildSweep(context, request, index));
  const signed = recorded?.signed ?? (await context.signer.sign(transaction));
  await store.save({
    network: network.id,
    id: request.id,
    fingerprint: fingerprintOf(request),
    txid: signed.txid,
    raw: signed.raw,
    to: transaction.to,
    amount: transaction.amount,
    fee: transaction.feeRate * transaction.feeUnits,
    nonceScope: `${context.nativeNetwork}:${request.from.toLowerCase()}`,
    ...(transaction.nonce === undefined ? {} : { nonce: transaction.nonce }),
  });
  return (await store.find(network.id, request.id)) as StoredBroadcast;
}

/** Sweeps one deposit address into the hot wallet; the same id always sends the same transaction. */
export async function sweepEvmAddress(context: SweepContext, request: SweepRequest): Promise<SweepResult> {
  const index = request.index;
  const derived = index === undefined ? undefined : context.deriveAddress(index).address;
  if (derived === undefined || derived.toLowerCase() !== request.from.toLowerCase()) {
    throw new ChainError(
      'sweep_source_is_not_a_deposit_address',
      `${request.from} is not the deposit address at index ${String(index)}`,
    );
  }
  const { network } = context;
  const stored = await signOnce(context, { ...request, from: derived }, index as number);
  await context.send(stored);
  const feeAsset = CHAINS[network.chain].nativeAsset;
  return { txid: stored.txid, amount: stored.amount, fee: stored.fee, feeAsset, status: 'pending' };
}
