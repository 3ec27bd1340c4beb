// Sends after the request: chain reports of transactions this process broadcast move them along
// (confirming n of m, then posted; or failed, then voided), and a periodic reconcile finishes what a
// crash or a lost event left behind: approved external sends still held are broadcast (under their
// id, which the adapter answers with the same transaction), approved internal sends still held are
// posted (the customer approved them; the recipient's row cannot go away, so posting cannot be
// refused), unapproved holds older than the approval window are voided, and broadcast sends are
// re-read from the chain. Each step moves the send by a conditional update, so a reconcile racing
// the request, another reconcile or another process takes it once.
import { getNetwork, type ChainTransaction, type NetworkId } from '@rora/chains';
import type { Db } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';
import type { ChainRegistry } from '../chain-watcher/index.ts';
import type { SendSteps } from './send-steps.ts';
import type { SendRow, SendsRepository } from './sends.repository.ts';
import type { WalletNotifier } from './wallet-notifier.ts';

/** A hold whose approval has not arrived after this long belongs to a request that died. */
export const APPROVAL_WINDOW_MS = 10 * 60_000;

export interface SettlementService {
  /** A report of a transaction this process broadcast. */
  outgoing(transaction: ChainTransaction): Promise<void>;
  reconcile(network: NetworkId): Promise<void>;
}

export function createSettlementService(deps: {
  db: Db;
  clock: Clock;
  registry: ChainRegistry;
  sends: SendsRepository;
  steps: SendSteps;
  notifier: WalletNotifier;
}): SettlementService {
  const { db, clock, sends, steps } = deps;

  async function follow(send: SendRow, transaction: ChainTransaction): Promise<void> {
    // Only the broadcaster records the broadcast (it holds the row lock while it asks the chain).
    if (send.status !== 'broadcast' && send.status !== 'confirmed') return;
    switch (transaction.status) {
      case 'pending':
        return;
      case 'confirming':
        if (await sends.setConfirmations(send.id, transaction.confirmations, clock.now())) {
          await deps.notifier.changed(send.userId, send.walletId, send.id);
        }
        return;
      case 'confirmed':
        // What the mined transaction paid is recorded (an EVM send's broadcast knew only its cap).
        return steps.post(send, transaction.confirmations, transaction.fee);
      case 'failed':
      case 'replaced':
        return steps.void(send, transaction.failureReason ?? `transaction_${transaction.status}`, {
          from: ['broadcast'],
          notify: true,
          // Failed in a block (account chains): the fee was paid all the same.
          ...(transaction.blockHeight === undefined ? {} : { networkFee: transaction.fee }),
        });
    }
  }

  return {
    async outgoing(transaction) {
      if (!transaction.withdrawalId) return;
      const send = await sends.find(db, transaction.withdrawalId);
      if (!send || send.network !== transaction.network || send.txid !== transaction.txid) return;
      await follow(send, transaction);
    },

    async reconcile(network) {
      const adapter = deps.registry.adapter(getNetwork(network).id);
      for (const send of await sends.open(network)) {
        if (send.status === 'held' && send.kind === 'internal') await steps.settleInternal(send);
        else if (send.status === 'held') await steps.broadcast(send.id);
        else if (send.txid) {
          const transaction = await adapter.getTransaction(send.txid);
          if (transaction) await follow(send, transaction);
        }
      }
      const before = new Date(clock.now().getTime() - APPROVAL_WINDOW_MS);
      for (const send of await sends.unapproved(network, before)) {
        // The request may record its approval after this read: such a send is no longer voided.
        await steps.void(send, 'approval_not_received', { from: ['held'], notify: false, unapproved: true });
      }
    },
  };
}
