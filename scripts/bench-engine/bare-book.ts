// The speed of light for `npm run bench:engine`: a bare price-time book with its orders in typed
// arrays and price levels as a dense array over the workload's price range. It does only what a
// book of the product must: orders named by the product's string ids (a Map to their slots) and
// every fill reported to a callback. Nothing more: no validation, no other events, no self-trade
// prevention, no prices outside the range, no rebuild. So Rora's engine is measured against the
// cost of matching itself. The harness checks it agrees with both engines on every result.

const NONE = -1;

export class BareBook {
  private readonly qty: Int32Array;
  private readonly price: Int32Array;
  private readonly next: Int32Array;
  private readonly prev: Int32Array;
  private readonly buy: Uint8Array;
  /** Per price level (price − low) and side: the first and last order in time. */
  private readonly head: [Int32Array, Int32Array];
  private readonly tail: [Int32Array, Int32Array];
  /** Slots of open orders by id; free slots for reuse. */
  private readonly slots = new Map<string, number>();
  private readonly ids: string[];
  private readonly free: number[] = [];
  /** Level indexes of the best bid (−1: none) and best ask (span: none). */
  private bestBid = NONE;
  private bestAsk: number;

  constructor(
    capacity: number,
    private readonly range: { low: number; span: number },
    private readonly onFill: (makerId: string, qty: number, price: number) => void,
  ) {
    this.ids = new Array<string>(capacity);
    for (let slot = capacity - 1; slot >= 0; slot -= 1) this.free.push(slot);
    [this.qty, this.price, this.next, this.prev] = [0, 0, 0, 0].map(() => new Int32Array(capacity)) as [
      Int32Array,
      Int32Array,
      Int32Array,
      Int32Array,
    ];
    this.buy = new Uint8Array(capacity);
    const span = range.span;
    this.head = [new Int32Array(span).fill(NONE), new Int32Array(span).fill(NONE)];
    this.tail = [new Int32Array(span).fill(NONE), new Int32Array(span).fill(NONE)];
    this.bestAsk = span;
  }

  /** A limit order: matches what crosses, rests the rest; returns the lots traded. */
  limit(id: string, buy: boolean, price: number, qty: number): number {
    const level = price - this.range.low;
    const left = this.match(buy, qty, level);
    if (left > 0) this.rest(id, buy, level, left);
    return qty - left;
  }

  /** A market order: returns the lots traded. */
  market(buy: boolean, qty: number): number {
    return qty - this.match(buy, qty, buy ? this.range.span - 1 : 0);
  }

  cancel(id: string): boolean {
    const slot = this.slots.get(id);
    if (slot === undefined) return false;
    this.unlink(slot);
    return true;
  }

  /** Takes from the other side up to `limitLevel`; returns the lots left. */
  private match(buy: boolean, qty: number, limitLevel: number): number {
    const side = buy ? 1 : 0;
    const heads = this.head[side]!;
    while (qty > 0) {
      const level = buy ? this.bestAsk : this.bestBid;
      if (buy ? level >= this.range.span || level > limitLevel : level < 0 || level < limitLevel) break;
      const maker = heads[level]!;
      const take = qty < this.qty[maker]! ? qty : this.qty[maker]!;
      qty -= take;
      this.qty[maker]! -= take;
      this.onFill(this.ids[maker]!, take, level + this.range.low);
      if (this.qty[maker] === 0) this.unlink(maker);
    }
    return qty;
  }

  private rest(orderId: string, buy: boolean, level: number, qty: number): void {
    const id = this.free.pop()!;
    this.slots.set(orderId, id);
    this.ids[id] = orderId;
    const side = buy ? 0 : 1;
    const tail = this.tail[side]![level]!;
    [this.qty[id], this.price[id], this.buy[id]] = [qty, level, buy ? 1 : 0];
    this.prev[id] = tail;
    this.next[id] = NONE;
    if (tail === NONE) this.head[side]![level] = id;
    else this.next[tail] = id;
    this.tail[side]![level] = id;
    if (buy && level > this.bestBid) this.bestBid = level;
    if (!buy && level < this.bestAsk) this.bestAsk = level;
  }

  private unlink(id: number): void {
    const side = this.buy[id] === 1 ? 0 : 1;
    const level = this.price[id]!;
    const [prev, next] = [this.prev[id]!, this.next[id]!];
    if (prev === NONE) this.head[side]![level] = next;
    else this.next[prev] = next;
    if (next === NONE) this.tail[side]![level] = prev;
    else this.prev[next] = prev;
    this.slots.delete(this.ids[id]!);
    this.free.push(id);
    if (this.head[side]![level] !== NONE) return;
    const heads = this.head[side]!;
    if (side === 0 && level === this.bestBid) {
      let best = level - 1;
      while (best >= 0 && heads[best] === NONE) best -= 1;
      this.bestBid = best;
    } else if (side === 1 && level === this.bestAsk) {
      let best = level + 1;
      while (best < this.range.span && heads[best] === NONE) best += 1;
      this.bestAsk = best;
    }
  }
}
