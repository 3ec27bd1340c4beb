// Read-only views of a book: aggregated depth, and a full structural check for tests and audits.
import type { BookSide } from './book-side.ts';
import { hashId, type IdIndex } from './id-index.ts';
import { BUY, HASH, LINKS, NEXT, NONE, PLACE, PREV, type OrderSlots } from './order-slots.ts';
import type { DepthLevel } from './types.ts';

export function sideDepth(side: BookSide, maxLevels: number): DepthLevel[] {
  const result: DepthLevel[] = [];
  for (let position = 0; position < side.levelCount && result.length < maxLevels; position += 1) {
    const level = side.levelAt(position);
    result.push({ priceTicks: side.price(level), qtyLots: side.totalLots(level), orderCount: side.orderCount(level) });
  }
  return result;
}

/** Checks one level's queue: links, prices, sides and totals; returns how many orders it holds. */
function verifyLevel(side: BookSide, level: number, slots: OrderSlots, index: IdIndex): number {
  const price = side.price(level);
  let lots = 0;
  let count = 0;
  let previous = NONE;
  for (let slot = side.head(level); slot !== NONE; slot = slots.links[slot * LINKS + NEXT] as number) {
    const id = slots.orderId(slot);
    if (slots.links[slot * LINKS + PREV] !== previous || slots.links[slot * LINKS + PLACE] !== 2 * level + side.side) {
      throw new Error(`broken links at ${price}`);
    }
    if (slots.remaining(slot) <= 0) throw new Error(`order ${id} rests with nothing left`);
    const hash = hashId(id);
    if (slots.links[slot * LINKS + HASH] !== hash || index.get(id, hash) !== slot) {
      throw new Error(`order ${id} missing from the index`);
    }
    lots += slots.remaining(slot);
    count += 1;
    previous = slot;
  }
  if (side.tail(level) !== previous) throw new Error(`level ${price} tail is wrong`);
  if (lots !== side.totalLots(level) || count !== side.orderCount(level) || count === 0) {
    throw new Error(`level ${price} totals are wrong`);
  }
  return count;
}

function verifySide(side: BookSide, slots: OrderSlots, index: IdIndex): number {
  const name = side.side === BUY ? 'buy' : 'sell';
  let previousKey = Number.POSITIVE_INFINITY;
  let counted = 0;
  // From the best level down, keys must fall.
  for (let position = 0; position < side.levelCount; position += 1) {
    const level = side.levelAt(position);
    const key = side.keyOf(side.price(level));
    if (side.keyAt(position) !== key) throw new Error(`${name} level ${side.price(level)} has the wrong key`);
    if (key >= previousKey) throw new Error(`${name} levels out of order at ${side.price(level)}`);
    previousKey = key;
    counted += verifyLevel(side, level, slots, index);
  }
  return counted;
}

/** Checks every structural invariant of a book; throws on the first broken one. O(n). */
export function verifyBook(bids: BookSide, asks: BookSide, slots: OrderSlots, index: IdIndex): void {
  const counted = verifySide(bids, slots, index) + verifySide(asks, slots, index);
  if (counted !== index.size) throw new Error(`book holds ${counted} orders, index ${index.size}`);
  const bid = bids.best();
  const ask = asks.best();
  if (bid !== NONE && ask !== NONE && bids.price(bid) >= asks.price(ask)) {
    throw new Error(`book crossed: ${bids.price(bid)} >= ${asks.price(ask)}`);
  }
}
