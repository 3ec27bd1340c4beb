// A firm quote's countdown, measured on this device's clock from the moment the quote arrived (the
// quote's own lifetime is expiresAt - createdAt), so a device clock set wrong cannot stretch it.
import type { SwapQuote } from '@rora/contracts';
import { formatPercent } from '../../../lib/format/numbers.ts';

export interface ReceivedQuote {
  readonly quote: SwapQuote;
  /** Date.now() when the answer arrived. */
  readonly receivedAt: number;
}

export function quoteLifetimeMs(quote: SwapQuote): number {
  return Math.max(0, Date.parse(quote.expiresAt) - Date.parse(quote.createdAt));
}

/** Whole seconds left, never negative; a second of margin so a quote is never sent at its last instant. */
export function quoteSecondsLeft(received: ReceivedQuote, nowMs: number): number {
  const leftMs = quoteLifetimeMs(received.quote) - (nowMs - received.receivedAt) - 1_000;
  return Math.max(0, Math.ceil(leftMs / 1000));
}

/** Basis points as a percent for the screen: 50 -> '0.50%' ('0,50 %' in French). */
export function bpsPercent(bps: number): string {
  return formatPercent(BigInt(bps));
}
