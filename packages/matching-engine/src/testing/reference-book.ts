// A deliberately naive order book for the property tests: a flat array of orders that is filtered
// and sorted again for every fill. Slow and obviously right; the real book must emit exactly the
// same events. It shares only the command validation (tested on its own) with the engine.
import { validatePlace, type BookRules } from '../validate.ts';
import type { EngineEvent, OpenOrder, OrderId, PlaceCommand } from '../types.ts';

interface ModelOrder extends OpenOrder {
  seq: number;
}

export class ReferenceBook {
  readonly events: EngineEvent[] = [];
  private orders: ModelOrder[] = [];
  private seq = 0;
  private readonly rules: BookRules;

  constructor(rules: BookRules = { hidden: false, minNotionalTickLots: 0 }) {
    this.rules = rules;
  }

  openOrders(): OpenOrder[] {
    return [...this.orders]
      .sort((a, b) => a.seq - b.seq)
      .map(({ orderId, owner, side, priceTicks, remainingLots }) => ({
        orderId,
        owner,
        side,
        priceTicks,
        remainingLots,
      }));
  }

  restore(orders: readonly OpenOrder[]): void {
    for (const order of orders) this.orders.push({ ...order, seq: (this.seq += 1) });
  }

  cancel(orderId: OrderId): void {
    const order = this.orders.find((candidate) => candidate.orderId === orderId);
    if (order === undefined) {
      this.events.push({ type: 'rejected', orderId, reason: 'order_must_be_open' });
      return;
    }
    this.drop(order);
    this.events.push({
      type: 'cancelled',
      orderId,
      owner: order.owner,
      remainingLots: order.remainingLots,
      reason: 'user',
    });
  }

  place(command: PlaceCommand): void {
    const { orderId, owner } = command;
    const reason = validatePlace(command, this.rules) ?? this.darkBuyRefusal(command);
    if (reason !== null || this.orders.some((order) => order.orderId === orderId)) {
      this.events.push({ type: 'rejected', orderId, reason: reason ?? 'order_id_must_be_unique' });
      return;
    }
    this.events.push({ type: 'accepted', orderId, owner });
    const qtyLots = command.qtyLots ?? 0;
    if (command.postOnly === true && this.crossing(command).length > 0) {
      this.events.push({ type: 'cancelled', orderId, owner, remainingLots: qtyLots, reason: 'post_only_would_cross' });
      return;
    }
    if (command.timeInForce === 'FOK') {
      const available = this.crossing(command)
        .filter((order) => order.owner !== owner)
        .reduce((sum, order) => sum + order.remainingLots, 0);
      if (available < qtyLots) {
        this.events.push({ type: 'cancelled', orderId, owner, remainingLots: qtyLots, reason: 'fok_unfillable' });
        return;
      }
    }
    this.matchAndFinish(command);
  }

  /**
   * A dark buy is valued as it would trade: the crossing asks (its owner's too) at their prices for
   * the lots it takes, the rest at its limit.
   */
  private darkBuyRefusal(command: PlaceCommand): 'notional_must_reach_dark_pool_minimum' | null {
    if (!this.rules.hidden || command.side !== 'buy') return null;
    let left = command.qtyLots as number;
    let value = 0;
    for (const ask of this.crossing(command)) {
      const taken = Math.min(left, ask.remainingLots);
      value += taken * ask.priceTicks;
      left -= taken;
    }
    value += left * (command.priceTicks as number);
    return value < this.rules.minNotionalTickLots ? 'notional_must_reach_dark_pool_minimum' : null;
  }

  /** Orders the command would trade with, best price first, then oldest first. */
  private crossing(command: PlaceCommand): ModelOrder[] {
    const buy = command.side === 'buy';
    const limit = command.priceTicks;
    return this.orders
      .filter((order) => order.side !== command.side)
      .filter((order) => limit === undefined || (buy ? order.priceTicks <= limit : order.priceTicks >= limit))
      .sort((a, b) => (buy ? a.priceTicks - b.priceTicks : b.priceTicks - a.priceTicks) || a.seq - b.seq);
  }

  private matchAndFinish(command: PlaceCommand): void {
    const { orderId, owner } = command;
    const budget = command.budgetTickLots;
    let remaining = command.qtyLots ?? Number.POSITIVE_INFINITY;
    let budgetLeft = budget ?? Number.POSITIVE_INFINITY;
    let outOfBudget = false;
    for (;;) {
      const maker = this.crossing(command)[0];
      if (maker === undefined || remaining === 0) break;
      if (maker.owner === owner) {
        this.drop(maker);
        this.events.push({
          type: 'cancelled',
          orderId: maker.orderId,
          owner,
          remainingLots: maker.remainingLots,
          reason: 'self_trade',
        });
        continue;
      }
      const qty = Math.min(remaining, maker.remainingLots, Math.floor(budgetLeft / maker.priceTicks));
      if (qty === 0) {
        outOfBudget = true;
        break;
      }
      remaining -= qty;
      budgetLeft -= qty * maker.priceTicks;
      maker.remainingLots -= qty;
      this.events.push({
        type: 'fill',
        makerOrderId: maker.orderId,
        takerOrderId: orderId,
        makerOwner: maker.owner,
        takerOwner: owner,
        takerSide: command.side,
        priceTicks: maker.priceTicks,
        qtyLots: qty,
        makerRemainingLots: maker.remainingLots,
        takerRemainingLots: budget === undefined ? remaining : 0,
      });
      if (maker.remainingLots === 0) {
        this.drop(maker);
        this.events.push({ type: 'done', orderId: maker.orderId, owner: maker.owner });
      }
    }
    this.finish(command, { remaining, done: budget === undefined ? remaining === 0 : outOfBudget || budgetLeft === 0 });
  }

  private finish(command: PlaceCommand, outcome: { remaining: number; done: boolean }): void {
    const { orderId, owner } = command;
    const remainingLots = command.budgetTickLots === undefined ? outcome.remaining : 0;
    if (outcome.done) {
      this.events.push({ type: 'done', orderId, owner });
    } else if (command.type === 'market') {
      this.events.push({ type: 'cancelled', orderId, owner, remainingLots, reason: 'market_no_liquidity' });
    } else if (command.timeInForce === 'IOC') {
      this.events.push({ type: 'cancelled', orderId, owner, remainingLots, reason: 'ioc_remainder' });
    } else {
      const priceTicks = command.priceTicks as number;
      this.orders.push({ orderId, owner, side: command.side, priceTicks, remainingLots, seq: (this.seq += 1) });
      this.events.push({ type: 'rested', orderId, owner, side: command.side, priceTicks, remainingLots });
    }
  }

  private drop(order: ModelOrder): void {
    this.orders = this.orders.filter((candidate) => candidate !== order);
  }
}
