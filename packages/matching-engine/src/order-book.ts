// One market's order book: price-time priority matching of limit (GTC, IOC, FOK, post-only) and
// market orders, cancel, and self-trade prevention. Pure and deterministic: commands in, events out
// through the sink, no I/O and no clock. Single-threaded by design: one runner per market calls it.
//
// Self-trade prevention cancels the resting order (expire maker): when a taker reaches an order of
// its own owner, that resting order is cancelled with reason `self_trade` and the taker goes on
// matching behind it. The newest instruction wins and the taker still reaches other owners' orders.
import { BookSide, RestingOrder, Taker, type Level } from './book-side.ts';
import { Emitter } from './emitter.ts';
import { sideDepth, verifyBook } from './inspect.ts';
import { validatePlace, type BookRules } from './validate.ts';
import type { Depth, EventSink, OpenOrder, OrderId, PlaceCommand } from './types.ts';

export interface OrderBookOptions {
  sink: EventSink;
  /** A dark book: limit orders only, each at least `minNotionalTickLots` when placed, no depth. */
  hidden?: boolean;
  /** Minimum priceTicks × qtyLots of a new order in a hidden book. */
  minNotionalTickLots?: number;
}

export class OrderBook {
  readonly hidden: boolean;
  private readonly rules: BookRules;
  private readonly bids = new BookSide('buy');
  private readonly asks = new BookSide('sell');
  /** Open orders by id; a Map keeps insertion order, which is the orders' arrival order. */
  private readonly orders = new Map<OrderId, RestingOrder>();
  private readonly freeOrders: RestingOrder[] = [];
  private readonly taker = new Taker();
  private readonly emit: Emitter;

  constructor(options: OrderBookOptions) {
    const minNotionalTickLots = options.minNotionalTickLots ?? 0;
    if (!Number.isSafeInteger(minNotionalTickLots) || minNotionalTickLots < 0) {
      throw new Error('minNotionalTickLots must be a non-negative safe integer');
    }
    this.hidden = options.hidden ?? false;
    this.rules = { hidden: this.hidden, minNotionalTickLots };
    this.emit = new Emitter(options.sink);
  }

  /** How many orders rest in the book. */
  get openOrderCount(): number {
    return this.orders.size;
  }

  has(orderId: OrderId): boolean {
    return this.orders.has(orderId);
  }

  bestBidTicks(): number | undefined {
    return this.bids.best()?.priceTicks;
  }

  bestAskTicks(): number | undefined {
    return this.asks.best()?.priceTicks;
  }

  place(command: PlaceCommand): void {
    const emit = this.emit;
    let reason = validatePlace(command, this.rules);
    if (reason === null && this.orders.has(command.orderId)) reason = 'order_id_must_be_unique';
    if (reason !== null) {
      emit.rejected(command.orderId, reason);
      return;
    }
    emit.accepted(command.orderId, command.owner);
    const taker = this.loadTaker(command);
    const opposite = taker.side === 'buy' ? this.asks : this.bids;
    if (command.type === 'limit') {
      if (command.postOnly === true && opposite.crosses(taker.limitPriceTicks)) {
        emit.cancelled(taker, 'post_only_would_cross');
        return;
      }
      if (command.timeInForce === 'FOK' && !this.canFillWhole(opposite, taker)) {
        emit.cancelled(taker, 'fok_unfillable');
        return;
      }
    }
    this.match(opposite, taker);
    this.finish(command, taker);
  }

  /** Cancels an open order at the owner's request; returns false (and emits `rejected`) when it is not open. */
  cancel(orderId: OrderId): boolean {
    const order = this.orders.get(orderId);
    if (order === undefined) {
      this.emit.rejected(orderId, 'order_must_be_open');
      return false;
    }
    this.cancelResting(order, 'user');
    return true;
  }

  /** Aggregated depth, best prices first, at most `levels` per side. A hidden book has none. */
  depth(levels = Number.POSITIVE_INFINITY): Depth {
    if (this.hidden) throw new Error('a hidden (dark) book has no public depth');
    return { bids: sideDepth(this.bids, levels), asks: sideDepth(this.asks, levels) };
  }

  /** The open orders in arrival order; `restore` of this list rebuilds an identical book. */
  openOrders(): OpenOrder[] {
    const list: OpenOrder[] = [];
    for (const order of this.orders.values()) {
      const { orderId, owner, side, priceTicks, remainingLots } = order;
      list.push({ orderId, owner, side, priceTicks, remainingLots });
    }
    return list;
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
      if (this.orders.has(open.orderId)) throw new Error(`order ${open.orderId} appears twice`);
      const order = this.takeNode();
      order.orderId = open.orderId;
      order.owner = open.owner;
      order.side = open.side;
      order.priceTicks = open.priceTicks;
      order.remainingLots = open.remainingLots;
      this.rest(order);
    }
    const bid = this.bestBidTicks();
    const ask = this.bestAskTicks();
    if (bid !== undefined && ask !== undefined && bid >= ask) {
      throw new Error(`restored book is crossed: best bid ${bid} >= best ask ${ask}`);
    }
  }

  /** Checks every structural invariant; throws on the first broken one. O(n): for tests and audits. */
  verify(): void {
    verifyBook(this.bids, this.asks, this.orders);
  }

  private loadTaker(command: PlaceCommand): Taker {
    const taker = this.taker;
    taker.orderId = command.orderId;
    taker.owner = command.owner;
    taker.side = command.side;
    taker.limitPriceTicks = command.type === 'limit' ? (command.priceTicks as number) : Number.NaN;
    taker.hasBudget = command.budgetTickLots !== undefined;
    taker.budgetLeftTickLots = command.budgetTickLots ?? 0;
    taker.budgetExhausted = false;
    taker.remainingLots = taker.hasBudget ? Number.MAX_SAFE_INTEGER : (command.qtyLots as number);
    return taker;
  }

  private match(opposite: BookSide, taker: Taker): void {
    const emit = this.emit;
    while (taker.remainingLots > 0) {
      const level = opposite.best();
      if (level === undefined) return;
      const price = level.priceTicks;
      if (!taker.reaches(price)) return;
      const maker = level.head as RestingOrder;
      if (maker.owner === taker.owner) {
        this.cancelResting(maker, 'self_trade');
        continue;
      }
      let qty = taker.remainingLots < maker.remainingLots ? taker.remainingLots : maker.remainingLots;
      if (taker.hasBudget) {
        const affordable = Math.floor(taker.budgetLeftTickLots / price);
        if (affordable === 0) {
          taker.budgetExhausted = true;
          return;
        }
        if (affordable < qty) qty = affordable;
        taker.budgetLeftTickLots -= qty * price;
      }
      maker.remainingLots -= qty;
      level.totalLots -= qty;
      taker.remainingLots -= qty;
      emit.fill(maker, taker, qty);
      if (maker.remainingLots === 0) {
        opposite.remove(maker);
        this.orders.delete(maker.orderId);
        emit.done(maker.orderId, maker.owner);
        this.freeOrders.push(maker);
      }
    }
  }

  /** FOK: is there enough crossing quantity from other owners? Stops as soon as there is. */
  private canFillWhole(opposite: BookSide, taker: Taker): boolean {
    const levels = opposite.levels;
    const wanted = taker.remainingLots;
    // Cheap first pass on level totals: refuses without visiting a single order.
    let crossingLots = 0;
    for (let i = levels.length - 1; i >= 0 && crossingLots < wanted; i -= 1) {
      const level = levels[i] as Level;
      if (!taker.reaches(level.priceTicks)) break;
      crossingLots += level.totalLots;
    }
    if (crossingLots < wanted) return false;
    // Enough in aggregate; the taker's own orders do not count (they would be cancelled, not filled).
    let found = 0;
    for (let i = levels.length - 1; i >= 0; i -= 1) {
      const level = levels[i] as Level;
      if (!taker.reaches(level.priceTicks)) return false;
      for (let order = level.head; order !== null; order = order.next) {
        if (order.owner === taker.owner) continue;
        found += order.remainingLots;
        if (found >= wanted) return true;
      }
    }
    return false;
  }

  private finish(command: PlaceCommand, taker: Taker): void {
    const emit = this.emit;
    if (taker.hasBudget) {
      // A budget order has no quantity of its own; its unspent budget is budget − Σ fills.
      taker.remainingLots = 0;
      if (taker.budgetExhausted || taker.budgetLeftTickLots === 0) emit.done(taker.orderId, taker.owner);
      else emit.cancelled(taker, 'market_no_liquidity');
    } else if (taker.remainingLots === 0) {
      emit.done(taker.orderId, taker.owner);
    } else if (command.type === 'market') {
      emit.cancelled(taker, 'market_no_liquidity');
    } else if (command.timeInForce === 'IOC' || command.timeInForce === 'FOK') {
      // A FOK that passed canFillWhole is always filled; reaching here with a FOK is a bug.
      if (command.timeInForce === 'FOK') throw new Error(`FOK order ${taker.orderId} left a remainder`);
      emit.cancelled(taker, 'ioc_remainder');
    } else {
      const order = this.takeNode();
      order.orderId = taker.orderId;
      order.owner = taker.owner;
      order.side = taker.side;
      order.priceTicks = taker.limitPriceTicks;
      order.remainingLots = taker.remainingLots;
      this.rest(order);
      emit.rested(order);
    }
  }

  private rest(order: RestingOrder): void {
    (order.side === 'buy' ? this.bids : this.asks).append(order);
    this.orders.set(order.orderId, order);
  }

  private cancelResting(order: RestingOrder, reason: 'user' | 'self_trade'): void {
    (order.side === 'buy' ? this.bids : this.asks).remove(order);
    this.orders.delete(order.orderId);
    this.emit.cancelled(order, reason);
    this.freeOrders.push(order);
  }

  private takeNode(): RestingOrder {
    return this.freeOrders.pop() ?? new RestingOrder();
  }
}
