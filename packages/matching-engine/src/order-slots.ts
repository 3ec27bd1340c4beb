// The orders of one book as numbered slots in typed arrays instead of one object per order, so the
// garbage collector has nothing to trace and an order's fields share cache lines: per slot, float64
// remaining lots, price ticks (safe integers, so exact) and arrival number, and int32 previous and
// next order of its price level, its level, its side and the hash of its id (id-index.ts). Ids and owners, which the caller chose
// (strings or numbers), sit side by side in one plain array. Freed slots are reused last in, first
// out; the arrays double when every slot is taken. Each slot's fields fill 32 bytes of each array.
import type { OrderId, OwnerId } from './types.ts';

export const NONE = -1;
export const BUY = 0;
export const SELL = 1;

/** Stride and field offsets of `nums` (float64) and `links` (int32). */
export const NUMS = 4;
export const REMAINING = 0;
export const PRICE = 1;
export const SEQ = 2;
export const LINKS = 8;
export const PREV = 0;
export const NEXT = 1;
export const LEVEL = 2;
export const SIDE = 3;
export const HASH = 4;

const FIRST_CAPACITY = 1024;

export class OrderSlots {
  /** Per slot: remaining lots, price ticks, arrival number. */
  nums = new Float64Array(FIRST_CAPACITY * NUMS);
  /** Per slot: previous and next order in the level (NONE at the ends), level (NONE when not resting), side, id hash. */
  links = new Int32Array(FIRST_CAPACITY * LINKS);
  /** Per slot: order id, then owner. */
  refs: Array<OrderId | OwnerId | undefined> = [];
  private free = new Int32Array(FIRST_CAPACITY);
  private freeCount = 0;
  private capacity = 0;

  constructor() {
    this.addFree(0, FIRST_CAPACITY);
  }

  /** A slot for a new order, not in any level yet. */
  take(orderId: OrderId, owner: OwnerId): number {
    if (this.freeCount === 0) this.grow();
    this.freeCount -= 1;
    const slot = this.free[this.freeCount] as number;
    this.refs[2 * slot] = orderId;
    this.refs[2 * slot + 1] = owner;
    this.links[slot * LINKS + LEVEL] = NONE;
    return slot;
  }

  /** Gives a slot back; it must not be in a level. Drops its id and owner so they can be collected. */
  release(slot: number): void {
    this.refs[2 * slot] = undefined;
    this.refs[2 * slot + 1] = undefined;
    this.links[slot * LINKS + LEVEL] = NONE;
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

  price(slot: number): number {
    return this.nums[slot * NUMS + PRICE] as number;
  }

  side(slot: number): number {
    return this.links[slot * LINKS + SIDE] as number;
  }

  /** How many slots there are, taken or free. */
  get size(): number {
    return this.capacity;
  }

  /** True when the order in `slot` rests in a level. */
  resting(slot: number): boolean {
    return this.links[slot * LINKS + LEVEL] !== NONE;
  }

  private grow(): void {
    const old = this.capacity;
    const capacity = old * 2;
    const nums = new Float64Array(capacity * NUMS);
    nums.set(this.nums);
    const links = new Int32Array(capacity * LINKS);
    links.set(this.links);
    const free = new Int32Array(capacity);
    free.set(this.free);
    this.nums = nums;
    this.links = links;
    this.free = free;
    this.addFree(old, capacity);
  }

  /** Adds slots from..to−1 to the free list so that the lowest is taken first. */
  private addFree(from: number, to: number): void {
    // Pushed one by one so the array stays packed (no holes to check on every read).
    for (let i = from * 2; i < to * 2; i += 1) this.refs.push(undefined);
    for (let slot = to - 1; slot >= from; slot -= 1) {
      this.links[slot * LINKS + LEVEL] = NONE;
      this.free[this.freeCount] = slot;
      this.freeCount += 1;
    }
    this.capacity = to;
  }
}
