// An external trading platform ("exchange platform" of spec §2/§9), as Rora reaches it: its quote,
// its order-book depth, and executing a market order there. The default implementation simulates
// each platform offline (simulated-venue.ts); a live one over ccxt (ccxt-venue.ts) is chosen by
// configuration (VENUES=ccxt). Prices are quote minor units per whole base unit; quantities base
// minor units; both bigint, already on the market's ticks and lots.
import type { OrderSide, VenueDefinition } from '@rora/contracts';
import type { Market } from '../markets/index.ts';

export interface VenueQuote {
  bid: bigint | null;
  ask: bigint | null;
  /** The mid price, or the last trade when the platform gives no book. */
  price: bigint | null;
  at: Date;
}

/** Best first on each side: [price, quantity]. */
export interface VenueDepth {
  bids: Array<readonly [bigint, bigint]>;
  asks: Array<readonly [bigint, bigint]>;
}

export interface VenueExecuteInput {
  market: Market;
  side: OrderSide;
  /** Base to buy or sell; or, for a buy, `budget` in quote to spend. */
  quantity?: bigint;
  budget?: bigint;
  /** Rora's order id, sent as the platform's client order id (reconciliation after a crash). */
  clientOrderId: string;
}

export interface VenueFill {
  price: bigint;
  quantity: bigint;
}

export interface VenueAdapter {
  readonly venue: VenueDefinition;
  quote(market: Market): Promise<VenueQuote>;
  depth(market: Market, levels: number): Promise<VenueDepth>;
  /**
   * Fills what the platform's book can; an empty list when nothing could fill. A VenueUnavailableError
   * leaves the outcome unknown (the order may have executed before the answer was lost): ask findOrder.
   */
  execute(input: VenueExecuteInput): Promise<VenueFill[]>;
  /**
   * What the platform did with an order sent earlier under Rora's order id (the client order id): its
   * fills, an empty list if it received the order and filled nothing, null if it never received it.
   */
  findOrder(market: Market, clientOrderId: string): Promise<VenueFill[] | null>;
}

export class VenueUnavailableError extends Error {
  constructor(venueId: string, reason: string) {
    super(`venue ${venueId} unavailable: ${reason}`);
    this.name = 'VenueUnavailableError';
  }
}

/**
 * Walks one side of a depth for a quantity or a quote budget: what would fill, best price first.
 * Budget walks stop at the last whole lot the budget affords.
 */
export function walkDepth(
  market: Market,
  levels: ReadonlyArray<readonly [bigint, bigint]>,
  want: { quantity?: bigint; budget?: bigint },
): VenueFill[] {
  const fills: VenueFill[] = [];
  let quantityLeft = want.quantity ?? null;
  let budgetLeft = want.budget ?? null;
  const lot = market.spec.lotSize;
  const scale = 10n ** BigInt(market.baseScale);
  for (const [price, available] of levels) {
    let take = available;
    if (quantityLeft !== null) take = take < quantityLeft ? take : quantityLeft;
    if (budgetLeft !== null) {
      const affordable = ((budgetLeft * scale) / price / lot) * lot;
      take = take < affordable ? take : affordable;
    }
    if (take <= 0n) break;
    fills.push({ price, quantity: take });
    if (quantityLeft !== null) quantityLeft -= take;
    if (budgetLeft !== null) budgetLeft -= (take * price) / scale;
    if (quantityLeft === 0n) break;
  }
  return fills;
}
