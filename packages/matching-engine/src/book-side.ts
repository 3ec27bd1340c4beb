// One side of a book. Price levels are numbered slots in typed arrays (price, total lots, order
// count, first and last order); the open levels are kept sorted by key in two parallel typed arrays
// with the best last, so the top of the book is pushed and popped in O(1), a level inside the book
// is found by binary search and opened or closed with one copyWithin. Each level is an intrusive
// doubly linked FIFO through the orders' slots (order-slots.ts), so adding, filling and removing
// any order costs the same however many orders wait at its price. Nothing on the hot path allocates.
import { BUY, LINKS, NEXT, NONE, NUMS, PLACE, PREV, REMAINING, type OrderSlots } from './order-slots.ts';

const FIRST_LEVELS = 64;

export class BookSide {
  /** BUY or SELL. */
  readonly side: number;
  /** Per level: price ticks and total lots (safe integers). */
  private priceOf = new Float64Array(FIRST_LEVELS);
  private totalOf = new Float64Array(FIRST_LEVELS);
  /** Per level: first and last order slot (NONE when empty) and how many orders it holds. */
  private headOf = new Int32Array(FIRST_LEVELS);
  private tailOf = new Int32Array(FIRST_LEVELS);
  private countOf = new Int32Array(FIRST_LEVELS);
  /** Open levels by position: sort key ascending (best last) and the level there. */
  private keys = new Float64Array(FIRST_LEVELS);
  private at = new Int32Array(FIRST_LEVELS);
  private size = 0;
  private freeLevels = new Int32Array(FIRST_LEVELS);
  private freeCount = 0;
  private readonly slots: OrderSlots;

  constructor(side: number, slots: OrderSlots) {
    this.side = side;
    this.slots = slots;
    for (let level = FIRST_LEVELS - 1; level >= 0; level -= 1) this.freeLevels[this.freeCount++] = level;
  }

  /** How many price levels are open. */
  get levelCount(): number {
    return this.size;
  }

  /** The level at `position` from the best (0 is the best). */
  levelAt(position: number): number {
    return this.at[this.size - 1 - position] as number;
  }

  /** The sort key stored at `position` from the best. */
  keyAt(position: number): number {
    return this.keys[this.size - 1 - position] as number;
  }

  /** The best level, or NONE when the side is empty. */
  best(): number {
    return this.size === 0 ? NONE : (this.at[this.size - 1] as number);
  }

  price(level: number): number {
    return this.priceOf[level] as number;
  }

  totalLots(level: number): number {
    return this.totalOf[level] as number;
  }

  head(level: number): number {
    return this.headOf[level] as number;
  }

  tail(level: number): number {
    return this.tailOf[level] as number;
  }

  orderCount(level: number): number {
    return this.countOf[level] as number;
  }

  /** Takes `lots` off the level's total after a fill of one of its orders. */
  reduce(level: number, lots: number): void {
    this.totalOf[level] = (this.totalOf[level] as number) - lots;
  }

  /** True when a taker on the other side with this limit price would trade with this side's best. */
  crosses(limitPriceTicks: number): boolean {
    if (this.size === 0) return false;
    const best = this.priceOf[this.at[this.size - 1] as number] as number;
    return this.side === BUY ? best >= limitPriceTicks : best <= limitPriceTicks;
  }

  /** Sort key of a price on this side: priceTicks for bids, −priceTicks for asks. */
  keyOf(priceTicks: number): number {
    return this.side === BUY ? priceTicks : -priceTicks;
  }

  /** Appends the order in `slot` (its remaining lots set) at the back of the queue at `priceTicks`. */
  append(slot: number, priceTicks: number): void {
    const { nums, links } = this.slots;
    const lots = nums[slot * NUMS + REMAINING] as number;
    const level = this.levelFor(priceTicks);
    const tail = this.tailOf[level] as number;
    const at = slot * LINKS;
    links[at + PREV] = tail;
    links[at + NEXT] = NONE;
    links[at + PLACE] = 2 * level + this.side;
    if (tail === NONE) this.headOf[level] = slot;
    else links[tail * LINKS + NEXT] = slot;
    this.tailOf[level] = slot;
    this.totalOf[level] = (this.totalOf[level] as number) + lots;
    this.countOf[level] = (this.countOf[level] as number) + 1;
  }

  /** Unlinks the order in `slot`; closes its level when it was the last one there. */
  remove(slot: number): void {
    const { nums, links } = this.slots;
    const at = slot * LINKS;
    const level = (links[at + PLACE] as number) >> 1;
    const prev = links[at + PREV] as number;
    const next = links[at + NEXT] as number;
    if (prev === NONE) this.headOf[level] = next;
    else links[prev * LINKS + NEXT] = next;
    if (next === NONE) this.tailOf[level] = prev;
    else links[next * LINKS + PREV] = prev;
    links[at + PLACE] = NONE;
    this.totalOf[level] = (this.totalOf[level] as number) - (nums[slot * NUMS + REMAINING] as number);
    this.countOf[level] = (this.countOf[level] as number) - 1;
    if (this.countOf[level] === 0) this.closeLevel(level);
  }

  /** The open level at `priceTicks`, opened if there is none; the top of the book is checked first. */
  private levelFor(priceTicks: number): number {
    const key = this.side === BUY ? priceTicks : -priceTicks;
    const size = this.size;
    if (size > 0) {
      const top = this.keys[size - 1] as number;
      if (top === key) return this.at[size - 1] as number;
      if (top < key) return this.openLevel(priceTicks, key, size);
    }
    const position = this.lowerBound(key);
    if (position < size && this.keys[position] === key) return this.at[position] as number;
    return this.openLevel(priceTicks, key, position);
  }

  /** First position whose key is not below `key`. */
  private lowerBound(key: number): number {
    const keys = this.keys;
    let low = 0;
    let high = this.size;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((keys[mid] as number) < key) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  private openLevel(priceTicks: number, key: number, position: number): number {
    if (this.freeCount === 0) this.grow();
    this.freeCount -= 1;
    const level = this.freeLevels[this.freeCount] as number;
    this.priceOf[level] = priceTicks;
    this.totalOf[level] = 0;
    this.countOf[level] = 0;
    this.headOf[level] = NONE;
    this.tailOf[level] = NONE;
    if (position < this.size) {
      this.keys.copyWithin(position + 1, position, this.size);
      this.at.copyWithin(position + 1, position, this.size);
    }
    this.keys[position] = key;
    this.at[position] = level;
    this.size += 1;
    return level;
  }

  private closeLevel(level: number): void {
    const last = this.size - 1;
    const position = this.at[last] === level ? last : this.lowerBound(this.keyOf(this.priceOf[level] as number));
    if (this.at[position] !== level) throw new Error(`book side invariant broken: level ${level} not at its key`);
    if (position < last) {
      this.keys.copyWithin(position, position + 1, this.size);
      this.at.copyWithin(position, position + 1, this.size);
    }
    this.size = last;
    this.freeLevels[this.freeCount] = level;
    this.freeCount += 1;
  }

  /** Doubles every per-level array; the new levels go on the free list. */
  private grow(): void {
    const old = this.priceOf.length;
    const double = <T extends Float64Array | Int32Array>(array: T): T => {
      const grown = new (array.constructor as new (length: number) => T)(old * 2);
      grown.set(array);
      return grown;
    };
    this.priceOf = double(this.priceOf);
    this.totalOf = double(this.totalOf);
    this.headOf = double(this.headOf);
    this.tailOf = double(this.tailOf);
    this.countOf = double(this.countOf);
    this.keys = double(this.keys);
    this.at = double(this.at);
    this.freeLevels = double(this.freeLevels);
    for (let level = old * 2 - 1; level >= old; level -= 1) this.freeLevels[this.freeCount++] = level;
  }
}
