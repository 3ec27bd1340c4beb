// The lending module's public face (P2P lending, issue 17): posting, lending, repaying and
// cancelling loans, the six views, the risk sweep and its job. core.ts wires it once; other
// modules use only what is exported here. See README.md and ADR 0028.
import type { Database } from '@rora/db';
import { createLedger, type Ledger } from '@rora/ledger';
import type { JobDefinition } from '@rora/worker';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import type { KycGate } from '../kyc/index.ts';
import type { MessagingService } from '../messaging/index.ts';
import type { NotificationService } from '../notifications/index.ts';
import type { EventBus } from '../realtime/index.ts';
import { createLendingPrices, type LendingPrices, type UsdPriceReader } from './lending-prices.ts';
import { lendingSettings, type LendingSettings } from './lending-settings.ts';
import { createLendingService, type LendingService } from './lending.service.ts';
import { createLendingViews, type LendingViews } from './lending-views.ts';
import { createLoanAnnouncer } from './loan-announcer.ts';
import type { LoanHoldingsReader } from '../portfolio/index.ts';
import { createLoanHoldings } from './loan-holdings.ts';
import { observePrices, createLoanRisk, type LoanRisk } from './loan-risk.ts';
import type { ViewContext } from './loan-view.ts';

export { lendingSettings, type LendingSettings } from './lending-settings.ts';
export type { LendingPrices, ObservedPrice, UsdPriceReader } from './lending-prices.ts';
export type { RiskSweepResult } from './loan-risk.ts';
export { riskCandidates } from './loan-risk.ts';
export { lendingRoutes } from './lending.routes.ts';

export const WATCH_LOANS_JOB = 'watch-loans';

export interface LendingModule {
  service: LendingService;
  views: LendingViews;
  risk: LoanRisk;
  prices: LendingPrices;
  settings: LendingSettings;
  /** A customer's running loans in their portfolio: lent, and owed now (read on the portfolio's snapshot). */
  holdings: LoanHoldingsReader;
  /** Run by a worker (server.ts passes them to startWorker; they run as well in a standalone one). */
  jobs: JobDefinition[];
  now(): Date;
}

export function createLendingModule(deps: {
  config: Config;
  database: Database;
  clock: Clock;
  kycGate: KycGate;
  notifications: Pick<NotificationService, 'notify'>;
  messaging: Pick<MessagingService, 'email'>;
  events: EventBus;
  /** US dollar prices as swaps value coins (the swap module's `marketUsdPrices`). */
  usdPrices: UsdPriceReader;
  ledger?: Ledger;
}): LendingModule {
  const { clock, events } = deps;
  const { db } = deps.database;
  const ledger = deps.ledger ?? createLedger();
  const settings = lendingSettings(deps.config);
  const prices = createLendingPrices({ db, clock, usd: deps.usdPrices, sandbox: deps.config.devRoutes });
  const context = async (viewerId: string): Promise<ViewContext> => {
    const observed = await observePrices(prices);
    const units = new Map([...observed].map(([asset, price]) => [asset, price.units]));
    const observedAt = new Map([...observed].map(([asset, price]) => [asset, price.observedAt]));
    return { viewerId, now: clock.now(), settings, prices: units, observedAt };
  };
  const announcer = createLoanAnnouncer({
    db,
    clock,
    notifications: deps.notifications,
    messaging: deps.messaging,
    events,
    context,
  });
  const service = createLendingService({
    db,
    ledger,
    clock,
    kycGate: deps.kycGate,
    prices,
    settings,
    announcer,
    context,
  });
  const risk = createLoanRisk({ db, ledger, clock, prices, settings, announcer });
  const watchLoans: JobDefinition = {
    name: WATCH_LOANS_JOB,
    schedule: '* * * * *',
    run: ({ log }) => risk.sweep({ log }),
  };
  const views = createLendingViews({ db, context });
  const holdings = createLoanHoldings({ clock, settings });
  return { service, views, risk, prices, settings, holdings, jobs: [watchLoans], now: () => clock.now() };
}
