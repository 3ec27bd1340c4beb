// The orders of one book as numbered slots in typed arrays instead of one object per order, so the
// garbage collector has nothing to trace and an order's fields share a cache line in each array:
// per slot, float64 remaining lots (a safe integer, so exact) and arrival number, and int32 previous
// and next order of its price level, its place (level and side) and the hash of its id
// (id-index.ts). Ids and owners, which the caller chose (strings or numbers), sit side by side in
// one plain array. Freed slots are reused last in, first out; the typed arrays double when every
// slot is taken. A slot's price is its level's: book-side.ts holds it.
import type { OrderId, OwnerId } from './types.ts';

export const NONE = -1;
export const BUY = 0;
export const SELL = 1;

/** Stride and field offsets of `nums` (float64) and `links` (int32). */
export const NUMS = 2;
export const REMAINING = 0;
export const SEQ = 1;
export const LINKS = 4;
export const PREV = 0;
export const NEXT = 1;
/** level × 2 + side while the order rests in a level, else NONE. */
export const PLACE = 2;
export const HASH = 3;

const FIRST_CAPACITY = 1024;

export class OrderSlots {
  /** Per slot: remaining lots, arrival number. */
  nums = new Float64Array(FIRST_CAPACITY * NUMS);
  /** Per slot: previous and next order in the level (NONE at the ends), place, id hash. */
  links = new Int32Array(FIRST_CAPACITY * LINKS);
  /** Per slot handed out so far: order id, then owner. */
  readonly refs: Array<OrderId | OwnerId | undefined> = [];
  private free = new Int32Array(FIRST_CAPACITY);
  private freeCount = 0;
  /** Slots handed out at least once: 0..used−1. */
  private used = 0;

  /** A slot for a new order, not in any level yet. */
  take(orderId: OrderId, owner: OwnerId): number {
    let slot: number;
    if (this.freeCount > 0) {
      this.freeCount -= 1;
      slot = this.free[this.freeCount] as number;
      this.refs[2 * slot] = orderId;
      this.refs[2 * slot + 1] = owner;
    } else {
      slot = this.used;
      this.used += 1;
      if (slot * LINKS === this.links.length) this.grow();
      // Appended, not preallocated: the array stays packed and grows by amortized pushes.
      this.refs.push(orderId, owner);
    }
    this.links[slot * LINKS + PLACE] = NONE;
    return slot;
  }

  /** Gives a slot back; it must not be in a level. Drops its id and owner so they can be collected. */
  release(slot: number): void {
    this.refs[2 * slot] = undefined;
    this.refs[2 * slot + 1] = undefined;
    this.links[slot * LINKS + PLACE] = NONE;
    this.free[this.freeCount] = slot;
    this.freeCount += 1;
  }

  orderId(slot: number): OrderId {
    return this.refs[2 * slot] as OrderId;
  }

  owner(slot: number): OwnerId {
    return this.refs[2 * slot + 1] as OwnerId;
  }

  remaining(slot: number): number {
    return this.nums[slot * NUMS + REMAINING] as number;
  }

  /** Slots handed out so far (taken or free): 0..size−1. */
  get size(): number {
    return this.used;
  }

  /** True when the order in `slot` rests in a level. */
  resting(slot: number): boolean {
    return this.links[slot * LINKS + PLACE] !== NONE;
  }

  /** The side (BUY or SELL) of an order resting in `slot`. */
  side(slot: number): number {
    return (this.links[slot * LINKS + PLACE] as number) & 1;
  }

  /** The level of an order resting in `slot`, on its side. */
  level(slot: number): number {
    return (this.links[slot * LINKS + PLACE] as number) >> 1;
  }

  private grow(): void {
    const capacity = 2 * (this.links.length / LINKS);
    const nums = new Float64Array(capacity * NUMS);
    nums.set(this.nums);
    const links = new Int32Array(capacity * LINKS);
    links.set(this.links);
    const free = new Int32Array(capacity);
    free.set(this.free);
    this.nums = nums;
    this.links = links;
    this.free = free;
  }
}
