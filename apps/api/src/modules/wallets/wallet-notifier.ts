// Tells the customer about every step of their money (UI.md: nothing that moves money is silent): a
// notification for the bell (stored, pushed on the `notifications` channel) for each step, and a
// `wallets` channel event with the transaction as the list shows it, for every change (confirmations
// included), so open screens update without polling.
import { getNetwork } from '@rora/chains';
import type { WalletEvent } from '@rora/contracts';
import { formatAmount } from '@rora/money';
import type { NotificationService } from '../notifications/index.ts';
import { topics, type EventBus } from '../realtime/index.ts';
import { transactionView } from './transaction-view.ts';
import type { TransactionsRepository } from './transactions.repository.ts';

export type WalletStep =
  | 'deposit_pending'
  | 'deposit_credited'
  | 'deposit_failed'
  | 'send_held'
  | 'send_broadcast'
  | 'send_completed'
  | 'send_failed'
  | 'internal_received';

export interface StepFacts {
  readonly userId: string;
  readonly walletId: string;
  /** The deposit's or the send's id. */
  readonly id: string;
  readonly network: string;
  readonly amount: bigint;
  readonly confirmations?: number;
  readonly reason?: string | null;
}

export interface WalletNotifier {
  /** A step the customer is told about (and the live event). */
  step(step: WalletStep, facts: StepFacts): Promise<void>;
  /** A change worth a live update only (one more confirmation). */
  changed(userId: string, walletId: string, id: string): Promise<void>;
  /** Cold holdings moved. */
  cold(
    userId: string,
    walletId: string,
    message: { kind: string; text: string; data: Record<string, unknown> },
  ): Promise<void>;
}

function sentence(step: WalletStep, facts: StepFacts): string {
  const network = getNetwork(facts.network);
  const what = `${formatAmount(facts.amount, network.decimals)} ${network.asset}`;
  switch (step) {
    case 'deposit_pending':
      return `Incoming deposit of ${what} on ${network.name}: it will be credited after ${network.confirmations} confirmation${network.confirmations === 1 ? '' : 's'}.`;
    case 'deposit_credited':
      return `Deposit of ${what} completed: it is now in your ${network.asset} wallet.`;
    case 'deposit_failed':
      return `A deposit of ${what} on ${network.name} failed on the network and was not credited.`;
    case 'send_held':
      return `Your send of ${what} is approved; the amount and its fee are on hold until it is on chain.`;
    case 'send_broadcast':
      return `Your send of ${what} was broadcast on ${network.name}; it completes after ${network.confirmations} confirmation${network.confirmations === 1 ? '' : 's'}.`;
    case 'send_completed':
      return `Your send of ${what} is completed.`;
    case 'send_failed':
      return `Your send of ${what} failed (${facts.reason ?? 'refused by the network'}). The amount and fee are back in your wallet.`;
    case 'internal_received':
      return `You received ${what} from another Rora customer.`;
  }
}

/** What the bell's text is written from, in the reader's language (contracts: notification kinds). */
function stepParams(facts: StepFacts) {
  const network = getNetwork(facts.network);
  return {
    walletId: facts.walletId,
    transactionId: facts.id,
    network: facts.network,
    networkName: network.name,
    asset: network.asset,
    amount: formatAmount(facts.amount, network.decimals),
    confirmations: network.confirmations,
    reason: facts.reason ?? null,
  };
}

export function createWalletNotifier(deps: {
  notifications: NotificationService;
  events: EventBus;
  transactions: TransactionsRepository;
}): WalletNotifier {
  async function changed(userId: string, walletId: string, id: string): Promise<void> {
    const row = await deps.transactions.one(walletId, id);
    const event: WalletEvent = {
      channel: 'wallets',
      type: 'transaction',
      data: { walletId, transaction: row ? transactionView(row) : null },
    };
    await deps.events.publish(topics.user(userId), event);
  }

  return {
    async step(step, facts) {
      await deps.notifications.notify(facts.userId, {
        kind: `wallet_${step}`,
        message: sentence(step, facts),
        data: stepParams(facts),
      });
      await changed(facts.userId, facts.walletId, facts.id);
    },
    changed,
    async cold(userId, walletId, message) {
      await deps.notifications.notify(userId, { kind: message.kind, message: message.text, data: message.data });
      const event: WalletEvent = { channel: 'wallets', type: 'cold', data: { walletId, transaction: null } };
      await deps.events.publish(topics.user(userId), event);
    },
  };
}
