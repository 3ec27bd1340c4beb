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
import type { RestingOrder, Taker } from './book-side.ts';

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

  constructor(sink: EventSink) {
    this.sink = sink;
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

  rested(order: RestingOrder): void {
    const event = this.restedEvent;
    event.orderId = order.orderId;
    event.owner = order.owner;
    event.side = order.side;
    event.priceTicks = order.priceTicks;
    event.remainingLots = order.remainingLots;
    this.sink(event);
  }

  /** The order's remainingLots are the lots that will never fill. */
  cancelled(order: RestingOrder | Taker, reason: CancelReason): void {
    const event = this.cancelledEvent;
    event.orderId = order.orderId;
    event.owner = order.owner;
    event.remainingLots = order.remainingLots;
    event.reason = reason;
    this.sink(event);
  }

  done(orderId: OrderId, owner: OwnerId): void {
    const event = this.doneEvent;
    event.orderId = orderId;
    event.owner = owner;
    this.sink(event);
  }

  /** Called after both orders' remaining quantities were reduced by `qtyLots`. */
  fill(maker: RestingOrder, taker: Taker, qtyLots: number): void {
    const event = this.fillEvent;
    event.makerOrderId = maker.orderId;
    event.takerOrderId = taker.orderId;
    event.makerOwner = maker.owner;
    event.takerOwner = taker.owner;
    event.takerSide = taker.side;
    event.priceTicks = maker.priceTicks;
    event.qtyLots = qtyLots;
    event.makerRemainingLots = maker.remainingLots;
    event.takerRemainingLots = taker.hasBudget ? 0 : taker.remainingLots;
    this.sink(event);
  }
}

/** A sink that copies every event into an array: for tests, tools and anything off the hot path. */
export function collectEvents(): { sink: EventSink; events: EngineEvent[] } {
  const events: EngineEvent[] = [];
  return { sink: (event) => events.push({ ...event }), events };
}
