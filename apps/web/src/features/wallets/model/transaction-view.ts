// How a transaction reads on screen: its label (spec §4: pending, completed), what it is, the
// progress of its confirmations, and its amount with a sign, so colour is never the only cue.
import type { WalletTransaction } from '@rora/contracts';
import { formatHoldingText } from '../../../lib/format/numbers.ts';

export type Tone = 'success' | 'warning' | 'danger';

export interface TransactionDisplay {
  /** i18n key of the status label. */
  readonly statusKey: string;
  readonly tone: Tone;
  /** i18n key of what happened ('Received', 'Sent to a Rora customer'...). */
  readonly titleKey: string;
  /** Confirmations so far of those required, while they count. */
  readonly progress: { readonly done: number; readonly required: number } | null;
  readonly signedAmount: string;
}

const TITLES: Record<WalletTransaction['type'], string> = {
  deposit: 'transactions.types.deposit',
  send: 'transactions.types.send',
  internal_send: 'transactions.types.internalSend',
  internal_receive: 'transactions.types.internalReceive',
};

const TONES: Record<WalletTransaction['status'], Tone> = { pending: 'warning', completed: 'success', failed: 'danger' };

/** A decimal amount as a holding shows (3 decimals, more for a small one; ADR 0034), in the reader's marks. */
export function displayAmount(text: string, decimals: number): string {
  return formatHoldingText(text, decimals);
}

export function describeTransaction(transaction: WalletTransaction, decimals: number): TransactionDisplay {
  // A pending chain transaction shows its count from the mempool on (0 of 2), so the wait is visible.
  const counting = transaction.status === 'pending' && transaction.requiredConfirmations > 0;
  return {
    statusKey: `transactions.status.${transaction.status}`,
    tone: TONES[transaction.status],
    titleKey: TITLES[transaction.type],
    progress: counting ? { done: transaction.confirmations, required: transaction.requiredConfirmations } : null,
    signedAmount: `${transaction.direction === 'in' ? '+' : '−'}${displayAmount(transaction.amount, decimals)}`,
  };
}
