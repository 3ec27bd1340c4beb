// Purchases as the API shows them: fiat and coin amounts as decimal strings, times in ISO 8601.
import type { OnrampPurchase } from '@rora/contracts';
import { assetScale, formatAmount } from '@rora/money';
import type { PurchaseRow } from './onramp.repository.ts';

const fiat = (cents: bigint) => formatAmount(cents, 2, { decimals: 2, rounding: 'down' });

export function purchaseView(
  row: Omit<PurchaseRow, 'settledAt' | 'notifiedAt'> & { settledAt?: Date | null },
  widget: { providerName: string; origin: string | null; mode: 'iframe' | 'redirect' },
): OnrampPurchase {
  return {
    id: row.id,
    provider: row.provider,
    providerName: widget.providerName,
    asset: row.asset,
    fiatCurrency: 'USD',
    fiatAmount: fiat(row.fiatAmount),
    providerFee: fiat(row.providerFee),
    cryptoAmount: formatAmount(row.cryptoAmount, assetScale(row.asset)),
    status: row.status,
    failureReason: row.failureReason,
    widget: { url: row.widgetUrl, origin: widget.origin, mode: widget.mode },
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    completedAt: row.status === 'completed' && row.settledAt ? row.settledAt.toISOString() : null,
  };
}

const DECLINES: Record<string, string> = {
  card_declined: 'your card was declined',
  insufficient_funds: 'your card has insufficient funds',
  card_not_supported: 'this card is not supported',
};

/** What the bell writes a settled purchase's text from, in the reader's language. */
export function purchaseParams(row: PurchaseRow) {
  const bought = {
    purchaseId: row.id,
    asset: row.asset,
    amount: formatAmount(row.cryptoAmount, assetScale(row.asset)),
  };
  return row.status === 'completed' ? bought : { ...bought, reason: row.failureReason ?? 'card_declined' };
}

/** The notification of a settled purchase (English; the bell's fallback). */
export function purchaseMessage(row: PurchaseRow): { kind: string; message: string } {
  const coins = `${formatAmount(row.cryptoAmount, assetScale(row.asset))} ${row.asset}`;
  if (row.status === 'completed') {
    return { kind: 'onramp_completed', message: `Your card purchase is complete: ${coins} arrived in your wallet.` };
  }
  const why = DECLINES[row.failureReason ?? ''] ?? 'the payment did not go through';
  return { kind: 'onramp_failed', message: `Your card purchase of ${coins} failed: ${why}. You were not charged.` };
}
