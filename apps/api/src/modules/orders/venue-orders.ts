// Market orders sent to an external platform. Three steps, each its own transaction so no lock is
// held across the network: (1) record the order as pending and hold the funds; (2) execute on the
// platform with Rora's order id as client order id; (3) settle: the hold goes to the house's
// liquidity account (the house's inventory at that platform), the house pays out what was bought,
// the customer's fee goes to fees, the rest of the hold returns (code venue_trade).
//
// A platform that fails to answer may still have executed the order, so the platform is asked what
// became of it (findOrder by client order id) before anything is returned: executed, it settles;
// never received, the hold returns. If it cannot be asked either, the order stays pending, as does
// one a crash left between (1) and (3); reconcilePending asks again later, once the order is older
// than anything still in flight could be.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@rora/db';
import { isLedgerError, type Ledger, type LedgerOp } from '@rora/ledger';
import { FEE_ROUNDING, applyBps, scaleFactor, type AssetSymbol } from '@rora/money';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { bindIdempotentEffect } from '../../lib/idempotency-recovery.ts';
import { requireMarket, type Market } from '../markets/index.ts';
import { walkDepth, type VenueAdapter, type VenueFill } from '../venues/index.ts';
import type { OrderIntent } from './order-request.ts';
import { holdRemaining, type FillRecord, type OrderState } from './order-state.ts';
import { insertFills, insertOrders, toOrderState, updateOrders } from './orders.repository.ts';
import { orderStateFromIntent } from './runner-records.ts';

/** A buy by amount holds the platform's current cost plus this margin for the price to move. */
const SLIPPAGE_BPS = 200;

export interface VenueOrderDependencies {
  db: Db;
  ledger: Ledger;
  clock: Clock;
  /** The adapter of a platform, by its id (null: no longer listed). */
  adapterOf(venueId: string): VenueAdapter | null;
}

async function holdFor(market: Market, intent: OrderIntent, adapter: VenueAdapter): Promise<bigint> {
  if (intent.side === 'sell') return BigInt(intent.qtyLots!) * market.spec.lotSize;
  if (intent.budget !== null) return intent.budget;
  const quantity = BigInt(intent.qtyLots!) * market.spec.lotSize;
  const depth = await adapter.depth(market, 50).catch(() => {
    throw new AppError('venue_is_unavailable');
  });
  const fills = walkDepth(market, depth.asks, { quantity });
  if (fills.length === 0) throw new AppError('market_has_no_liquidity');
  const cost = fills.reduce((sum, fill) => sum + (fill.price * fill.quantity) / scaleFactor(market.baseScale), 0n);
  return applyBps(cost, 10_000 + SLIPPAGE_BPS, FEE_ROUNDING);
}

function settlementOps(order: OrderState, market: Market, fills: VenueFill[]): { ops: LedgerOp[]; fee: bigint } {
  const quantity = fills.reduce((sum, fill) => sum + fill.quantity, 0n);
  const notional = fills.reduce((sum, fill) => sum + (fill.price * fill.quantity) / scaleFactor(market.baseScale), 0n);
  const buy = order.side === 'buy';
  const [paid, received] = buy ? [notional, quantity] : [quantity, notional];
  const receivedAsset = buy ? market.base : market.quote;
  const fee = applyBps(received, order.takerFeeBps, FEE_ROUNDING);
  const customer = { owner: order.userId, kind: 'available' as const };
  const metadata = { order: order.id, venue: order.venue };
  const ops: LedgerOp[] = [
    {
      op: 'post',
      id: randomUUID(),
      holdId: order.id,
      credit: { system: 'liquidity' },
      amount: paid,
      code: 'venue_trade',
      metadata,
    },
    {
      op: 'transfer',
      id: randomUUID(),
      asset: receivedAsset,
      debit: { system: 'liquidity' },
      credit: customer,
      amount: received,
      code: 'venue_trade',
      metadata,
    },
  ];
  if (fee > 0n) {
    ops.push({
      op: 'transfer',
      id: randomUUID(),
      asset: receivedAsset,
      debit: customer,
      credit: { system: 'fees' },
      amount: fee,
      code: 'trade_fee',
      metadata,
    });
  }
  order.filledQuantity = quantity;
  order.filledNotional = notional;
  order.feePaid = fee;
  if (holdRemaining(order) > 0n) ops.push({ op: 'void', holdId: order.id, metadata });
  return { ops, fee };
}

/** Ends an order that did not (or not wholly) execute, returning its whole hold. */
async function close(
  deps: VenueOrderDependencies,
  order: OrderState,
  outcome: { status: 'rejected' | 'cancelled'; reason: string },
) {
  const now = deps.clock.now();
  Object.assign(order, { status: outcome.status, cancelReason: outcome.reason, closedAt: now, updatedAt: now });
  await deps.db.transaction(async (tx) => {
    await updateOrders(tx, [order]);
    await deps.ledger.apply(tx, [{ op: 'void', holdId: order.id, metadata: { reason: outcome.reason } }]);
  });
}

function fillRecords(order: OrderState, market: Market, fills: VenueFill[], now: Date): FillRecord[] {
  return fills.map((fill, index) => ({
    id: randomUUID(),
    pair: market.symbol,
    book: 'venue',
    venue: order.venue,
    seq: null,
    makerOrderId: null,
    takerOrderId: order.id,
    makerUserId: null,
    takerUserId: order.userId,
    takerSide: order.side,
    price: fill.price,
    quantity: fill.quantity,
    notional: (fill.price * fill.quantity) / scaleFactor(market.baseScale),
    makerFee: 0n,
    takerFee: index === 0 ? order.feePaid : 0n,
    createdAt: now,
  }));
}

/** Step 3: the platform's fills settled against the house's liquidity, with the order's fill rows. */
async function settle(deps: VenueOrderDependencies, order: OrderState, fills: VenueFill[]): Promise<FillRecord[]> {
  const market = requireMarket(order.pair);
  const now = deps.clock.now();
  const { ops } = settlementOps(order, market, fills);
  const wantedAll = order.quantity === null || order.filledQuantity === order.quantity;
  Object.assign(order, {
    status: wantedAll ? 'filled' : 'cancelled',
    cancelReason: wantedAll ? null : 'ioc_remainder',
    closedAt: now,
    updatedAt: now,
  });
  const records = fillRecords(order, market, fills, now);
  await deps.db.transaction(async (tx) => {
    await updateOrders(tx, [order]);
    await insertFills(tx, records);
    await deps.ledger.apply(tx, ops);
  });
  return records;
}

/** An order to execute; `claimId`, its request's Idempotency-Key, is bound to it in step 1 (ADR 0024). */
interface VenueExecution {
  order: OrderState;
  intent: OrderIntent;
  adapter: VenueAdapter;
  claimId?: string | null;
}

/** Step 1: the order recorded as pending with its hold, in one transaction. */
async function recordPending(deps: VenueOrderDependencies, order: OrderState, claimId: string | null) {
  const hold = {
    id: order.id,
    owner: order.userId,
    asset: order.holdAsset as AssetSymbol,
    amount: order.holdAmount,
    code: 'order_hold' as const,
    metadata: { pair: order.pair, venue: order.venue },
  };
  await deps.db
    .transaction(async (tx) => {
      await insertOrders(tx, [order]);
      await bindIdempotentEffect(tx, claimId, order.id);
      await deps.ledger.hold(tx, hold);
    })
    .catch((error: unknown) => {
      throw isLedgerError(error, 'available_balance_must_cover_hold')
        ? new AppError('available_balance_must_cover_order')
        : error;
    });
}

/** Steps 2 and 3 once the platform said (or was asked) what it filled. */
async function finish(deps: VenueOrderDependencies, order: OrderState, fills: VenueFill[]) {
  if (fills.length === 0) {
    await close(deps, order, { status: 'cancelled', reason: 'market_no_liquidity' });
    return { order, fills: [] };
  }
  try {
    return { order, fills: await settle(deps, order, fills) };
  } catch (error) {
    if (!isLedgerError(error)) throw error;
    Object.assign(order, { filledQuantity: 0n, filledNotional: 0n, feePaid: 0n });
    await close(deps, order, { status: 'rejected', reason: 'venue_liquidity_insufficient' });
    throw new AppError('venue_liquidity_insufficient');
  }
}

async function execute(deps: VenueOrderDependencies, input: VenueExecution) {
  const { order, intent, adapter } = input;
  order.holdAmount = await holdFor(intent.market, intent, adapter);
  await recordPending(deps, order, input.claimId ?? null);
  let fills: VenueFill[];
  try {
    const budget = order.side === 'buy' ? (order.budget ?? order.holdAmount) : undefined;
    const quantity = order.quantity ?? undefined;
    fills = await adapter.execute({
      market: intent.market,
      side: order.side,
      quantity,
      budget,
      clientOrderId: order.id,
    });
  } catch {
    // The order may have executed before the answer was lost: ask the platform before deciding.
    const found = await adapter.findOrder(intent.market, order.id).catch(() => undefined);
    if (found === undefined) return { order, fills: [] };
    if (found === null) {
      await close(deps, order, { status: 'rejected', reason: 'venue_unavailable' });
      throw new AppError('venue_is_unavailable');
    }
    fills = found;
  }
  return finish(deps, order, fills);
}

/**
 * Settles or returns the pending orders created before `olderThan` (none of them can still be in
 * flight), as their platform says they went; an order whose platform cannot be asked stays pending.
 */
async function reconcilePending(deps: VenueOrderDependencies, olderThan: Date) {
  const counts = { settled: 0, returned: 0, unknown: 0 };
  const { rows } = await deps.db.execute<Record<string, unknown>>(
    sql`SELECT * FROM orders WHERE status = 'pending' AND created_at < ${olderThan.toISOString()}::timestamptz`,
  );
  for (const order of rows.map(toOrderState)) {
    const adapter = deps.adapterOf(order.venue);
    const found = adapter ? await adapter.findOrder(requireMarket(order.pair), order.id).catch(() => undefined) : null;
    if (found === undefined) {
      counts.unknown += 1;
    } else if (found === null) {
      await close(deps, order, { status: 'rejected', reason: 'venue_unconfirmed' });
      counts.returned += 1;
    } else {
      const { fills } = await finish(deps, order, found).catch(() => ({ fills: [] }));
      counts[fills.length > 0 ? 'settled' : 'returned'] += 1;
    }
  }
  return counts;
}

/** A market order for an external platform, as recorded before it is sent (status pending). */
export function pendingVenueOrder(orderId: string, userId: string, intent: OrderIntent, now: Date): OrderState {
  return {
    ...orderStateFromIntent(orderId, userId, intent, now),
    orderType: 'market',
    book: 'venue',
    timeInForce: null,
    postOnly: false,
    price: null,
    status: 'pending',
  };
}

export function createVenueOrders(deps: VenueOrderDependencies) {
  return {
    execute: (input: VenueExecution) => execute(deps, input),
    reconcilePending: (options: { olderThan: Date }) => reconcilePending(deps, options.olderThan),
  };
}

export type VenueOrders = ReturnType<typeof createVenueOrders>;
