// Writes events into one reused object per event type and hands it to the sink, so an operation
// allocates nothing for its events. Sinks copy what they keep (see `collectEvents`).
import type {
  AcceptedEvent,
  CancelReason,
  CancelledEvent,
  DoneEvent,
  EngineEvent,
  EventSink,
  FillEvent,
  OrderId,
  OwnerId,
  RejectReason,
  RejectedEvent,
  RestedEvent,
} from './types.ts';
import { BUY, NUMS, REMAINING, type OrderSlots } from './order-slots.ts';
import type { Taker } from './taker.ts';

export class Emitter {
  private readonly sink: EventSink;
  private readonly acceptedEvent: AcceptedEvent = { type: 'accepted', orderId: 0, owner: 0 };
  private readonly rejectedEvent: RejectedEvent = { type: 'rejected', orderId: 0, reason: 'order_must_be_open' };
  private readonly restedEvent: RestedEvent = {
    type: 'rested',
    orderId: 0,
    owner: 0,
    side: 'buy',
    priceTicks: 0,
    remainingLots: 0,
  };
  private readonly cancelledEvent: CancelledEvent = {
    type: 'cancelled',
    orderId: 0,
    owner: 0,
    remainingLots: 0,
    reason: 'user',
  };
  private readonly doneEvent: DoneEvent = { type: 'done', orderId: 0, owner: 0 };
  private readonly fillEvent: FillEvent = {
    type: 'fill',
    makerOrderId: 0,
    takerOrderId: 0,
    makerOwner: 0,
    takerOwner: 0,
    takerSide: 'buy',
    priceTicks: 0,
    qtyLots: 0,
    makerRemainingLots: 0,
    takerRemainingLots: 0,
  };

  private readonly slots: OrderSlots;

  constructor(sink: EventSink, slots: OrderSlots) {
    this.sink = sink;
    this.slots = slots;
  }

  accepted(orderId: OrderId, owner: OwnerId): void {
    const event = this.acceptedEvent;
    event.orderId = orderId;
    event.owner = owner;
    this.sink(event);
  }

  rejected(orderId: OrderId, reason: RejectReason): void {
    const event = this.rejectedEvent;
    event.orderId = orderId;
    event.reason = reason;
    this.sink(event);
  }

  /** The order resting in `slot`, at `priceTicks`. */
  rested(slot: number, priceTicks: number): void {
    const { nums, refs } = this.slots;
    const event = this.restedEvent;
    event.orderId = refs[2 * slot] as OrderId;
    event.owner = refs[2 * slot + 1] as OwnerId;
    event.side = this.slots.side(slot) === BUY ? 'buy' : 'sell';
    event.priceTicks = priceTicks;
    event.remainingLots = nums[slot * NUMS + REMAINING] as number;
    this.sink(event);
  }

  /** A resting order, in `slot`: its remaining lots are the lots that will never fill. */
  cancelledResting(slot: number, reason: CancelReason): void {
    const refs = this.slots.refs;
    this.cancelled(refs[2 * slot] as OrderId, refs[2 * slot + 1] as OwnerId, this.slots.remaining(slot), reason);
  }

  /** The taker's remainingLots are the lots that will never fill. */
  cancelledTaker(taker: Taker, reason: CancelReason): void {
    this.cancelled(taker.orderId, taker.owner, taker.remainingLots, reason);
  }

  private cancelled(orderId: OrderId, owner: OwnerId, remainingLots: number, reason: CancelReason): void {
    const event = this.cancelledEvent;
    event.orderId = orderId;
    event.owner = owner;
    event.remainingLots = remainingLots;
    event.reason = reason;
    this.sink(event);
  }

  done(orderId: OrderId, owner: OwnerId): void {
    const event = this.doneEvent;
    event.orderId = orderId;
    event.owner = owner;
    this.sink(event);
  }

  /** Called after both orders' remaining quantities were reduced by `qtyLots`; the maker rests in `maker` at `priceTicks`. */
  fill(maker: number, taker: Taker, qtyLots: number, priceTicks: number): void {
    const { nums, refs } = this.slots;
    const event = this.fillEvent;
    event.makerOrderId = refs[2 * maker] as OrderId;
    event.takerOrderId = taker.orderId;
    event.makerOwner = refs[2 * maker + 1] as OwnerId;
    event.takerOwner = taker.owner;
    event.takerSide = taker.side;
    event.priceTicks = priceTicks;
    event.qtyLots = qtyLots;
    event.makerRemainingLots = nums[maker * NUMS + REMAINING] as number;
    event.takerRemainingLots = taker.hasBudget ? 0 : taker.remainingLots;
    this.sink(event);
  }
}

/** A sink that copies every event into an array: for tests, tools and anything off the hot path. */
export function collectEvents(): { sink: EventSink; events: EngineEvent[] } {
  const events: EngineEvent[] = [];
  return { sink: (event) => events.push({ ...event }), events };
}
