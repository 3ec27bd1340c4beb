// POST /wallet/estimatefee and POST /wallet/sendTransaction. A send reads as a checklist: the wallet
// is the customer's, the amount parses at the asset's scale, the destination is valid (and maybe
// another Rora customer's), the right approval was given; then amount + fee is held, the approval is
// verified, and the send is settled inside Rora (internal) or broadcast exactly once (external).
import { randomUUID } from 'node:crypto';
import { getNetwork, type FeePriority } from '@rora/chains';
import type { WalletFeeEstimate, WalletTransaction } from '@rora/contracts';
import type { Db } from '@rora/db';
import type { Ledger } from '@rora/ledger';
import { assetScale, formatAmount } from '@rora/money';
import { AppError } from '../../lib/errors.ts';
import { parseCustomerAmount, parseCustomerFigure } from './amounts.ts';
import type { Approval, ApprovalProof } from './approval.ts';
import type { Destination, DestinationResolver } from './destination.ts';
import type { FeeQuotes } from './fee-quotes.ts';
import type { FeeCalculator } from './fees.ts';
import { facts, type SendSteps } from './send-steps.ts';
import { createSendRecovery, type SendRecovery } from './send-recovery.ts';
import type { NewSend, SendsRepository } from './sends.repository.ts';
import { transactionView } from './transaction-view.ts';
import type { TransactionsRepository } from './transactions.repository.ts';
import type { WalletNotifier } from './wallet-notifier.ts';
import type { WalletRow, WalletsRepository } from './wallets.repository.ts';
import type { Clock } from '../../lib/clock.ts';

/**
 * How far the network's fee may have moved from the one the customer confirmed, in percent of it, for
 * that fee to still be charged. Above: Rora pays a rise of up to a quarter itself (the fee charged is
 * a quote; the broadcast pays the chain's rate then), rather than refuse every send that a new block
 * or a busier mempool overtook. Below: a confirmed fee over twice the network's is stale or mistyped,
 * not paid.
 */
const CONFIRMED_FEE_RISE_ABSORBED_PERCENT = 125n;
const CONFIRMED_FEE_MAX_PERCENT = 200n;

export interface EstimateInput {
  walletId: string;
  amount?: string | undefined;
  address?: string | undefined;
  destinationTag?: number | undefined;
  priority: FeePriority;
}

export interface SendInput extends ApprovalProof {
  walletId: string;
  address: string;
  destinationTag?: number | undefined;
  amount: string;
  priority: FeePriority;
  /** The fee the customer confirmed, in the wallet's asset. */
  fee?: string | undefined;
  /** The estimate's token for that fee (fee-quotes.ts): what lets Rora pay a rise of the network's. */
  quote?: string | null | undefined;
}

export interface SendService {
  estimate(userId: string, input: EstimateInput): Promise<WalletFeeEstimate>;
  /** `claimId`: the request's idempotency key, bound to the send in the transaction that holds it. */
  send(userId: string, input: SendInput, claimId: string | null): Promise<WalletTransaction>;
  /** The answer to a send whose request died (ADR 0024). */
  recover: SendRecovery;
}

export interface SendServiceDependencies {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  wallets: WalletsRepository;
  sends: SendsRepository;
  transactions: TransactionsRepository;
  destinations: DestinationResolver;
  fees: FeeCalculator;
  /** Signs the fees `estimate` quotes and checks them on the send (FEE_QUOTE_SECRET). */
  quotes: FeeQuotes;
  approval: Approval;
  steps: SendSteps;
  notifier: WalletNotifier;
}

/**
 * The fee the customer confirmed, charged exactly (never more), while it still stands for the
 * network's: refused once the network's has risen past what Rora absorbs, or fallen to under half
 * of it. A confirmed fee under the network's is absorbed only with the token Rora signed when it
 * quoted it to this customer, for this wallet, amount and priority, unexpired (fee-quotes.ts); else
 * it is a figure of the customer's own. Without a confirmed fee, the network's.
 */
async function chargedFee(
  deps: { fees: FeeCalculator; quotes: FeeQuotes },
  send: { wallet: WalletRow; amount: bigint; input: SendInput & { userId: string }; confirmed: bigint | undefined },
) {
  const { wallet, amount, input, confirmed } = send;
  const network = getNetwork(wallet.network);
  const current = (await deps.fees.customerFee(network, { amount, priority: input.priority })).fee;
  if (confirmed === undefined) return current;
  const risen = current * 100n > confirmed * CONFIRMED_FEE_RISE_ABSORBED_PERCENT;
  const overstated = confirmed * 100n > current * CONFIRMED_FEE_MAX_PERCENT;
  if (risen || overstated) throw new AppError('send_fee_has_changed');
  if (confirmed >= current) return confirmed;
  const quoted = { userId: input.userId, walletId: wallet.id, amount, priority: input.priority };
  if (input.quote == null || !deps.quotes.verify(quoted, confirmed, input.quote)) {
    throw new AppError('send_fee_has_changed');
  }
  return confirmed;
}

export function createSendService(deps: SendServiceDependencies): SendService {
  const { db, ledger, steps, quotes } = deps;

  async function ownedWallet(userId: string, walletId: string): Promise<WalletRow> {
    const wallet = await deps.wallets.findOwned(userId, walletId);
    if (!wallet) throw new AppError('resource_not_found', { message: 'Wallet not found' });
    return wallet;
  }

  async function available(userId: string, asset: string): Promise<bigint> {
    return (await ledger.getBalances(db, userId)).find((balance) => balance.asset === asset)?.available ?? 0n;
  }

  async function estimate(userId: string, input: EstimateInput): Promise<WalletFeeEstimate> {
    const wallet = await ownedWallet(userId, input.walletId);
    const network = getNetwork(wallet.network);
    const amount = input.amount === undefined ? null : parseCustomerAmount(input.amount, network.decimals);
    const destination = input.address
      ? await deps.destinations.check(wallet, input.address, input.destinationTag)
      : null;
    const internal = destination?.ok === true && destination.recipient !== null;
    const priced = await deps.fees.customerFee(network, { amount: amount ?? 1n, priority: input.priority });
    const fee = internal ? 0n : priced.fee;
    // Signed only for a send it can be: an amount to send, and a fee to charge (none inside Rora).
    const signed =
      internal || amount === null
        ? null
        : quotes.sign({ userId, walletId: wallet.id, amount, priority: input.priority }, fee);
    const balance = await available(userId, network.asset);
    const text = (minor: bigint) => formatAmount(minor, network.decimals);
    return {
      walletId: wallet.id,
      priority: input.priority,
      assetSymbol: network.asset,
      fee: text(fee),
      networkFee: formatAmount(internal ? 0n : priced.networkFee, assetScale(priced.networkFeeAsset)),
      networkFeeAsset: priced.networkFeeAsset,
      expectedBlocks: internal ? 0 : priced.expectedBlocks,
      amount: amount === null ? null : text(amount),
      total: amount === null ? null : text(amount + fee),
      available: text(balance),
      maxAmount: text(balance > fee ? balance - fee : 0n),
      address: destinationView(destination),
      quote: signed,
    };
  }

  async function send(userId: string, input: SendInput, claimId: string | null): Promise<WalletTransaction> {
    const wallet = await ownedWallet(userId, input.walletId);
    const network = getNetwork(wallet.network);
    const amount = parseCustomerAmount(input.amount, network.decimals);
    // Checked on every send, inside Rora too, where it is not charged (the screen confirms 0).
    const confirmed = input.fee === undefined ? undefined : parseCustomerFigure(input.fee, network.decimals, 'fee');
    const destination = await deps.destinations.resolve(wallet, input.address, input.destinationTag);
    await deps.approval.require(userId, input);
    const recipient = destination.recipient;
    const fee = recipient
      ? 0n
      : await chargedFee({ fees: deps.fees, quotes }, { wallet, amount, input: { ...input, userId }, confirmed });
    const held = heldSend({ userId, wallet, destination, amount, fee, priority: input.priority });
    const { id } = held;
    await steps.hold(held, claimId);
    try {
      await deps.approval.verify(userId, input);
    } catch (error) {
      await steps.void({ id }, 'approval_refused', { from: ['held'], notify: false });
      throw error;
    }
    const approved = await deps.sends.approve(id, deps.clock.now());
    if (!approved) throw new Error(`send ${id} left "held" before its approval was recorded`);
    if (recipient) await steps.settleInternal(approved);
    else {
      await deps.notifier.step('send_held', facts(approved));
      await steps.broadcast(id);
    }
    const row = await deps.transactions.one(wallet.id, id);
    if (!row) throw new Error(`send ${id} is missing from its wallet's transactions`);
    return transactionView(row);
  }

  return { estimate, send, recover: createSendRecovery(deps) };
}

/** The send's row as it is held: amount + fee, to a customer inside Rora (internal) or a chain address. */
function heldSend(options: {
  userId: string;
  wallet: WalletRow;
  destination: Extract<Destination, { ok: true }>;
  amount: bigint;
  fee: bigint;
  priority: FeePriority;
}): NewSend & { amount: string; fee: string } {
  const { wallet, destination } = options;
  const network = getNetwork(wallet.network);
  const recipient = destination.recipient;
  return {
    id: randomUUID(),
    userId: options.userId,
    walletId: wallet.id,
    network: network.id,
    asset: network.asset,
    kind: recipient ? 'internal' : 'external',
    toAddress: destination.address,
    destinationTag: destination.destinationTag,
    recipientUserId: recipient?.userId ?? null,
    recipientWalletId: recipient?.id ?? null,
    amount: String(options.amount),
    fee: String(options.fee),
    priority: options.priority,
  };
}

function destinationView(destination: Destination | null): WalletFeeEstimate['address'] {
  if (destination === null) return null;
  if (!destination.ok) return { valid: false, code: destination.code, message: destination.message };
  return {
    valid: true,
    address: destination.address,
    destinationTag: destination.destinationTag,
    internal: destination.recipient !== null,
  };
}
