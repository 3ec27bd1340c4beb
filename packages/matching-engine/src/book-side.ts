// One side of a book: price levels sorted so the best is last (push/pop at the top of the book are
// O(1); a new level inside the book is placed by binary search and shifted in, without splice's
// garbage), a Map from price to level, and per level an intrusive doubly linked FIFO of orders, so
// adding, filling and removing any order costs the same however many orders wait at its price.
// Levels and orders are pooled: nothing on the hot path allocates.
import type { OrderId, OwnerId, Side } from './types.ts';

export class RestingOrder {
  orderId: OrderId = 0;
  owner: OwnerId = 0;
  side: Side = 'buy';
  priceTicks = 0;
  remainingLots = 0;
  prev: RestingOrder | null = null;
  next: RestingOrder | null = null;
  level: Level | null = null;
}

/** The incoming order while it matches; one reused instance per book. */
export class Taker {
  orderId: OrderId = 0;
  owner: OwnerId = 0;
  side: Side = 'buy';
  /** NaN for a market order. */
  limitPriceTicks = 0;
  /** Lots still wanted; Number.MAX_SAFE_INTEGER for a budget market buy, which stops on its budget. */
  remainingLots = 0;
  hasBudget = false;
  budgetLeftTickLots = 0;
  budgetExhausted = false;

  /** Would this taker trade at `priceTicks`? A market order (NaN limit) reaches every price. */
  reaches(priceTicks: number): boolean {
    if (this.side === 'buy') return !(priceTicks > this.limitPriceTicks);
    return !(priceTicks < this.limitPriceTicks);
  }
}

export class Level {
  priceTicks = 0;
  /** Sort key, ascending towards the best price: priceTicks for bids, −priceTicks for asks. */
  key = 0;
  totalLots = 0;
  orderCount = 0;
  head: RestingOrder | null = null;
  tail: RestingOrder | null = null;
}

/**
 * Inserts `item` at `index` by shifting the elements after it up one place. Unlike `splice`, it
 * allocates no array for the removed elements, so opening a level inside the book makes no garbage.
 */
export function insertAt<T>(list: T[], index: number, item: T): void {
  let i = list.length;
  list.push(item);
  for (; i > index; i -= 1) list[i] = list[i - 1] as T;
  list[index] = item;
}

/** Removes the element at `index` by shifting the elements after it down one place; no allocation. */
export function removeAt<T>(list: T[], index: number): void {
  const last = list.length - 1;
  for (let i = index; i < last; i += 1) list[i] = list[i + 1] as T;
  list.pop();
}

export class BookSide {
  readonly side: Side;
  /** Sorted by `key` ascending: the best level is the last element. */
  readonly levels: Level[] = [];
  private readonly byPrice = new Map<number, Level>();
  private readonly freeLevels: Level[] = [];

  constructor(side: Side) {
    this.side = side;
  }

  best(): Level | undefined {
    return this.levels[this.levels.length - 1];
  }

  /** True when a taker on the other side with this limit price would trade with this side's best. */
  crosses(limitPriceTicks: number): boolean {
    const best = this.levels[this.levels.length - 1];
    if (best === undefined) return false;
    return this.side === 'sell' ? best.priceTicks <= limitPriceTicks : best.priceTicks >= limitPriceTicks;
  }

  /** Sort key of a price on this side. */
  keyOf(priceTicks: number): number {
    return this.side === 'buy' ? priceTicks : -priceTicks;
  }

  /** Appends the order at the back of its price's queue. */
  append(order: RestingOrder): void {
    let level = this.byPrice.get(order.priceTicks);
    if (level === undefined) {
      const key = this.keyOf(order.priceTicks);
      level = this.openLevel(order.priceTicks, key, this.insertionIndex(key));
    }
    order.level = level;
    order.prev = level.tail;
    order.next = null;
    if (level.tail === null) level.head = order;
    else level.tail.next = order;
    level.tail = order;
    level.totalLots += order.remainingLots;
    level.orderCount += 1;
  }

  /** Unlinks the order; closes its level when it was the last one there. */
  remove(order: RestingOrder): void {
    const level = order.level as Level;
    if (order.prev === null) level.head = order.next;
    else order.prev.next = order.next;
    if (order.next === null) level.tail = order.prev;
    else order.next.prev = order.prev;
    order.prev = null;
    order.next = null;
    order.level = null;
    level.totalLots -= order.remainingLots;
    level.orderCount -= 1;
    if (level.orderCount === 0) this.closeLevel(level);
  }

  /** Opens a level at `index`, the first index whose key is greater than `key`. */
  private openLevel(priceTicks: number, key: number, index: number): Level {
    const level = this.freeLevels.pop() ?? new Level();
    level.priceTicks = priceTicks;
    level.key = key;
    level.totalLots = 0;
    level.orderCount = 0;
    level.head = null;
    level.tail = null;
    const levels = this.levels;
    if (index === levels.length) levels.push(level);
    else insertAt(levels, index, level);
    this.byPrice.set(priceTicks, level);
    return level;
  }

  private closeLevel(level: Level): void {
    const levels = this.levels;
    if (levels[levels.length - 1] === level) levels.pop();
    else removeAt(levels, this.indexOf(level.key));
    this.byPrice.delete(level.priceTicks);
    this.freeLevels.push(level);
  }

  /** First index whose key is greater than `key`; the top of the book is checked first. */
  private insertionIndex(key: number): number {
    const levels = this.levels;
    let high = levels.length;
    if (high === 0 || (levels[high - 1] as Level).key <= key) return high;
    let low = 0;
    high -= 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((levels[mid] as Level).key <= key) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  private indexOf(key: number): number {
    const index = this.insertionIndex(key) - 1;
    if ((this.levels[index] as Level | undefined)?.key !== key) {
      throw new Error(`book side invariant broken: no level at key ${key}`);
    }
    return index;
  }
}
