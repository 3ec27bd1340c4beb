// Wires every domain service once, from the app's dependencies. Modules receive what they need
// from here; nothing else constructs a service.
import type { AppDependencies } from './app.ts';
import { createAccountServices, type AccountServices } from './modules/accounts/index.ts';
import { createHealthService, type HealthService } from './modules/health/health.service.ts';
import { createSessionService, type SessionService } from './modules/sessions/sessions.service.ts';
import { createInProcessEventBus, type EventBus } from './modules/realtime/event-bus.ts';
import { createRealtimeHub, type RealtimeHub } from './modules/realtime/realtime-hub.ts';
import { createNotificationService, type NotificationService } from './modules/notifications/notifications.service.ts';
import { createMessaging, type MessagingService, type OutboxRepository } from './modules/messaging/index.ts';
import { createCountryCheckService, type CountryCheckService } from './modules/geo/country-check.service.ts';
import { createGeoIpLiteAdapter } from './modules/geo/geoip-adapter.ts';
import { createKycModule, type KycGate, type KycModule } from './modules/kyc/index.ts';
import { createWalletServices, type WalletServices } from './modules/wallets/wallet-services.ts';
import { createPriceService } from './modules/prices/index.ts';
import {
  createSwapModule,
  marketPairPrices,
  marketUsdPrices,
  referencePricesFrom,
  type SwapModule,
} from './modules/swap/index.ts';
import { createOnrampModule, type OnrampModule } from './modules/onramp/index.ts';
import { createMarketsModule, createSnapshotBus, type MarketsModule } from './modules/markets/index.ts';
import { createAuditModule, createDevnetReserveSource, type AuditModule } from './modules/audit/index.ts';

export interface Services extends WalletServices {
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
  /** Orders, venues, market data, alerts and the market maker: see modules/markets/index.ts. */
  markets: MarketsModule;
  /** The audit of reserves: snapshots, proofs and the daily snapshot job: see modules/audit/index.ts. */
  audit: AuditModule;
}

export function createServices(deps: AppDependencies): Services {
  const { config, database, clock } = deps;
  const sessions = createSessionService({ db: database.db, clock, ttlMs: config.SESSION_TTL_HOURS * 3_600_000 });
  const events = createSnapshotBus(createInProcessEventBus());
  const realtime = createRealtimeHub({ bus: events, sessions, pingIntervalMs: config.WS_PING_INTERVAL_MS });
  const notifications = createNotificationService({ db: database.db, clock, events });
  const { messaging, outbox } = createMessaging({ config, database, clock });
  const countryCheck = createCountryCheckService({
    geoip: createGeoIpLiteAdapter(),
    blockedCountries: config.BLOCKED_COUNTRIES,
    localCountry: config.GEOIP_LOCAL_COUNTRY,
    usSiteUrl: config.US_SITE_URL,
    internationalSiteUrl: config.INTERNATIONAL_SITE_URL,
  });
  const accounts = createAccountServices({ db: database.db, clock, messaging, sessions });
  const { kyc, kycGate } = createKycModule({ config, database, clock, notifications, messaging });
  const swapPrices = referencePricesFrom({ prices: createPriceService({ db: database.db, clock }) });
  const swap = createSwapModule({ config, database, clock, kycGate, notifications, events, prices: swapPrices });
  const onrampPrices = marketUsdPrices(swapPrices);
  const onramp = createOnrampModule({ config, database, clock, kycGate, notifications, events, prices: onrampPrices });
  const markets = createMarketsModule({
    config,
    database,
    clock,
    events,
    realtime,
    notifications,
    messaging,
    kycGate,
    swap,
  });
  swapPrices.usePairPrices(marketPairPrices(markets));
  const walletServices = createWalletServices({ config, database, clock, accounts, notifications, events });
  const reserves = createDevnetReserveSource({ devnet: walletServices.chains.devnet, pool: database.pool });
  const audit = createAuditModule({ database, clock, reserves });
  return {
    health: createHealthService(database),
    sessions,
    events,
    realtime,
    notifications,
    messaging,
    outbox,
    countryCheck,
    accounts,
    kyc,
    kycGate,
    swap,
    onramp,
    markets,
    audit,
    ...walletServices,
  };
}
