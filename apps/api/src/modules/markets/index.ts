// The markets: venues, the order flow, market data, price alerts and the market maker, wired once
// (services.ts) and started by the server (server.ts). Modules outside use this file only.
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '@rora/db';
import { createLedger } from '@rora/ledger';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import type { IdempotencyRecovery } from '../../plugins/idempotency.ts';
import { alertsRoutes, createAlertsService, type AlertsService } from '../alerts/index.ts';
import type { KycGate } from '../kyc/index.ts';
import { createMarketDataService, type MarketDataService } from '../market-data/market-data.service.ts';
import { marketDataRoutes, venueRoutes } from '../market-data/market-data.routes.ts';
import type { SnapshotBus } from '../market-data/snapshot-bus.ts';
import { createMarketMaker, type MarketMaker } from '../market-maker/index.ts';
import type { MessagingService } from '../messaging/index.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import {
  createOrdersModule,
  createVenueReconciler,
  ordersRoutes,
  type OrdersModule,
  type SwapOrderHandler,
} from '../orders/index.ts';
import type { RealtimeHub } from '../realtime/realtime-hub.ts';
import { createVenuesModule, type VenuesService } from '../venues/index.ts';
import { marketsDevRoutes } from './markets-dev.routes.ts';

export { createSnapshotBus, type SnapshotBus } from '../market-data/snapshot-bus.ts';
export { seedPriceHistory } from '../market-data/history-seed.ts';
export { MARKETS, findMarket, requireMarket, type Market } from './market-specs.ts';

interface Log {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface MarketsModule {
  venues: VenuesService;
  orders: OrdersModule;
  marketData: MarketDataService;
  alerts: AlertsService;
  marketMaker: MarketMaker;
  /** Server start: rebuild every book, settle what a crash left pending, load the feeds. */
  start(options: { marketMaker: boolean; intervalMs: number }): Promise<void>;
  stop(): Promise<void>;
  useLogger(log: Log): void;
  readonly db: Database['db'];
}

/** A logger that starts on stderr and switches to the app's once the routes are registered. */
function switchableLog(): Log & { use(next: Log): void } {
  let current: Log = { warn: () => undefined, error: (object, message) => console.error(message, object) };
  return {
    warn: (object, message) => current.warn(object, message),
    error: (object, message) => current.error(object, message),
    use: (next) => void (current = next),
  };
}

/** The platforms as configured: simulated (failing at the configured rates) or live over ccxt. */
function venuesOf(config: Config, clock: Clock): VenuesService {
  const failures = {
    unreachableBps: config.VENUE_SANDBOX_UNREACHABLE_BPS,
    lostAnswerBps: config.VENUE_SANDBOX_LOST_ANSWER_BPS,
  };
  return createVenuesModule({ clock, mode: config.VENUES, failures });
}

export function createMarketsModule(deps: {
  config: Config;
  database: Database;
  clock: Clock;
  events: SnapshotBus;
  realtime: RealtimeHub;
  notifications: NotificationService;
  messaging: MessagingService;
  kycGate: KycGate;
  swap?: { placeFromOrder: SwapOrderHandler; recoverFromOrder: IdempotencyRecovery };
}): MarketsModule {
  const { config, clock, events } = deps;
  const { db } = deps.database;
  const ledger = createLedger();
  const log = switchableLog();
  const venues = venuesOf(config, clock);
  const orders = createOrdersModule({
    db,
    ledger,
    clock,
    kycGate: deps.kycGate,
    venues,
    events,
    log,
    maxBatch: config.ORDER_BATCH_MAX,
  });
  if (deps.swap) orders.service.useSwapHandler(deps.swap.placeFromOrder, deps.swap.recoverFromOrder);
  const marketData = createMarketDataService({
    db,
    clock,
    events,
    realtime: deps.realtime,
    runners: orders.runners,
    venues,
  });
  const alerts = createAlertsService({
    db,
    clock,
    events,
    notifications: deps.notifications,
    messaging: deps.messaging,
    lastPrice: (market) => marketData.feed(market).lastPrice,
    log,
  });
  marketData.onLastPrice((market, price) => alerts.onLastPrice(market, price));
  const reconciler = createVenueReconciler({ venueOrders: orders.venueOrders, clock, log });
  const marketMaker = createMarketMaker({
    db,
    ledger,
    clock,
    venues,
    orders: orders.service,
    runners: orders.runners,
    log,
  });
  return {
    db,
    venues,
    orders,
    marketData,
    alerts,
    marketMaker,
    async start(options) {
      // The lock first: claimWriter reads the books once it holds it (a book read before could miss an
      // older writer's last batch, ADR 0023), so startAll finds them read. Without the lock (another
      // process writes), startAll reads them here: each book is read once either way.
      const writes = await orders.runners.claimWriter();
      await orders.runners.startAll();
      // Only the process that writes the books settles platform orders left pending.
      if (writes) await reconciler.start();
      await Promise.all([marketData.start(), alerts.start()]);
      if (options.marketMaker) {
        await marketMaker.prepare();
        marketMaker.start(options.intervalMs);
      }
    },
    async stop() {
      await marketMaker.stop();
      await reconciler.stop();
      await orders.runners.stopAll();
    },
    useLogger: (next) => log.use(next),
  };
}

/** Every markets route under /api/v1, and stopping the runners when the app closes. */
export const marketsRoutes: FastifyPluginAsync<{ config: Config; services: { markets: MarketsModule } }> = async (
  app,
  { config, services },
) => {
  const { markets } = services;
  markets.useLogger(app.log.child({ component: 'markets' }));
  await app.register(ordersRoutes(markets.orders.service));
  await app.register(marketDataRoutes(markets.marketData));
  await app.register(venueRoutes(markets.marketData));
  await app.register(alertsRoutes(markets.alerts));
  if (config.devRoutes) await app.register(marketsDevRoutes(markets, markets.db));
  app.addHook('onClose', async () => markets.stop());
};
