// The domain core's one composition root: every service, repository and job built once, in
// dependency order (a module is built after every module it uses, so nothing is connected late), with
// no Fastify inside. The API process builds it under its routes (app.ts); the standalone worker
// builds the same core and runs its jobs (worker-process.ts). Modules are reached only through their
// public entry (`modules/<module>/index.ts`); they react to each other through EventBus events.
import { getNetwork, type NetworkId } from '@rora/chains';
import { parseAmount } from '@rora/money';
import type { Database } from '@rora/db';
import { createLedger } from '@rora/ledger';
import { jobs as platformJobs, type JobDefinition } from '@rora/worker';
import type { Config } from './config.ts';
import type { Clock } from './lib/clock.ts';
import { createAccountServices, type AccountServices } from './modules/accounts/index.ts';
import { createAlertsService, type AlertsService } from './modules/alerts/index.ts';
import {
  createChainRegistry,
  createChainCursorsRepository,
  createChainWatcher,
  createDepositScanner,
  type ChainRegistry,
  type ChainWatcher,
  type DepositScanner,
} from './modules/chain-watcher/index.ts';
import {
  createColdWalletRepository,
  createColdWalletService,
  type ColdWalletService,
} from './modules/coldwallet/index.ts';
import { createCountryCheckService, createGeoIpLiteAdapter, type CountryCheckService } from './modules/geo/index.ts';
import { createHealthService, type HealthService } from './modules/health/index.ts';
import { createKycModule, type KycGate, type KycModule } from './modules/kyc/index.ts';
import {
  createMarketDataService,
  createSnapshotBus,
  marketOfQuery,
  type MarketDataQuery,
  type MarketDataService,
} from './modules/market-data/index.ts';
import { createMarketMaker, type MarketMaker } from './modules/market-maker/index.ts';
import { createMessaging, type MessagingService, type OutboxRepository } from './modules/messaging/index.ts';
import { createNotificationService, type NotificationService } from './modules/notifications/index.ts';
import { createOnrampModule, type OnrampModule } from './modules/onramp/index.ts';
import { createStakingModule, type StakingModule } from './modules/staking/index.ts';
import { createLendingModule, type LendingModule } from './modules/lending/index.ts';
import { createAuditModule, createDevnetReserveSource, type AuditModule } from './modules/audit/index.ts';
import {
  createOrdersModule,
  createShardMap,
  createTakeoverWatch,
  createVenueReconciler,
  type OrdersModule,
} from './modules/orders/index.ts';
import { createPortfolioService, type PortfolioService } from './modules/portfolio/index.ts';
import { createPriceService, livePrices, type LivePriceService } from './modules/prices/index.ts';
import { MARKETS, type Market } from './modules/markets/index.ts';
import {
  createInProcessEventBus,
  createPostgresEventBus,
  createNatsEventBus,
  DEFAULT_NATS_URL,
  createRealtimeHub,
  purgeEventPayloads,
  topics,
  type EventBus,
  type RealtimeHub,
} from './modules/realtime/index.ts';
import { createSessionService, type SessionRevocation, type SessionService } from './modules/sessions/index.ts';
import {
  createSwapModule,
  marketPairPrices,
  marketUsdPrices,
  observedUsdPrices,
  referencePricesFrom,
  type PairPriceSource,
  type SwapModule,
} from './modules/swap/index.ts';
import { createVenuesModule, type VenuesService } from './modules/venues/index.ts';
import { createWalletsModule, type TreasuryConfig, type WalletsModule } from './modules/wallets/index.ts';
import { requireSharedSecret } from './webhook-secrets.ts';

/** pino-compatible; the API gives its logger, the worker its own. */
export interface CoreLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface CoreDependencies {
  config: Config;
  database: Database;
  clock: Clock;
  log: CoreLog;
  /** Test seams: the swap's pair prices (null: swaps price through USD only, as some tests need). */
  adapters?: { pairPrices?: PairPriceSource | null };
}

/** Orders, venues, market data, alerts and the market maker: started where the books are written. */
export interface MarketsModule {
  venues: VenuesService;
  orders: OrdersModule;
  marketData: MarketDataService;
  alerts: AlertsService;
  marketMaker: MarketMaker;
  /**
   * Process start: rebuild every book, settle what a crash left pending, load the feeds. With
   * `takeoverPollMs`, then watch for shards whose writer died (takeover-watch.ts).
   */
  start(options: { marketMaker: boolean; intervalMs: number; takeoverPollMs?: number }): Promise<void>;
  stop(): Promise<void>;
  readonly db: Database['db'];
}

export interface Services {
  health: HealthService;
  sessions: SessionService;
  events: EventBus;
  realtime: RealtimeHub;
  notifications: NotificationService;
  messaging: MessagingService;
  outbox: OutboxRepository;
  countryCheck: CountryCheckService;
  accounts: AccountServices;
  kyc: KycModule;
  /** The KYC gate of spec §6 for trading, swap and on-ramp: see modules/kyc/kyc-gate.ts. */
  kycGate: KycGate;
  /** Swap quotes, swaps and their settlement jobs: see modules/swap/index.ts. */
  swap: SwapModule;
  /** Card purchases (on-ramp) through the provider adapter: see modules/onramp/index.ts. */
  onramp: OnrampModule;
  /** Staking plans, stakes, the daily accrual job and the sandbox clock: see modules/staking/index.ts. */
  staking: StakingModule;
  /** P2P lending: loans, their views and the risk job: see modules/lending/index.ts. */
  lending: LendingModule;
  /** The audit of reserves: snapshots, proofs and the daily snapshot job: see modules/audit/index.ts. */
  audit: AuditModule;
  markets: MarketsModule;
  chains: ChainRegistry;
  chainWatcher: ChainWatcher;
  /** Walks the blocks of the chains read through a node (none unless CHAINS_BTC/CHAINS_LTC=rpc). */
  depositScanner: DepositScanner;
  /** US dollar prices at the markets' live trades, the catalogue's where none trades (issue 19). */
  prices: LivePriceService;
  wallets: WalletsModule;
  coldWallet: ColdWalletService;
  portfolio: PortfolioService;
}

export interface Core {
  services: Services;
  /** Every queued and scheduled job, for the worker (standalone, or inside the API: RUN_WORKER). */
  jobs: readonly JobDefinition[];
}

/** The bus of EVENT_BUS: in memory, or across processes over LISTEN/NOTIFY or NATS. */
function eventBusOf(deps: CoreDependencies): EventBus {
  const local = createInProcessEventBus();
  const { config, log } = deps;
  if (config.eventBus === 'process') return local;
  // Customers' events, session revocations and the market topics (published by the books' writer
  // alone, ADR 0045) reach the other processes.
  const shared = (topic: string) =>
    topic.startsWith(topics.user('')) || topic === topics.sessionRevocations || topic.startsWith('market:');
  if (config.eventBus === 'nats') {
    return createNatsEventBus({ url: (config.NATS_URL ?? [DEFAULT_NATS_URL]).join(','), local, shared, log });
  }
  return createPostgresEventBus({ pool: deps.database.pool, local, shared, log });
}

/** The platforms as configured: simulated (failing at the configured rates) or live over ccxt. */
function venuesOf(config: Config, clock: Clock): VenuesService {
  const failures = {
    unreachableBps: config.VENUE_SANDBOX_UNREACHABLE_BPS,
    lostAnswerBps: config.VENUE_SANDBOX_LOST_ANSWER_BPS,
  };
  return createVenuesModule({ clock, mode: config.VENUES, failures });
}

type Platform = Pick<
  Services,
  'health' | 'sessions' | 'events' | 'realtime' | 'notifications' | 'messaging' | 'outbox' | 'countryCheck'
>;

function buildPlatform(
  deps: CoreDependencies,
): Platform & { events: ReturnType<typeof createSnapshotBus>; messagingJobs: JobDefinition[] } {
  const { config, database, clock } = deps;
  const events = createSnapshotBus(eventBusOf(deps));
  const sessions = createSessionService({
    db: database.db,
    clock,
    ttlMs: config.SESSION_TTL_HOURS * 3_600_000,
    announce: (revocation) =>
      void events.publish(topics.sessionRevocations, { channel: 'sessions', type: 'revoked', data: revocation }),
  });
  // Before the realtime hub subscribes: a revoked session is forgotten before its sockets are checked.
  events.subscribe(topics.sessionRevocations, (event) => sessions.forgetRevoked(event.data as SessionRevocation));
  const realtime = createRealtimeHub({ bus: events, sessions, pingIntervalMs: config.WS_PING_INTERVAL_MS });
  const notifications = createNotificationService({ db: database.db, clock, events });
  const { messaging, outbox, jobs: messagingJobs } = createMessaging({ config, database, clock });
  const countryCheck = createCountryCheckService({
    geoip: createGeoIpLiteAdapter(),
    blockedCountries: config.BLOCKED_COUNTRIES,
    localCountry: config.GEOIP_LOCAL_COUNTRY,
    usSiteUrl: config.US_SITE_URL,
    internationalSiteUrl: config.INTERNATIONAL_SITE_URL,
  });
  const health = createHealthService(database);
  return { health, sessions, events, realtime, notifications, messaging, outbox, countryCheck, messagingJobs };
}

type WalletParts = Pick<Services, 'chains' | 'chainWatcher' | 'depositScanner' | 'wallets' | 'coldWallet'>;

/** TREASURY_* as the wallets module takes them: cold addresses per network, ceilings in minor units. */
function treasuryConfig(
  config: Pick<Config, 'TREASURY_COLD_ADDRESSES' | 'TREASURY_HOT_CEILINGS' | 'TREASURY_SWEEPS'>,
): TreasuryConfig {
  const cold: Partial<Record<NetworkId, string[]>> = {};
  for (const { network, value } of config.TREASURY_COLD_ADDRESSES) (cold[network] ??= []).push(value);
  const ceilings = Object.fromEntries(
    config.TREASURY_HOT_CEILINGS.map(({ network, value }) => [
      network,
      parseAmount(value, getNetwork(network).decimals),
    ]),
  );
  return { cold, ceilings, sweeps: config.TREASURY_SWEEPS === 'on' };
}

function buildWallets(
  deps: CoreDependencies,
  uses: Pick<Services, 'accounts' | 'notifications' | 'events' | 'prices'>,
): WalletParts {
  const { db } = deps.database;
  const { clock } = deps;
  const ledger = createLedger();
  const { prices } = uses;
  const chains = createChainRegistry({ config: deps.config, clock, db, log: deps.log });
  const treasury = treasuryConfig(deps.config);
  // Production's from its configuration; the sandbox's random per data folder (webhook-secrets.ts).
  const feeQuoteSecret = requireSharedSecret(deps.config, 'FEE_QUOTE_SECRET');
  const wallets = createWalletsModule({
    ...uses,
    db,
    clock,
    ledger,
    registry: chains,
    log: deps.log,
    treasury,
    feeQuoteSecret,
  });
  const chainWatcher = createChainWatcher({ registry: chains, handlers: wallets.handlers, log: deps.log });
  const depositScanner = createDepositScanner({
    networks: chains.scanned,
    cursors: createChainCursorsRepository(db),
    handlers: wallets.scanned,
    clock,
    log: deps.log,
    health: chains.health,
  });
  const coldWallet = createColdWalletService({
    db,
    clock,
    ledger,
    prices,
    approval: wallets.approval,
    notifier: wallets.notifier,
    repository: createColdWalletRepository(db),
  });
  return { chains, chainWatcher, depositScanner, wallets, coldWallet };
}

function buildMarkets(
  deps: CoreDependencies,
  uses: Pick<Services, 'kycGate' | 'swap' | 'realtime' | 'notifications' | 'messaging'> & {
    events: ReturnType<typeof createSnapshotBus>;
    venues: VenuesService;
  },
): MarketsModule {
  const { config, clock, log } = deps;
  const { db } = deps.database;
  const { events, venues, swap } = uses;
  const ledger = createLedger();
  const swaps = { place: swap.placeFromOrder, recover: swap.recoverFromOrder };
  const maxBatch = config.ORDER_BATCH_MAX;
  const shards = createShardMap(config.orderShards);
  const orders = createOrdersModule({
    ...{ db, ledger, clock, kycGate: uses.kycGate, venues, events, log, maxBatch, shards, swaps },
    notifications: uses.notifications,
  });
  const { runners } = orders;
  // With a bus between processes, a replica that does not write a market's shard reads its market
  // data from the one that does (ADR 0045, ADR 0046); alone, a process's feeds are the truth.
  const writer =
    deps.config.eventBus === 'process'
      ? undefined
      : {
          writesNow: (market: Market) => runners.writesNow(market),
          read: (query: MarketDataQuery) => orders.forwarding.read(query, shards.shardOf(marketOfQuery(query).symbol)),
        };
  const realtime = uses.realtime;
  const marketData = createMarketDataService({ db, clock, events, realtime, runners, venues, writer, log });
  const alerts = createAlertsService({
    db,
    clock,
    events,
    notifications: uses.notifications,
    messaging: uses.messaging,
    lastPrice: (market) => marketData.feed(market).lastPrice,
    log,
  });
  const reconciler = createVenueReconciler({ venueOrders: orders.venueOrders, clock, log });
  const marketMaker = createMarketMaker({ db, ledger, clock, venues, orders: orders.service, runners, log });
  // Only the process that writes shard 0 settles platform orders left pending.
  const reconcileIfWriting = async (shards: number[]) => {
    if (shards.includes(0)) await reconciler.start();
  };
  // A shard taken over later also has its markets' trades and depth read again at once.
  const onTaken = async (shards: number[]) => {
    await reconcileIfWriting(shards);
    await marketData.tick();
  };
  const takeover = createTakeoverWatch({ runners, log, onTaken });
  return {
    db,
    venues,
    orders,
    marketData,
    alerts,
    marketMaker,
    async start(options) {
      // The locks first: claimWriters reads a shard's books once it holds its lock (a book read before
      // could miss an older writer's last batch, ADR 0023), so startAll finds them read. Books of
      // shards another process writes are read here: each book is read once either way.
      const written = await runners.claimWriters();
      await runners.startAll();
      await reconcileIfWriting(written);
      await Promise.all([marketData.start(), alerts.start()]);
      if (options.takeoverPollMs) takeover.start(options.takeoverPollMs);
      // The sandbox's market maker trades where the books are written, each process the markets of its shards.
      if (options.marketMaker && written.length > 0) {
        await marketMaker.prepare();
        marketMaker.start(options.intervalMs);
      }
    },
    async stop() {
      await takeover.stop();
      await marketMaker.stop();
      await reconciler.stop();
      await runners.stopAll();
    },
  };
}

export function createCore(deps: CoreDependencies): Core {
  const { config, database, clock } = deps;
  const { messagingJobs, ...platform } = buildPlatform(deps);
  const { events, notifications, messaging } = platform;
  const accounts = createAccountServices({ db: database.db, clock, messaging, sessions: platform.sessions });
  const { kyc, kycGate } = createKycModule({ config, database, clock, notifications, messaging });
  const prices = createPriceService({ db: database.db, clock });
  const venues = venuesOf(config, clock);
  const pairs = deps.adapters?.pairPrices === undefined ? marketPairPrices(venues) : deps.adapters.pairPrices;
  const swapPrices = referencePricesFrom({ prices, pairs });
  const swap = createSwapModule({ config, database, clock, kycGate, notifications, events, prices: swapPrices });
  const onrampPrices = marketUsdPrices(swapPrices);
  const onramp = createOnrampModule({ config, database, clock, kycGate, notifications, events, prices: onrampPrices });
  const markets = buildMarkets(deps, { ...platform, kycGate, swap, venues });
  // Holdings are valued at the markets' live prices, the catalogue's where none trades.
  const live = livePrices({
    catalogue: prices,
    tickers: { pairs: MARKETS, ticker: (symbol) => markets.marketData.ticker(symbol) },
  });
  const walletParts = buildWallets(deps, { accounts, notifications, events, prices: live });
  const staking = createStakingModule({ config, database, clock, kycGate, notifications, events });
  const lending = createLendingModule({
    ...{ config, database, clock, kycGate, notifications, messaging, events },
    usdPrices: observedUsdPrices({
      catalogue: prices,
      venues: deps.adapters?.pairPrices === null ? null : venues,
      clock,
      catalogueIsFeed: config.devRoutes,
    }),
  });
  // The portfolio counts the customer's running loans (lent, owed) beside the ledger's balances.
  const portfolio = createPortfolioService({
    db: database.db,
    ledger: createLedger(),
    prices: live,
    loans: lending.holdings,
  });
  // Reserves are read from the chains of this process (the in-process devnet in the sandbox).
  const reserves = createDevnetReserveSource({ devnet: walletParts.chains.devnet, pool: database.pool });
  const audit = createAuditModule({ database, clock, reserves });
  const services: Services = {
    ...platform,
    ...{ accounts, kyc, kycGate, swap, onramp, markets, prices: live, staking, lending, audit, portfolio },
    ...walletParts,
  };
  return {
    services,
    jobs: [
      ...platformJobs,
      purgeEventPayloads,
      ...messagingJobs,
      ...swap.jobs,
      ...onramp.jobs,
      ...staking.jobs,
      ...lending.jobs,
      ...audit.jobs,
    ],
  };
}
