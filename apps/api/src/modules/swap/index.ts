// The swap module's public face: firm quotes (GET /convert), placing a swap on a quote (POST /order
// with type swap, through `placeFromOrder`), the customer's swaps, and the settlement jobs the worker
// runs (background.ts). core.ts wires it once; other modules use only what is exported here.
import type { Swap, SwapOrderBody } from '@rora/contracts';
import type { Database } from '@rora/db';
import { createLedger, type Ledger } from '@rora/ledger';
import type { JobDefinition } from '@rora/worker';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import type { IdempotencyRecovery } from '../../lib/idempotency-recovery.ts';
import type { KycGate } from '../kyc/index.ts';
import type { NotificationService } from '../notifications/index.ts';
import type { EventBus } from '../realtime/index.ts';
import { createQuoteService, type QuoteService, type SwapSettings } from './quote.service.ts';
import type { ReferencePriceSource } from './reference-rate.ts';
import { createSwapJobs, createSettlementScheduler, type LateBoundScheduler } from './settle-swaps.job.ts';
import { createSwapSettlement, type SwapSettlement } from './settlement.ts';
import { createSwapService, type SwapService } from './swap.service.ts';

export { seedSwapLiquidity, SANDBOX_LIQUIDITY } from './liquidity.seed.ts';
export {
  marketPairPrices,
  marketUsdPrices,
  observedUsdPrices,
  referencePricesFrom,
  type ObservedUsdPrice,
  type PairPriceSource,
} from './reference-prices.ts';
export type { ReferencePriceSource } from './reference-rate.ts';
export { SETTLE_SWAP_JOB, SETTLE_SWAPS_JOB, type JobSender } from './settle-swaps.job.ts';
export type { SwapSettings } from './quote.service.ts';

export interface SwapModule {
  quotes: QuoteService;
  swaps: SwapService;
  settlement: SwapSettlement;
  /** Run by the worker (background.ts), in the API process or standalone. */
  jobs: JobDefinition[];
  /** background.ts attaches the queue, so each swap gets a job at its due time. */
  scheduler: LateBoundScheduler;
  /** Where quotes take their rates (core.ts passes the venues' pair prices). */
  referencePrices: ReferencePriceSource;
  /**
   * POST /order with `type: 'swap'`: the orders route validates the body with swapOrderBodySchema,
   * and (after authentication and the Idempotency-Key claim) answers `{ data: await placeFromOrder(...) }`.
   */
  placeFromOrder(input: { userId: string; body: SwapOrderBody; claimId?: string | null }): Promise<Swap>;
  /** The answer to POST /order of a swap whose request died after placing it (ADR 0024). */
  recoverFromOrder: IdempotencyRecovery;
}

export function swapSettings(config: Config): SwapSettings {
  return {
    spreadBps: config.SWAP_SPREAD_BPS,
    feeBps: config.SWAP_FEE_BPS,
    quoteTtlMs: config.SWAP_QUOTE_TTL_MS,
    settlementDelayMs: config.SWAP_SETTLEMENT_DELAY_MS,
  };
}

export function createSwapModule(deps: {
  config: Config;
  database: Database;
  clock: Clock;
  kycGate: KycGate;
  notifications: Pick<NotificationService, 'notify'>;
  events: EventBus;
  prices: ReferencePriceSource;
  ledger?: Ledger;
}): SwapModule {
  const { clock, events, prices } = deps;
  const { db } = deps.database;
  const ledger = deps.ledger ?? createLedger();
  const settings = swapSettings(deps.config);
  const scheduler = createSettlementScheduler();
  const quotes = createQuoteService({ db, ledger, clock, prices, settings });
  const swaps = createSwapService({ db, ledger, clock, kycGate: deps.kycGate, events, scheduler, settings });
  const settlement = createSwapSettlement({ db, ledger, clock, notifications: deps.notifications, events });
  return {
    quotes,
    swaps,
    settlement,
    jobs: createSwapJobs(settlement),
    scheduler,
    referencePrices: prices,
    placeFromOrder: ({ userId, body, claimId }) => swaps.place({ userId, order: body, claimId }),
    recoverFromOrder: (tx, key) => swaps.recover(tx, key),
  };
}
