// One batch of a market runner: the engine's events for the commands of the batch, turned into what
// the batch commits in one transaction: ledger operations (holds, the two legs of every fill, voids
// of what orders no longer need, fees), fill rows and the orders whose rows change.
//
// Fees: a buyer pays its fee in the base asset it receives, a seller in the quote asset it receives,
// each at its own order's venue rate for its role (maker or taker), rounded up. So a hold never needs
// a fee reserve: a buy holds exactly the quote it may spend, a sell exactly the base it may sell.
import type { CancelledEvent, DoneEvent, FillEvent, RestedEvent } from '@rora/matching-engine';
import type { LedgerOp } from '@rora/ledger';
import { FEE_ROUNDING, applyBps, type AssetSymbol } from '@rora/money';
import { notionalOf, priceOfTicks, quantityOfLots, type Market } from '../markets/index.ts';
import { holdRemaining, restingStatus, type FillRecord, type OrderState } from './order-state.ts';
import { orderedId } from '../../lib/ordered-id.ts';

export interface BatchDependencies {
  market: Market;
  /** The runner's open orders; the batch adds and removes as orders rest and close. */
  open: Map<string, OrderState>;
  now: Date;
  nextTradeSeq: () => bigint;
  /** Available balances read before the batch, by `owner|asset`. */
  available: Map<string, bigint>;
}

/** Operations that belong to no one command (fee transfers) carry this command index. */
export const BATCH_LEVEL = -1;

export class Batch {
  readonly ops: LedgerOp[] = [];
  /** The command each op belongs to, to tell which command a ledger refusal concerns. */
  readonly opCommand: number[] = [];
  /** Orders whose row this batch writes, by id. */
  readonly touched = new Map<string, OrderState>();
  /** Ids of the orders this batch inserts. */
  readonly created = new Set<string>();
  readonly fills: FillRecord[] = [];
  /**
   * What the batch does to customers' available balances (`owner|asset`) once it commits: holds and
   * fees out, fills' proceeds and voided holds back in. A batch matched while this one commits starts
   * from balances read before it, plus these.
   */
  readonly availableChanges = new Map<string, bigint>();
  commandIndex = 0;
  private readonly fees = new Map<string, { owner: string; asset: AssetSymbol; amount: bigint }>();

  constructor(private readonly deps: BatchDependencies) {}

  get market(): Market {
    return this.deps.market;
  }

  /** The time the batch runs at: every order and fill of it carries it. */
  get now(): Date {
    return this.deps.now;
  }

  private change(owner: string, asset: string, amount: bigint): void {
    const key = `${owner}|${asset}`;
    this.availableChanges.set(key, (this.availableChanges.get(key) ?? 0n) + amount);
  }

  private push(op: LedgerOp, command = this.commandIndex): void {
    this.ops.push(op);
    this.opCommand.push(command);
  }

  private find(orderId: string): OrderState {
    const order = this.touched.get(orderId) ?? this.deps.open.get(orderId);
    if (!order) throw new Error(`order ${orderId} is in the engine but not in the runner`);
    return order;
  }

  /** Reserves `amount` of the owner's available balance as seen before the batch; false if short. */
  reserve(owner: string, asset: string, amount: bigint): boolean {
    const key = `${owner}|${asset}`;
    const available = this.deps.available.get(key) ?? 0n;
    if (available < amount) return false;
    this.deps.available.set(key, available - amount);
    return true;
  }

  /** Gives back a reservation whose order the engine refused (it wrote no hold). */
  unreserve(owner: string, asset: string, amount: bigint): void {
    const key = `${owner}|${asset}`;
    this.deps.available.set(key, (this.deps.available.get(key) ?? 0n) + amount);
  }

  /** A new order enters the batch with its hold. */
  admit(order: OrderState): void {
    this.touched.set(order.id, order);
    this.created.add(order.id);
    this.change(order.userId, order.holdAsset, -order.holdAmount);
    this.push({
      op: 'hold',
      id: order.id,
      owner: order.userId,
      asset: order.holdAsset as AssetSymbol,
      amount: order.holdAmount,
      code: 'order_hold',
      metadata: { pair: order.pair },
    });
  }

  fill(event: FillEvent): void {
    const { market, now } = this.deps;
    const maker = this.find(String(event.makerOrderId));
    const taker = this.find(String(event.takerOrderId));
    const quantity = quantityOfLots(market, event.qtyLots);
    const notional = notionalOf(market, event.priceTicks, event.qtyLots);
    const [buyer, seller] = event.takerSide === 'buy' ? [taker, maker] : [maker, taker];
    const buyerFee = applyBps(quantity, buyer === taker ? buyer.takerFeeBps : buyer.makerFeeBps, FEE_ROUNDING);
    const sellerFee = applyBps(notional, seller === taker ? seller.takerFeeBps : seller.makerFeeBps, FEE_ROUNDING);
    const fillId = orderedId();
    const metadata = { fill: fillId };
    this.push({
      op: 'post',
      id: orderedId(),
      holdId: buyer.id,
      credit: { owner: seller.userId, kind: 'available' },
      amount: notional,
      code: 'trade',
      metadata,
    });
    this.push({
      op: 'post',
      id: orderedId(),
      holdId: seller.id,
      credit: { owner: buyer.userId, kind: 'available' },
      amount: quantity,
      code: 'trade',
      metadata,
    });
    this.change(seller.userId, market.quote, notional);
    this.change(buyer.userId, market.base, quantity);
    this.addFee(buyer.userId, market.base, buyerFee);
    this.addFee(seller.userId, market.quote, sellerFee);
    for (const [order, fee] of [
      [buyer, buyerFee],
      [seller, sellerFee],
    ] as const) {
      order.filledQuantity += quantity;
      order.filledNotional += notional;
      order.feePaid += fee;
      order.updatedAt = now;
      this.touched.set(order.id, order);
    }
    if (event.makerRemainingLots > 0) maker.status = restingStatus(maker);
    this.fills.push({
      id: fillId,
      pair: market.symbol,
      book: taker.book,
      venue: taker.venue,
      seq: this.deps.nextTradeSeq(),
      makerOrderId: maker.id,
      takerOrderId: taker.id,
      makerUserId: maker.userId,
      takerUserId: taker.userId,
      takerSide: event.takerSide,
      price: priceOfTicks(market, event.priceTicks),
      quantity,
      notional,
      makerFee: maker === buyer ? buyerFee : sellerFee,
      takerFee: taker === buyer ? buyerFee : sellerFee,
      createdAt: now,
    });
  }

  rested(event: RestedEvent): void {
    const order = this.find(String(event.orderId));
    order.status = restingStatus(order);
    this.deps.open.set(order.id, order);
  }

  cancelled(event: CancelledEvent): void {
    this.close(this.find(String(event.orderId)), 'cancelled', event.reason);
  }

  done(event: DoneEvent): void {
    this.close(this.find(String(event.orderId)), 'filled', null);
  }

  private close(order: OrderState, status: 'filled' | 'cancelled', reason: string | null): void {
    order.status = status;
    order.cancelReason = reason;
    order.closedAt = this.deps.now;
    order.updatedAt = this.deps.now;
    const remaining = holdRemaining(order);
    if (remaining > 0n) {
      this.push({ op: 'void', holdId: order.id, metadata: { reason: status } });
      this.change(order.userId, order.holdAsset, remaining);
    }
    this.deps.open.delete(order.id);
    this.touched.set(order.id, order);
  }

  private addFee(owner: string, asset: AssetSymbol, amount: bigint): void {
    if (amount === 0n) return;
    const key = `${owner}|${asset}`;
    const entry = this.fees.get(key) ?? { owner, asset, amount: 0n };
    entry.amount += amount;
    this.fees.set(key, entry);
  }

  /** The fee transfers, one per payer and asset, after every leg that credited what they pay from. */
  finish(): void {
    for (const { owner, asset, amount } of this.fees.values()) {
      this.change(owner, asset, -amount);
      this.push(
        {
          op: 'transfer',
          id: orderedId(),
          asset,
          debit: { owner, kind: 'available' },
          credit: { system: 'fees' },
          amount,
          code: 'trade_fee',
          metadata: { pair: this.deps.market.symbol },
        },
        BATCH_LEVEL,
      );
    }
  }

  /** Fills of one order in this batch. */
  fillsOf(orderId: string): FillRecord[] {
    return this.fills.filter((fill) => fill.takerOrderId === orderId || fill.makerOrderId === orderId);
  }
}
