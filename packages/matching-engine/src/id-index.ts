// The index from open order ids to their slots: a hash table with open addressing and linear
// probing in one Int32Array (per bucket the id's 32-bit hash and its slot), at most half full.
// Against a `Map` it keeps nothing for the collector to trace, never rebuilds itself to sweep out
// deleted entries (a removal shifts the entries behind it back), compares stored hashes before it
// ever touches an id, and lets a new id be looked up and inserted in one probe. Ids are compared
// as a Map would (SameValueZero); the table reads them from the order slots.
import { NONE, type OrderSlots } from './order-slots.ts';
import type { OrderId } from './types.ts';

const FIRST_BUCKETS = 1024;
const scratch = new Float64Array(1);
const words = new Int32Array(scratch.buffer);

/** FNV-1a over the UTF-16 code units. */
function hashString(id: string): number {
  let hash = 0x811c9dc5 | 0;
  for (let i = 0; i < id.length; i += 1) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return hash;
}

/** A 32-bit hash of an id; ids equal under SameValueZero (0 and −0, NaN and NaN) hash alike. */
export function hashId(id: OrderId): number {
  let hash: number;
  if (typeof id === 'string') hash = hashString(id);
  else if (typeof id !== 'number') hash = hashString(String(id));
  else if ((id | 0) === id) hash = id ^ 0x5bd1e995;
  else if (id !== id) hash = 0x7ff80000;
  else {
    scratch[0] = id;
    hash = (words[0] as number) ^ Math.imul(words[1] as number, 0x9e3779b1);
  }
  // murmur3's finalizer, so that the low bits (the bucket) depend on every bit.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  return hash ^ (hash >>> 16);
}

export class IdIndex {
  /** Per bucket: the id's hash, then its slot (NONE: the bucket is empty). */
  private table = new Int32Array(2 * FIRST_BUCKETS).fill(NONE);
  private mask = FIRST_BUCKETS - 1;
  private count = 0;
  private readonly slots: OrderSlots;

  constructor(slots: OrderSlots) {
    this.slots = slots;
  }

  get size(): number {
    return this.count;
  }

  /** The slot of `orderId` (whose hash is `hash`), or NONE. */
  get(orderId: OrderId, hash: number): number {
    return this.table[2 * this.probe(orderId, hash) + 1] as number;
  }

  /** Adds `orderId` in `slot` unless the id is there already: then returns that order's slot, else NONE. */
  claim(orderId: OrderId, hash: number, slot: number): number {
    const bucket = this.probe(orderId, hash);
    const table = this.table;
    const found = table[2 * bucket + 1] as number;
    if (found !== NONE) return found;
    table[2 * bucket] = hash;
    table[2 * bucket + 1] = slot;
    this.count += 1;
    if (2 * this.count > this.mask) this.grow();
    return NONE;
  }

  /** Removes the entry of `slot`, whose id hashes to `hash`; it must be there. */
  remove(slot: number, hash: number): void {
    const table = this.table;
    const mask = this.mask;
    let bucket = hash & mask;
    while (table[2 * bucket + 1] !== slot) bucket = (bucket + 1) & mask;
    // Backward shift: every entry behind the hole that may sit in it (its home is not between the
    // hole and itself) moves back, so no tombstones are left and probes stay short.
    let hole = bucket;
    for (let next = (hole + 1) & mask; ; next = (next + 1) & mask) {
      const moving = table[2 * next + 1] as number;
      if (moving === NONE) break;
      const home = (table[2 * next] as number) & mask;
      if (((next - home) & mask) >= ((next - hole) & mask)) {
        table[2 * hole] = table[2 * next] as number;
        table[2 * hole + 1] = moving;
        hole = next;
      }
    }
    table[2 * hole + 1] = NONE;
    this.count -= 1;
  }

  /** The bucket holding `orderId`, or the empty bucket where it would go. */
  private probe(orderId: OrderId, hash: number): number {
    const table = this.table;
    const mask = this.mask;
    const refs = this.slots.refs;
    for (let bucket = hash & mask; ; bucket = (bucket + 1) & mask) {
      const slot = table[2 * bucket + 1] as number;
      if (slot === NONE) return bucket;
      if (table[2 * bucket] === hash) {
        const id = refs[2 * slot];
        if (id === orderId || (id !== id && orderId !== orderId)) return bucket;
      }
    }
  }

  /** Doubles the buckets and puts every entry back from its stored hash. */
  private grow(): void {
    const old = this.table;
    const table = new Int32Array(2 * old.length).fill(NONE);
    const mask = old.length - 1;
    for (let i = 0; i < old.length; i += 2) {
      const slot = old[i + 1] as number;
      if (slot === NONE) continue;
      const hash = old[i] as number;
      let bucket = hash & mask;
      while (table[2 * bucket + 1] !== NONE) bucket = (bucket + 1) & mask;
      table[2 * bucket] = hash;
      table[2 * bucket + 1] = slot;
    }
    this.table = table;
    this.mask = mask;
  }
}
