// Read-only views of a book: aggregated depth, and a full structural check for tests and audits.
import type { BookSide, Level, RestingOrder } from './book-side.ts';
import type { DepthLevel, OrderId } from './types.ts';

export function sideDepth(side: BookSide, maxLevels: number): DepthLevel[] {
  const result: DepthLevel[] = [];
  for (let i = side.levels.length - 1; i >= 0 && result.length < maxLevels; i -= 1) {
    const level = side.levels[i] as Level;
    result.push({ priceTicks: level.priceTicks, qtyLots: level.totalLots, orderCount: level.orderCount });
  }
  return result;
}

function verifySide(side: BookSide, index: Map<OrderId, RestingOrder>): void {
  let previousKey = Number.NEGATIVE_INFINITY;
  for (const level of side.levels) {
    if (level.key <= previousKey) throw new Error(`${side.side} levels out of order at ${level.priceTicks}`);
    previousKey = level.key;
    let lots = 0;
    let count = 0;
    let previous: RestingOrder | null = null;
    for (let order = level.head; order !== null; order = order.next) {
      if (order.prev !== previous || order.level !== level) throw new Error(`broken links at ${level.priceTicks}`);
      if (order.remainingLots <= 0) throw new Error(`order ${order.orderId} rests with nothing left`);
      if (order.priceTicks !== level.priceTicks || order.side !== side.side) throw new Error('order in wrong level');
      if (index.get(order.orderId) !== order) throw new Error(`order ${order.orderId} missing from the index`);
      lots += order.remainingLots;
      count += 1;
      previous = order;
    }
    if (level.tail !== previous) throw new Error(`level ${level.priceTicks} tail is wrong`);
    if (lots !== level.totalLots || count !== level.orderCount || count === 0) {
      throw new Error(`level ${level.priceTicks} totals are wrong`);
    }
  }
}

/** Checks every structural invariant of a book; throws on the first broken one. O(n). */
export function verifyBook(bids: BookSide, asks: BookSide, index: Map<OrderId, RestingOrder>): void {
  verifySide(bids, index);
  verifySide(asks, index);
  let counted = 0;
  for (const side of [bids, asks]) for (const level of side.levels) counted += level.orderCount;
  if (counted !== index.size) throw new Error(`book holds ${counted} orders, index ${index.size}`);
  const bid = bids.best()?.priceTicks;
  const ask = asks.best()?.priceTicks;
  if (bid !== undefined && ask !== undefined && bid >= ask) throw new Error(`book crossed: ${bid} >= ${ask}`);
}
