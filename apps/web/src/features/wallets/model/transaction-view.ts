// How a transaction reads on screen: its label (spec §4: pending, completed), what it is, the
// progress of its confirmations, and its amount with a sign, so colour is never the only cue. Figures as
// ADR 0035 says: the amount and the fee as coin amounts (formatCoins), the price at its pair's tick.
import type { WalletTransaction } from '@rora/contracts';
import { coinsOf, formatCoins, formatHoldingText, formatPrice } from '../../../lib/format/numbers.ts';

export type Tone = 'success' | 'warning' | 'danger';

export interface TransactionDisplay {
  /** i18n key of the status label. */
  readonly statusKey: string;
  readonly tone: Tone;
  /** i18n key of what happened ('Received', 'Sent to a Rora customer'...). */
  readonly titleKey: string;
  /** Values of a title that names its own asset (the quote side of a trade); else the row's asset follows. */
  readonly titleValues: Record<string, string> | null;
  /** Confirmations so far of those required, while they count. */
  readonly progress: { readonly done: number; readonly required: number } | null;
  readonly signedAmount: string;
  /** What it was in detail (a fill's price, a swap's two sides), as an i18n key and its values. */
  readonly detail: { readonly key: string; readonly values: Record<string, string> } | null;
  /** The screen of its source, inside the app (trades, swaps, finance); chain rows link to the explorer. */
  readonly link: { readonly path: string; readonly labelKey: string } | null;
}

const TITLES: Record<WalletTransaction['type'], string> = {
  deposit: 'transactions.types.deposit',
  send: 'transactions.types.send',
  internal_send: 'transactions.types.internalSend',
  internal_receive: 'transactions.types.internalReceive',
  trade: 'transactions.types.trade',
  swap: 'transactions.types.swap',
  stake: 'transactions.types.stake',
  unstake: 'transactions.types.unstake',
  staking_reward: 'transactions.types.stakingReward',
  loan: 'transactions.types.loan',
  purchase: 'transactions.types.purchase',
  cold_wallet: 'transactions.types.coldWallet',
  adjustment: 'transactions.types.adjustment',
};

const LINKS: Partial<Record<WalletTransaction['source']['kind'], { path: string; labelKey: string }>> = {
  swap: { path: '/dashboard/swap', labelKey: 'transactions.links.swap' },
  stake: { path: '/dashboard/finance/stake', labelKey: 'transactions.links.stake' },
  loan: { path: '/dashboard/finance', labelKey: 'transactions.links.loan' },
  purchase: { path: '/dashboard/swap', labelKey: 'transactions.links.purchase' },
};

function titleOf(transaction: WalletTransaction): string {
  const { trade } = transaction;
  if (trade) {
    // The quote side of a trade: what was paid for, or received for, the coin traded.
    if (!trade.symbol.startsWith(`${transaction.assetSymbol}/`)) {
      return `transactions.types.${trade.side === 'buy' ? 'paidFor' : 'proceedsOf'}`;
    }
    return `transactions.types.${trade.side === 'buy' ? 'bought' : 'sold'}`;
  }
  if (transaction.type === 'cold_wallet') {
    return `transactions.types.${transaction.direction === 'in' ? 'fromCold' : 'toCold'}`;
  }
  return TITLES[transaction.type];
}

function detailOf(transaction: WalletTransaction): TransactionDisplay['detail'] {
  const { trade, swap } = transaction;
  if (trade) {
    const [base = '', quote = ''] = trade.symbol.split('/');
    return {
      key: 'transactions.tradeDetail',
      values: {
        amount: coinsOf(trade.amount, base),
        price: `${formatPrice(trade.price, trade.symbol)} ${quote}`,
        total: coinsOf(trade.total, quote),
      },
    };
  }
  if (swap) {
    return {
      key: 'transactions.swapDetail',
      values: { from: coinsOf(swap.fromAmount, swap.fromAsset), to: coinsOf(swap.toAmount, swap.toAsset) },
    };
  }
  return null;
}

function linkOf(transaction: WalletTransaction): TransactionDisplay['link'] {
  if (transaction.trade) {
    const pair = transaction.trade.symbol.replace('/', '-');
    return { path: `/dashboard/exchange?pair=${encodeURIComponent(pair)}`, labelKey: 'transactions.links.order' };
  }
  if (transaction.type === 'cold_wallet')
    return { path: '/dashboard/cold-wallet', labelKey: 'transactions.links.cold' };
  return LINKS[transaction.source.kind] ?? null;
}

const TONES: Record<WalletTransaction['status'], Tone> = { pending: 'warning', completed: 'success', failed: 'danger' };

/** A balance as a holding shows (3 decimals, more for a small one; ADR 0034), in the reader's marks. */
export function displayAmount(text: string, decimals: number): string {
  return formatHoldingText(text, decimals);
}

export function describeTransaction(transaction: WalletTransaction, decimals: number): TransactionDisplay {
  // A pending chain transaction shows its count from the mempool on (0 of 2), so the wait is visible.
  const counting = transaction.status === 'pending' && transaction.requiredConfirmations > 0;
  return {
    statusKey: `transactions.status.${transaction.status}`,
    tone: TONES[transaction.status],
    titleKey: titleOf(transaction),
    titleValues:
      transaction.trade && !transaction.trade.symbol.startsWith(`${transaction.assetSymbol}/`)
        ? { asset: transaction.trade.symbol.split('/')[0] ?? '' }
        : null,
    progress: counting ? { done: transaction.confirmations, required: transaction.requiredConfirmations } : null,
    signedAmount: `${transaction.direction === 'in' ? '+' : '−'}${formatCoins(transaction.amount, decimals)}`,
    detail: detailOf(transaction),
    link: linkOf(transaction),
  };
}
