// One EVM withdrawal signed once: fees and the recipient checked first, then, under the sender's nonce
// lock (the store's), the next nonce chosen, the balance checked against what the node shows minus
// what was signed but may not have reached it yet, the gas estimated, the Signer asked to sign exactly
// that, and the signed bytes stored before anything is sent.
import { encodeFunctionData, erc20Abi, type Hex } from 'viem';
import type { Signer, WithdrawalRequest } from '../adapter.ts';
import { ChainError } from '../errors.ts';
import type { NetworkDefinition } from '../networks.ts';
import type { StoredBroadcast } from '../utxo/broadcast-store.ts';
import { NodeError } from '../utxo/rpc-client.ts';
import { validateAddress } from '../validate.ts';
import { evmFees, type EvmFees } from './fees.ts';
import type { NonceContext, NoncedBroadcast, NonceStore } from './nonce-store.ts';
import { quantity, smallQuantity, type EvmRpc } from './rpc.ts';

export interface WithdrawContext {
  readonly network: NetworkDefinition;
  /** The chain's native network (ETH, BNB): it pays the gas of every network on the chain. */
  readonly nativeNetwork: string;
  readonly rpc: EvmRpc;
  readonly signer: Signer;
  readonly store: NonceStore;
  /** Token networks: the contract called. */
  readonly contract?: string;
  readonly legacyFees: boolean;
  readonly minTip: bigint;
}

const PLAIN_TRANSFER_GAS = 21_000n;
/** Below this, a payment without data is a plain payment to an account (no contract code runs). */
const PLAIN_PAYMENT_CEILING = 22_000n;

/** What the transaction calls: the recipient (native) or the contract with `transfer(to, amount)`. */
function callOf(ctx: WithdrawContext, to: string, amount: bigint): { to: string; value: string; data?: Hex } {
  if (!ctx.contract) return { to, value: `0x${amount.toString(16)}` };
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to as Hex, amount] });
  return { to: ctx.contract, value: '0x0', data };
}

async function tokenBalance(ctx: WithdrawContext, owner: string): Promise<bigint> {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner as Hex] });
  const word = await ctx.rpc.call<unknown>('eth_call', [{ to: ctx.contract, data }, 'pending']);
  if (typeof word !== 'string' || !/^0x[0-9a-f]{64}$/i.test(word)) {
    throw new NodeError('malformed', `balanceOf of ${ctx.network.name} did not answer one word`);
  }
  return BigInt(word);
}

/** Refuses (before signing) what the hot wallet cannot pay once the unsent withdrawals are paid. */
async function checkBalance(
  ctx: WithdrawContext,
  from: string,
  need: { amount: bigint; maxFee: bigint },
  unsent: readonly NoncedBroadcast[],
) {
  const native = unsent.reduce(
    (sum, entry) => sum + entry.fee + (entry.network === ctx.nativeNetwork ? entry.amount : 0n),
    0n,
  );
  const coins = quantity(await ctx.rpc.call('eth_getBalance', [from, 'pending']), 'A balance') - native;
  let enough = coins >= need.maxFee + (ctx.contract ? 0n : need.amount);
  if (ctx.contract && enough) {
    const tokens = unsent.reduce((sum, entry) => sum + (entry.network === ctx.network.id ? entry.amount : 0n), 0n);
    enough = (await tokenBalance(ctx, from)) - tokens >= need.amount;
  }
  if (!enough) {
    throw new ChainError(
      'hot_wallet_balance_is_insufficient',
      `The ${ctx.network.name} hot wallet cannot cover this withdrawal and its gas now`,
    );
  }
}

async function gasLimit(ctx: WithdrawContext, from: string, call: ReturnType<typeof callOf>): Promise<bigint> {
  const estimate = quantity(await ctx.rpc.call('eth_estimateGas', [{ from, ...call }]), 'A gas estimate');
  // A plain payment to an account costs 21,000 (nodes may add a few units): as estimated. A call, or
  // a payment to a contract, may cost more when it runs than when estimated: a fifth more.
  const plain = call.data === undefined && estimate < PLAIN_PAYMENT_CEILING;
  return plain ? estimate : (estimate * 6n + 4n) / 5n;
}

/**
 * A signature the signer process recorded under this id that the store never kept (the API died, or
 * lost the answer, between the two; ADR 0041): that transaction is adopted, with its nonce and fee,
 * rather than asking for another one, which the signer would refuse. Its nonce must still be free;
 * if another withdrawal has taken it since, the recorded transaction can never be mined, and the send
 * stays held for an operator (a plain Error, never a ChainError, since something was signed).
 */
async function adoptRecorded(
  ctx: WithdrawContext,
  plan: { request: WithdrawalRequest; from: string; scope: string },
  chainNonce: number,
  nonces: NonceContext,
): Promise<NoncedBroadcast | null> {
  const found = await ctx.signer.recorded?.(ctx.network.id, plan.request.id);
  if (!found) return null;
  const { transaction, signed } = found;
  const nonce = transaction.nonce;
  const taken = (await nonces.from(chainNonce)).some((entry) => entry.nonce === nonce);
  if (
    transaction.amount !== plan.request.amount ||
    transaction.from.toLowerCase() !== plan.from.toLowerCase() ||
    nonce === undefined ||
    nonce < chainNonce ||
    taken
  ) {
    throw new Error(`The signer's record of withdrawal ${plan.request.id} cannot be sent: another amount or nonce`);
  }
  return {
    network: ctx.network.id,
    id: plan.request.id,
    fingerprint: fingerprintOf(plan.request),
    txid: signed.txid,
    raw: signed.raw,
    to: transaction.to,
    amount: transaction.amount,
    fee: transaction.feeRate * transaction.feeUnits,
    nonceScope: plan.scope,
    nonce,
  };
}

export function fingerprintOf(request: WithdrawalRequest): string {
  return JSON.stringify([request.to.trim(), String(request.amount), request.priority]);
}

export async function signWithdrawal(ctx: WithdrawContext, request: WithdrawalRequest): Promise<StoredBroadcast> {
  const validation = validateAddress(ctx.network, request.to);
  if (!validation.ok) throw new ChainError(validation.code, validation.message);
  if (request.destinationTag !== undefined) {
    throw new ChainError('destination_tag_is_not_supported', `${ctx.network.name} has no destination tags`);
  }
  if (typeof request.amount !== 'bigint' || request.amount <= 0n) {
    throw new ChainError('amount_must_be_positive', 'An amount must be a positive number of minor units');
  }
  const fees = await evmFees(ctx.rpc, { priority: request.priority, legacy: ctx.legacyFees, minTip: ctx.minTip });
  const from = ctx.signer.addressFor(ctx.network.id);
  const to = validation.address;
  const scope = `${ctx.nativeNetwork}:${from.toLowerCase()}`;
  return ctx.store.allocate({ scope, network: ctx.network.id, id: request.id }, (nonces) =>
    signWithNonce(ctx, { request, from, to, fees, scope }, nonces),
  );
}

async function signWithNonce(
  ctx: WithdrawContext,
  plan: { request: WithdrawalRequest; from: string; to: string; fees: EvmFees; scope: string },
  nonces: NonceContext,
): Promise<NoncedBroadcast> {
  const { request, from, to, fees } = plan;
  const chainNonce = smallQuantity(await ctx.rpc.call('eth_getTransactionCount', [from, 'pending']), 'A nonce');
  const adopted = await adoptRecorded(ctx, plan, chainNonce, nonces);
  if (adopted) return adopted;
  // The node's count, unless this store signed beyond it (stored, not yet seen by the node).
  const nonce = nonces.lastNonce === null ? chainNonce : Math.max(chainNonce, nonces.lastNonce + 1);
  const call = callOf(ctx, to, request.amount);
  const gasUpperBound = ctx.contract ? ctx.network.transferUnits * 2n : PLAIN_TRANSFER_GAS;
  await checkBalance(
    ctx,
    from,
    { amount: request.amount, maxFee: fees.feeRate * gasUpperBound },
    await nonces.from(chainNonce),
  );
  const gas = await gasLimit(ctx, from, call);
  const signed = await ctx.signer.sign({
    network: ctx.network.id,
    id: request.id,
    from,
    to,
    amount: request.amount,
    ...(ctx.contract ? { contract: ctx.contract } : {}),
    nonce,
    feeRate: fees.feeRate,
    feeUnits: gas,
    ...(fees.priorityFeeRate === undefined ? {} : { priorityFeeRate: fees.priorityFeeRate }),
    ...(request.gasTopUpIndex === undefined ? {} : { topUpIndex: request.gasTopUpIndex }),
  });
  return {
    network: ctx.network.id,
    id: request.id,
    fingerprint: fingerprintOf(request),
    txid: signed.txid,
    raw: signed.raw,
    to,
    amount: request.amount,
    // The most it can pay; the fee it paid is read from its receipt once mined.
    fee: fees.feeRate * gas,
    nonceScope: plan.scope,
    nonce,
  };
}
