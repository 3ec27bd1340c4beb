// The fees this process quoted its customers (POST /wallet/estimatefee), for a while. A send may
// confirm a fee the network's has since risen past (by up to a quarter, which Rora then pays: the
// fee is a quote, send.service.ts); that holds only for a fee Rora quoted this customer, for this
// wallet, amount and priority, in the last QUOTE_MEMORY_MS. Any other figure under the network's is the
// customer's own, and was charged: an outside tester paid 81 % of every BTC and USDT-ERC20 fee by
// sending `fee` at the current one ÷ 1.25. Kept in memory: a send that reaches another replica than
// its estimate, or this one after a restart, is answered `send_fee_has_changed` while the network's
// fee stands above it, and the customer confirms the current fee (the screen asks again).
import type { Clock } from '../../lib/clock.ts';

/** How long a quoted fee may be confirmed at a risen network fee: a send dialog's life. */
export const QUOTE_MEMORY_MS = 10 * 60_000;
/** Customers' wallet-and-priority keys kept at most: bounded memory, the oldest forgotten first. */
const MAX_KEYS = 100_000;
/** Quotes kept per key: the estimate refreshed while a dialog stays open. */
const MAX_PER_KEY = 8;

/** A quote is for one send: this customer's wallet, this amount (inputs, and so fees, grow with it), this speed. */
export interface QuoteKey {
  userId: string;
  walletId: string;
  amount: bigint;
  priority: string;
}

export interface FeeQuotes {
  remember(key: QuoteKey, fee: bigint): void;
  /** Whether `fee` was quoted for `key` within QUOTE_MEMORY_MS. */
  quoted(key: QuoteKey, fee: bigint): boolean;
}

export function createFeeQuotes(clock: Clock): FeeQuotes {
  const byKey = new Map<string, Array<{ fee: bigint; atMs: number }>>();
  const keyOf = (key: QuoteKey) => `${key.userId}/${key.walletId}/${key.amount}/${key.priority}`;
  const fresh = (atMs: number, nowMs: number) => nowMs - atMs <= QUOTE_MEMORY_MS;

  return {
    remember(key, fee) {
      const nowMs = clock.now().getTime();
      const id = keyOf(key);
      const kept = (byKey.get(id) ?? []).filter((quote) => fresh(quote.atMs, nowMs) && quote.fee !== fee);
      kept.push({ fee, atMs: nowMs });
      // Re-inserted, so the Map's order is the order of last use.
      byKey.delete(id);
      byKey.set(id, kept.slice(-MAX_PER_KEY));
      if (byKey.size > MAX_KEYS) byKey.delete(byKey.keys().next().value!);
    },
    quoted(key, fee) {
      const nowMs = clock.now().getTime();
      return (byKey.get(keyOf(key)) ?? []).some((quote) => quote.fee === fee && fresh(quote.atMs, nowMs));
    },
  };
}
