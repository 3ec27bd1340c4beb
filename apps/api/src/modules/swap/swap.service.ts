// POST /order with type swap: executes a firm quote. In one transaction: the KYC gate passed, the
// quote (locked) is the customer's, unused and unexpired, and matches what the order names; the
// swap is recorded, the quote used, and the source amount held at once (swap_hold; the swap's id is
// the hold's id). After commit the swap shows as in progress and its settlement is scheduled.
import { randomUUID } from 'node:crypto';
import { SWAP_MAX_ARRIVAL_MINUTES, type Swap, type SwapList, type SwapOrderBody } from '@rora/contracts';
import type { Db, Tx } from '@rora/db';
import { isLedgerError, withTransaction, type Ledger } from '@rora/ledger';
import { assetScale, tryParseAmount, type AssetSymbol } from '@rora/money';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { bindIdempotentEffect, type OrphanedKey, type RecoveredAnswer } from '../../lib/idempotency-recovery.ts';
import type { KycGate } from '../kyc/index.ts';
import { topics, type EventBus } from '../realtime/index.ts';
import type { SwapSettings } from './quote.service.ts';
import {
  findSwap,
  insertSwap,
  lockQuote,
  markQuoteUsed,
  pageSwaps,
  type QuoteRow,
  type SwapRow,
} from './swap.repository.ts';
import { swapView } from './swap-view.ts';

/** Schedules the settlement of one swap at its due time (a pg-boss job); see settle-swaps.job.ts. */
export interface SettlementScheduler {
  schedule(swapId: string, dueAt: Date): Promise<void>;
}

export interface PlaceSwapInput {
  readonly userId: string;
  /** The order body, already validated by swapOrderBodySchema. */
  readonly order: Omit<SwapOrderBody, 'type'> & { type?: 'swap' };
  /** The request's idempotency key, bound to the swap in the transaction that holds it (ADR 0024). */
  readonly claimId?: string | null;
}

export interface SwapService {
  place(input: PlaceSwapInput): Promise<Swap>;
  list(userId: string, page: { page: number; limit: number }): Promise<SwapList>;
  get(userId: string, id: string): Promise<Swap>;
  /** The answer to a swap whose request died after it was placed: the swap as it stands. */
  recover(tx: Tx, key: OrphanedKey): Promise<RecoveredAnswer>;
}

const MAX_DELAY_MS = SWAP_MAX_ARRIVAL_MINUTES * 60_000;

/** The order's symbol (FROM/TO) and amount, when given, must be the quote's. */
function requireMatch(quote: QuoteRow, order: PlaceSwapInput['order']): void {
  const mismatch = () => new AppError('swap_order_does_not_match_quote');
  if (order.symbol !== undefined && order.symbol.toUpperCase() !== `${quote.fromAsset}/${quote.toAsset}`) {
    throw mismatch();
  }
  if (order.amount !== undefined) {
    const parsed = tryParseAmount(order.amount, assetScale(quote.fromAsset));
    if (!parsed.ok || parsed.value !== quote.quantity) throw mismatch();
  }
}

function newSwap(quote: QuoteRow, now: Date, delayMs: number): Omit<SwapRow, 'attempts' | 'notifiedAt'> {
  return {
    id: randomUUID(),
    userId: quote.userId,
    quoteId: quote.id,
    fromAsset: quote.fromAsset,
    toAsset: quote.toAsset,
    quantity: quote.quantity,
    fee: quote.fee,
    converted: quote.converted,
    dust: quote.dust,
    receive: quote.receive,
    rate: quote.rate,
    status: 'in_progress',
    dueAt: new Date(now.getTime() + Math.min(delayMs, MAX_DELAY_MS)),
    createdAt: now,
    settledAt: null,
    failureReason: null,
  };
}

export function createSwapService(deps: {
  db: Db;
  ledger: Ledger;
  clock: Clock;
  kycGate: KycGate;
  events: EventBus;
  scheduler: SettlementScheduler;
  settings: SwapSettings;
}): SwapService {
  const { db, ledger, clock } = deps;

  async function holdAndRecord(input: PlaceSwapInput): Promise<SwapRow> {
    return withTransaction(db, async (tx) => {
      const now = clock.now();
      const quote = await lockQuote(tx, input.userId, input.order.quoteId);
      if (!quote) throw new AppError('resource_not_found', { message: 'Quote not found', field: 'quoteId' });
      if (quote.usedAt) throw new AppError('swap_quote_already_used', { field: 'quoteId' });
      if (now.getTime() >= quote.expiresAt.getTime()) throw new AppError('swap_quote_expired', { field: 'quoteId' });
      requireMatch(quote, input.order);
      const swap = newSwap(quote, now, deps.settings.settlementDelayMs);
      await insertSwap(tx, swap);
      await bindIdempotentEffect(tx, input.claimId ?? null, swap.id);
      await markQuoteUsed(tx, quote.id, now);
      try {
        await ledger.hold(tx, {
          id: swap.id,
          owner: swap.userId,
          asset: quote.fromAsset as AssetSymbol,
          amount: swap.quantity,
          code: 'swap_hold',
          metadata: { swapId: swap.id, quoteId: quote.id },
        });
      } catch (error) {
        if (isLedgerError(error) && error.code === 'available_balance_must_cover_hold') {
          throw new AppError('swap_amount_exceeds_available_balance', { field: 'amount' });
        }
        throw error;
      }
      return { ...swap, attempts: 0, notifiedAt: null };
    });
  }

  return {
    async place(input) {
      await deps.kycGate.requireApprovedKyc(input.userId);
      const swap = await holdAndRecord(input);
      const view = swapView(swap);
      await deps.events.publish(topics.user(swap.userId), { channel: 'swaps', type: 'updated', data: view });
      // The sweep (settle-swaps) settles it on time even if this scheduling is lost.
      await deps.scheduler.schedule(swap.id, swap.dueAt);
      return view;
    },

    async list(userId, { page, limit }) {
      const { items, total } = await pageSwaps(db, userId, { limit, offset: (page - 1) * limit });
      return { items: items.map(swapView), page, limit, total };
    },

    async get(userId, id) {
      const swap = /^[0-9a-f-]{36}$/i.test(id) ? await findSwap(db, userId, id) : null;
      if (!swap) throw new AppError('resource_not_found', { message: 'Swap not found' });
      return swapView(swap);
    },

    async recover(tx, key) {
      const swap = await findSwap(tx, key.userId, key.effectId);
      if (!swap) throw new Error(`idempotency key of ${key.userId} bound to swap ${key.effectId}, not theirs`);
      return { status: 201, body: { data: swapView(swap) } };
    },
  };
}
