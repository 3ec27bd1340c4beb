// The orders context: one single-writer runner per market, external-venue execution, the orders
// service and its routes. Each committed batch tells every customer whose order changed, on their
// own stream (`orders` channel, type `updated`, with the fills of that batch), and notifies those
// whose order filled in full (fill-notifier.ts).
import type { Db } from '@rora/db';
import type { Ledger } from '@rora/ledger';
import type { Clock } from '../../lib/clock.ts';
import type { KycGate } from '../kyc/index.ts';
import type { NotificationService } from '../notifications/index.ts';
import { topics, type EventBus } from '../realtime/index.ts';
import type { VenuesService } from '../venues/index.ts';
import type { RunnerLog } from './market-runner.ts';
import { createFillNotifier } from './fill-notifier.ts';
import { createMarketRunners, type MarketRunners } from './market-runners.ts';
import { createOrderForwarding, type OrderForwarding } from './order-forwarding.ts';
import { orderView } from './order-view.ts';
import { fillsOf } from './order-state.ts';
import type { ShardMap } from './order-shards.ts';
import { createOrdersService, type OrdersService, type SwapOrders } from './orders.service.ts';
import { createVenueOrders, type VenueOrders } from './venue-orders.ts';

export type { MarketRunners, BatchListener } from './market-runners.ts';
export type { CommittedBatch, MarketRunner, OrderOutcome } from './market-runner.ts';
export type { WriterStanding } from './order-sequencer.ts';
export { createVenueReconciler } from './venue-reconciler.ts';
export { createTakeoverWatch, TAKEOVER_POLL_MS } from './takeover-watch.ts';
export { createShardMap, SINGLE_SHARD, MAX_SHARDS, type ShardMap } from './order-shards.ts';
export { FORWARD_PATH, MARKET_DATA_PATH, type ForwardedCommand, type OrderForwarding } from './order-forwarding.ts';
export type { OrdersService, SwapOrderHandler, SwapOrders } from './orders.service.ts';
export type { FillRecord, OrderState } from './order-state.ts';
export { holdRemaining, isOpenStatus } from './order-state.ts';

export interface OrdersModule {
  service: OrdersService;
  runners: MarketRunners;
  venueOrders: VenueOrders;
  /** Where other replicas send orders when this process writes the books (ADR 0045). */
  forwarding: OrderForwarding;
}

export function createOrdersModule(deps: {
  db: Db;
  ledger: Ledger;
  clock: Clock;
  kycGate: KycGate;
  venues: VenuesService;
  events: EventBus;
  notifications: NotificationService;
  log: RunnerLog;
  maxBatch?: number;
  /** The market shards (ADR 0046); one shard, written here, without. */
  shards?: ShardMap;
  swaps?: SwapOrders;
}): OrdersModule {
  const { db, ledger, clock } = deps;
  const forwarding = createOrderForwarding({ db, log: deps.log });
  const fills = createFillNotifier({ notifications: deps.notifications, log: deps.log });
  const runners = createMarketRunners({
    db,
    clock,
    log: deps.log,
    maxBatch: deps.maxBatch,
    shards: deps.shards,
    onWriter: (shard, pid) => forwarding.onWriter(shard, pid),
    notices: (orders, batchFills) => fills.noticesOf(orders, batchFills),
  });
  const venueOrders = createVenueOrders({ db, ledger, clock, adapterOf: (id) => deps.venues.adapter(id) });
  const { kycGate, venues, swaps } = deps;
  const ordersService = createOrdersService({ db, clock, kycGate, venues, runners, venueOrders, swaps, forwarding });
  const service: OrdersService = {
    ...ordersService,
    placeForHouse(input) {
      fills.markHouse(input.userId);
      return ordersService.placeForHouse(input);
    },
  };
  runners.onCommitted((batch) => fills.onBatch(batch));
  runners.onCommitted((batch) => {
    for (const order of batch.orders) {
      // The view is built only for a customer someone listens for (most orders have no one).
      if (!deps.events.wants(topics.user(order.userId))) continue;
      void deps.events.publish(topics.user(order.userId), {
        channel: 'orders',
        type: 'updated',
        data: orderView(order, fillsOf(order, batch.fills)),
      });
    }
  });
  return { service, runners, venueOrders, forwarding };
}
