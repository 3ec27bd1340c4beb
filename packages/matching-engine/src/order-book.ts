// One market's order book: price-time priority matching of limit (GTC, IOC, FOK, post-only) and
// market orders, cancel, and self-trade prevention. Pure and deterministic: commands in, events out
// through the sink, no I/O and no clock. Single-threaded by design: one runner per market calls it.
//
// Self-trade prevention cancels the resting order (expire maker): when a taker reaches an order of
// its own owner, that resting order is cancelled with reason `self_trade` and the taker goes on
// matching behind it. The newest instruction wins and the taker still reaches other owners' orders.
import { BookSide } from './book-side.ts';
import { Emitter } from './emitter.ts';
import { sideDepth, verifyBook } from './inspect.ts';
import { hashId, IdIndex } from './id-index.ts';
import { BUY, HASH, LINKS, NEXT, NONE, NUMS, OrderSlots, REMAINING, SELL, SEQ } from './order-slots.ts';
import { Taker } from './taker.ts';
import { validatePlace, type BookRules } from './validate.ts';
import type { Depth, EventSink, OpenOrder, OrderId, OwnerId, PlaceCommand } from './types.ts';

export interface OrderBookOptions {
  sink: EventSink;
  /** A dark book: limit orders only, each at least `minNotionalTickLots` when placed, no depth. */
  hidden?: boolean;
  /**
   * Minimum value in tick-lots of a new order in a hidden book: a sell at its limit, a buy at the
   * prices it would trade at (the asks it takes now, the rest at its limit).
   */
  minNotionalTickLots?: number;
}

export class OrderBook {
  readonly hidden: boolean;
  private readonly rules: BookRules;
  private readonly slots = new OrderSlots();
  private readonly bids = new BookSide(BUY, this.slots);
  private readonly asks = new BookSide(SELL, this.slots);
  /**
   * The slot of every open order by id. A GTC limit order enters it as it is placed, holding the
   * slot it would rest in (the taker's slot), and leaves it again if it does not rest.
   */
  private readonly orders = new IdIndex(this.slots);
  /** Arrival number of the next order to rest: `openOrders()` lists in this order. */
  private seq = 0;
  private readonly taker = new Taker();
  private readonly emit: Emitter;

  constructor(options: OrderBookOptions) {
    const minNotionalTickLots = options.minNotionalTickLots ?? 0;
    if (!Number.isSafeInteger(minNotionalTickLots) || minNotionalTickLots < 0) {
      throw new Error('minNotionalTickLots must be a non-negative safe integer');
    }
    this.hidden = options.hidden ?? false;
    this.rules = { hidden: this.hidden, minNotionalTickLots };
    this.emit = new Emitter(options.sink, this.slots);
  }

  /** How many orders rest in the book. */
  get openOrderCount(): number {
    return this.orders.size - (this.taker.slot === NONE ? 0 : 1);
  }

  has(orderId: OrderId): boolean {
    const slot = this.orders.get(orderId, hashId(orderId));
    return slot !== NONE && slot !== this.taker.slot;
  }

  bestBidTicks(): number | undefined {
    const level = this.bids.best();
    return level === NONE ? undefined : this.bids.price(level);
  }

  bestAskTicks(): number | undefined {
    const level = this.asks.best();
    return level === NONE ? undefined : this.asks.price(level);
  }

  place(command: PlaceCommand): void {
    const emit = this.emit;
    const reason = validatePlace(command, this.rules);
    if (reason !== null) {
      emit.rejected(command.orderId, reason);
      return;
    }
    // validatePlace valued a dark order at its limit: right for a sell, which trades at or above it;
    // a buy trades at the asks' prices, so it is valued again as it would trade. Lit orders skip it.
    if (this.hidden && command.side === 'buy' && !this.darkBuyReachesMinimum(command)) {
      emit.rejected(command.orderId, 'notional_must_reach_dark_pool_minimum');
      return;
    }
    if (!this.claimId(command)) {
      emit.rejected(command.orderId, 'order_id_must_be_unique');
      return;
    }
    emit.accepted(command.orderId, command.owner);
    const taker = this.loadTaker(command);
    const opposite = taker.sideCode === BUY ? this.asks : this.bids;
    if (command.type === 'limit') {
      if (command.postOnly === true && opposite.crosses(taker.limitPriceTicks)) {
        this.dropTaker();
        emit.cancelledTaker(taker, 'post_only_would_cross');
        return;
      }
      if (command.timeInForce === 'FOK' && !this.canFillWhole(opposite, taker)) {
        emit.cancelledTaker(taker, 'fok_unfillable');
        return;
      }
    }
    this.match(opposite, taker);
    this.finish(command, taker);
  }

  /** Cancels an open order at the owner's request; returns false (and emits `rejected`) when it is not open. */
  cancel(orderId: OrderId): boolean {
    const slot = this.orders.get(orderId, hashId(orderId));
    if (slot === NONE || slot === this.taker.slot) {
      this.emit.rejected(orderId, 'order_must_be_open');
      return false;
    }
    this.cancelResting(slot, 'user');
    return true;
  }

  /** Aggregated depth, best prices first, at most `levels` per side. A hidden book has none. */
  depth(levels = Number.POSITIVE_INFINITY): Depth {
    if (this.hidden) throw new Error('a hidden (dark) book has no public depth');
    return { bids: sideDepth(this.bids, levels), asks: sideDepth(this.asks, levels) };
  }

  /** The open orders in arrival order; `restore` of this list rebuilds an identical book. */
  openOrders(): OpenOrder[] {
    const slots = this.slots;
    const resting: number[] = [];
    for (let slot = 0; slot < slots.size; slot += 1) if (slots.resting(slot)) resting.push(slot);
    resting.sort((a, b) => (slots.nums[a * NUMS + SEQ] as number) - (slots.nums[b * NUMS + SEQ] as number));
    return resting.map((slot) => ({
      orderId: slots.orderId(slot),
      owner: slots.owner(slot),
      side: slots.side(slot) === BUY ? 'buy' : 'sell',
      priceTicks: this.sideOf(slot).price(slots.level(slot)),
      remainingLots: slots.remaining(slot),
    }));
  }

  /**
   * Rebuilds an empty book from open orders given in arrival (sequence) order, without matching
   * and without events. Throws on anything a book could not have held: the log would be corrupt.
   */
  restore(orders: readonly OpenOrder[]): void {
    if (this.orders.size > 0) throw new Error('restore needs an empty book');
    for (const open of orders) {
      if (open.side !== 'buy' && open.side !== 'sell') throw new Error(`order ${open.orderId}: bad side`);
      if (!Number.isSafeInteger(open.priceTicks) || open.priceTicks <= 0) {
        throw new Error(`order ${open.orderId}: priceTicks must be a positive safe integer`);
      }
      if (!Number.isSafeInteger(open.remainingLots) || open.remainingLots <= 0) {
        throw new Error(`order ${open.orderId}: remainingLots must be a positive safe integer`);
      }
      const slot = this.slots.take(open.orderId, open.owner);
      const hash = hashId(open.orderId);
      if (this.orders.claim(open.orderId, hash, slot) !== NONE) {
        this.slots.release(slot);
        throw new Error(`order ${open.orderId} appears twice`);
      }
      this.slots.links[slot * LINKS + HASH] = hash;
      this.rest(slot, open.side === 'buy' ? BUY : SELL, open.priceTicks, open.remainingLots);
    }
    const bid = this.bestBidTicks();
    const ask = this.bestAskTicks();
    if (bid !== undefined && ask !== undefined && bid >= ask) {
      throw new Error(`restored book is crossed: best bid ${bid} >= best ask ${ask}`);
    }
  }

  /** Checks every structural invariant; throws on the first broken one. O(n): for tests and audits. */
  verify(): void {
    verifyBook(this.bids, this.asks, this.slots, this.orders);
  }

  /**
   * Refuses an id already open. A GTC limit order, which may rest, takes its slot now and claims its
   * id in the same probe that looks it up; other orders never rest: a lookup.
   */
  private claimId(command: PlaceCommand): boolean {
    const { orderId } = command;
    const hash = hashId(orderId);
    const tif = command.timeInForce;
    if (command.type !== 'limit' || (tif !== undefined && tif !== 'GTC')) {
      return this.orders.get(orderId, hash) === NONE;
    }
    const slot = this.slots.take(orderId, command.owner);
    if (this.orders.claim(orderId, hash, slot) !== NONE) {
      this.slots.release(slot);
      return false;
    }
    this.slots.links[slot * LINKS + HASH] = hash;
    this.taker.slot = slot;
    return true;
  }

  /** The taker leaves the id index and gives its slot back: it will not rest. */
  private dropTaker(): void {
    const taker = this.taker;
    this.unindex(taker.slot);
    this.slots.release(taker.slot);
    taker.slot = NONE;
  }

  private unindex(slot: number): void {
    this.orders.remove(slot, this.slots.links[slot * LINKS + HASH] as number);
  }

  private loadTaker(command: PlaceCommand): Taker {
    const taker = this.taker;
    taker.orderId = command.orderId;
    taker.owner = command.owner;
    taker.side = command.side;
    taker.sideCode = command.side === 'buy' ? BUY : SELL;
    taker.limitPriceTicks = command.type === 'limit' ? (command.priceTicks as number) : Number.NaN;
    taker.hasBudget = command.budgetTickLots !== undefined;
    taker.budgetLeftTickLots = command.budgetTickLots ?? 0;
    taker.budgetExhausted = false;
    taker.remainingLots = taker.hasBudget ? Number.MAX_SAFE_INTEGER : (command.qtyLots as number);
    return taker;
  }

  private match(opposite: BookSide, taker: Taker): void {
    const emit = this.emit;
    // The slots cannot grow while matching: nothing takes a slot.
    const { nums, refs } = this.slots;
    while (taker.remainingLots > 0) {
      const level = opposite.best();
      if (level === NONE) return;
      const price = opposite.price(level);
      if (!taker.reaches(price)) return;
      const maker = opposite.head(level);
      if (refs[2 * maker + 1] === taker.owner) {
        this.cancelResting(maker, 'self_trade');
        continue;
      }
      const makerLots = nums[maker * NUMS + REMAINING] as number;
      let qty = taker.remainingLots < makerLots ? taker.remainingLots : makerLots;
      if (taker.hasBudget) {
        const affordable = Math.floor(taker.budgetLeftTickLots / price);
        if (affordable === 0) {
          taker.budgetExhausted = true;
          return;
        }
        if (affordable < qty) qty = affordable;
        taker.budgetLeftTickLots -= qty * price;
      }
      nums[maker * NUMS + REMAINING] = makerLots - qty;
      opposite.reduce(level, qty);
      taker.remainingLots -= qty;
      emit.fill(maker, taker, qty, price);
      if (makerLots === qty) this.completeMaker(opposite, maker);
    }
  }

  /** A maker filled whole leaves the book. */
  private completeMaker(opposite: BookSide, maker: number): void {
    const refs = this.slots.refs;
    const orderId = refs[2 * maker] as OrderId;
    opposite.remove(maker);
    this.unindex(maker);
    this.emit.done(orderId, refs[2 * maker + 1] as OwnerId);
    this.slots.release(maker);
  }

  /** FOK: is there enough crossing quantity from other owners? Stops as soon as there is. */
  private canFillWhole(opposite: BookSide, taker: Taker): boolean {
    const wanted = taker.remainingLots;
    const levels = opposite.levelCount;
    // Cheap first pass on level totals: refuses without visiting a single order.
    let crossingLots = 0;
    for (let position = 0; position < levels && crossingLots < wanted; position += 1) {
      const level = opposite.levelAt(position);
      if (!taker.reaches(opposite.price(level))) break;
      crossingLots += opposite.totalLots(level);
    }
    if (crossingLots < wanted) return false;
    // Enough in aggregate; the taker's own orders do not count (they would be cancelled, not filled).
    const { nums, links, refs } = this.slots;
    let found = 0;
    for (let position = 0; position < levels; position += 1) {
      const level = opposite.levelAt(position);
      if (!taker.reaches(opposite.price(level))) return false;
      for (let order = opposite.head(level); order !== NONE; order = links[order * LINKS + NEXT] as number) {
        if (refs[2 * order + 1] === taker.owner) continue;
        found += nums[order * NUMS + REMAINING] as number;
        if (found >= wanted) return true;
      }
    }
    return false;
  }

  /**
   * Is a dark buy worth the minimum as it would trade? The lots it takes now from asks at or under
   * its limit count at those asks' prices, the rest at its limit (where it rests and later trades as
   * maker). Without this, a buy at an absurd limit passed the minimum at that limit and filled a few
   * lots at the asks' far lower prices. A walk of level totals, as canFillWhole's first pass: no order
   * is visited, and it stops once the lots still to value cannot bring the value under the minimum.
   *
   * Self-trade: the level totals include the buyer's own asks, which would be cancelled rather than
   * filled; counting them as filled at their (lower) prices only lowers the value, so the check errs
   * towards refusing. A refusal tells the customer that dark asks under their limit exist for part of
   * their amount: a probe we accept, since a probe at an honest limit learns little and a fill would
   * tell more (ADR 0084). Arithmetic is exact: the value never exceeds limit × quantity, which
   * validatePlace checked is a safe integer.
   */
  private darkBuyReachesMinimum(command: PlaceCommand): boolean {
    const minimum = this.rules.minNotionalTickLots;
    const limit = command.priceTicks as number;
    const asks = this.asks;
    const levels = asks.levelCount;
    let value = 0;
    let left = command.qtyLots as number;
    for (let position = 0; position < levels && left > 0; position += 1) {
      const level = asks.levelAt(position);
      const price = asks.price(level);
      if (price > limit) break;
      // Every lot still to value trades at this price or above.
      if (value + left * price >= minimum) return true;
      const total = asks.totalLots(level);
      const taken = total < left ? total : left;
      value += taken * price;
      left -= taken;
    }
    return value + left * limit >= minimum;
  }

  private finish(command: PlaceCommand, taker: Taker): void {
    const emit = this.emit;
    if (taker.slot !== NONE) {
      if (taker.remainingLots > 0) {
        const slot = taker.slot;
        taker.slot = NONE;
        this.rest(slot, taker.sideCode, taker.limitPriceTicks, taker.remainingLots);
        emit.rested(slot, taker.limitPriceTicks);
        return;
      }
      this.dropTaker();
    }
    if (taker.hasBudget) {
      // A budget order has no quantity of its own; its unspent budget is budget − Σ fills.
      taker.remainingLots = 0;
      if (taker.budgetExhausted || taker.budgetLeftTickLots === 0) emit.done(taker.orderId, taker.owner);
      else emit.cancelledTaker(taker, 'market_no_liquidity');
    } else if (taker.remainingLots === 0) {
      emit.done(taker.orderId, taker.owner);
    } else if (command.type === 'market') {
      emit.cancelledTaker(taker, 'market_no_liquidity');
    } else {
      // Only IOC and FOK limit orders get here (GTC ones rested above). A FOK that passed
      // canFillWhole is always filled; reaching here with a FOK is a bug.
      if (command.timeInForce === 'FOK') throw new Error(`FOK order ${taker.orderId} left a remainder`);
      emit.cancelledTaker(taker, 'ioc_remainder');
    }
  }

  /** Puts an order, its slot already in the id index, at the back of its price's queue. */
  private rest(slot: number, side: number, priceTicks: number, remainingLots: number): void {
    const slots = this.slots;
    slots.nums[slot * NUMS + REMAINING] = remainingLots;
    slots.nums[slot * NUMS + SEQ] = this.seq;
    this.seq += 1;
    (side === BUY ? this.bids : this.asks).append(slot, priceTicks);
  }

  private sideOf(slot: number): BookSide {
    return this.slots.side(slot) === BUY ? this.bids : this.asks;
  }

  private cancelResting(slot: number, reason: 'user' | 'self_trade'): void {
    this.sideOf(slot).remove(slot);
    this.unindex(slot);
    this.emit.cancelledResting(slot, reason);
    this.slots.release(slot);
  }
}
