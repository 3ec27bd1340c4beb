// Rows as the API shows them: amounts as decimal strings in each coin's units, times in ISO 8601.
import { SWAP_MAX_ARRIVAL_MINUTES, type Swap, type SwapQuote, type SwapRateRoute } from '@rora/contracts';
import { assetScale, formatAmount } from '@rora/money';
import type { QuoteRow, SwapRow } from './swap.repository.ts';

const coins = (minor: bigint, asset: string) => formatAmount(minor, assetScale(asset));

/** For a sentence: at most 8 decimals, cut (never rounded up), trailing zeros dropped. */
function readable(minor: bigint, asset: string): string {
  const scale = assetScale(asset);
  if (scale <= 8) return `${coins(minor, asset)} ${asset}`;
  const text = formatAmount(minor, scale, { decimals: 8, rounding: 'down' });
  return `${text.includes('.') ? text.replace(/\.?0+$/, '') : text} ${asset}`;
}

export function quoteView(row: Omit<QuoteRow, 'usedAt'>): SwapQuote {
  return {
    id: row.id,
    from: row.fromAsset,
    to: row.toAsset,
    quantity: coins(row.quantity, row.fromAsset),
    fee: coins(row.fee, row.fromAsset),
    feeBps: row.feeBps,
    referenceRate: row.referenceRate,
    rate: row.rate,
    spreadBps: row.spreadBps,
    spread: coins(row.spread, row.toAsset),
    receive: coins(row.receive, row.toAsset),
    route: row.route as SwapRateRoute,
    usdValue: row.usdValue,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

export function swapView(row: SwapRow): Swap {
  return {
    id: row.id,
    quoteId: row.quoteId,
    status: row.status,
    from: row.fromAsset,
    to: row.toAsset,
    amount: coins(row.quantity, row.fromAsset),
    fee: coins(row.fee, row.fromAsset),
    rate: row.rate,
    receive: coins(row.receive, row.toAsset),
    createdAt: row.createdAt.toISOString(),
    arrivesBy: new Date(row.createdAt.getTime() + SWAP_MAX_ARRIVAL_MINUTES * 60_000).toISOString(),
    completedAt: row.status === 'completed' && row.settledAt ? row.settledAt.toISOString() : null,
    failureReason: row.failureReason,
  };
}

/** What the bell writes a settled swap's text from, in the reader's language (exact amounts). */
export function settledParams(row: SwapRow) {
  const gave = { swapId: row.id, fromAsset: row.fromAsset, fromAmount: coins(row.quantity, row.fromAsset) };
  return row.status === 'completed'
    ? { ...gave, toAsset: row.toAsset, toAmount: coins(row.receive, row.toAsset) }
    : { ...gave, toAsset: row.toAsset };
}

/** The notification text of a settled swap (English; the bell's fallback). */
export function settledMessage(row: SwapRow): { kind: string; message: string } {
  const gave = readable(row.quantity, row.fromAsset);
  if (row.status === 'completed') {
    return {
      kind: 'swap_completed',
      message: `Your swap of ${gave} is complete: ${readable(row.receive, row.toAsset)} arrived in your wallet.`,
    };
  }
  return {
    kind: 'swap_failed',
    message: `Your swap of ${gave} to ${row.toAsset} could not be completed. The ${row.fromAsset} is back in your wallet.`,
  };
}
