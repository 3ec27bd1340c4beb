// The incoming order while it matches: one reused instance per book, so placing allocates nothing.
import { BUY, NONE } from './order-slots.ts';
import type { OrderId, OwnerId, Side } from './types.ts';

export class Taker {
  orderId: OrderId = 0;
  owner: OwnerId = 0;
  side: Side = 'buy';
  /** BUY or SELL. */
  sideCode = BUY;
  /** NaN for a market order. */
  limitPriceTicks = 0;
  /** Lots still wanted; Number.MAX_SAFE_INTEGER for a budget market buy, which stops on its budget. */
  remainingLots = 0;
  hasBudget = false;
  budgetLeftTickLots = 0;
  budgetExhausted = false;
  /** The slot a GTC limit order holds from the start, to rest in if it does; NONE for other orders. */
  slot = NONE;

  /** Would this taker trade at `priceTicks`? A market order (NaN limit) reaches every price. */
  reaches(priceTicks: number): boolean {
    if (this.sideCode === BUY) return !(priceTicks > this.limitPriceTicks);
    return !(priceTicks < this.limitPriceTicks);
  }
}
