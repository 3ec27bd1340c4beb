// The orders context's service: place (KYC gate, validation, then the market's runner or an
// external venue), cancel, read and estimate orders. The runner does the hold, the match and the
// settlement in one commit; this service answers with the order as committed.
import type { Order, OrderList, OrderRate, PageQuery, SwapOrderBody, TradeOrderBody } from '@rora/contracts';
import type { Db, Tx } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { KycGate } from '../kyc/index.ts';
import { requireMarket, type Market } from '../markets/index.ts';
import type { VenuesService } from '../venues/index.ts';
import type { MarketRunners } from './market-runners.ts';
import { estimateOrder } from './order-rate.ts';
import { toOrderIntent, type OrderIntent } from './order-request.ts';
import { fillsOfOrders, findOwnOrder, listOwnOrders, type OrderListType } from './orders.queries.ts';
import { orderView } from './order-view.ts';
import { pendingVenueOrder, type VenueOrders } from './venue-orders.ts';
import type { OrderOutcome } from './market-runner.ts';
import type { OrderState } from './order-state.ts';
import type { IdempotencyHandle, IdempotencyRecovery, IdempotentRequest } from '../../lib/idempotency-recovery.ts';
import { LOCAL, type ForwardedCommand, type ForwardedKey, type OrderForwarding } from './order-forwarding.ts';
import { orderedId } from '../../lib/ordered-id.ts';

/** POST /order with type swap is served by the swap context, which the core passes in. */
export type SwapOrderHandler = (input: {
  userId: string;
  body: SwapOrderBody;
  /** The claimed Idempotency-Key, bound to the swap as it is placed (ADR 0024). */
  claimId: string | null;
}) => Promise<unknown>;

/** What orders need of the swap context. */
export interface SwapOrders {
  place: SwapOrderHandler;
  recover: IdempotencyRecovery;
}

/** A placed order's answer: as stored under its key (Rora's book), or data to send (swap, venue). */
export type PlacedAnswer = { answer: string } | { data: unknown };

export interface OrdersService {
  /**
   * Places an order. With an idempotency key, an order for Rora's book stores its answer in the
   * batch that commits it (ADR 0013); a swap or an external platform's order claims the key first.
   */
  place(input: {
    userId: string;
    /** Approval read with the session (SessionIdentity.kycApproved): no need to read it again. */
    kycApproved?: boolean;
    body: TradeOrderBody | SwapOrderBody;
    idempotency?: IdempotencyHandle | null;
  }): Promise<PlacedAnswer>;
  /** For house participants (the market maker): no KYC gate, the same flow otherwise. */
  placeForHouse(input: { userId: string; body: TradeOrderBody }): Promise<OrderOutcome>;
  cancel(input: { userId: string; orderId: string }): Promise<Order>;
  get(input: { userId: string; orderId: string }): Promise<Order>;
  list(input: { userId: string; query: PageQuery & { type?: OrderListType; symbol?: string } }): Promise<OrderList>;
  rate(input: { body: TradeOrderBody }): Promise<OrderRate>;
  /** The answer to a swap or platform order whose request died after it was recorded (ADR 0024). */
  recover: IdempotencyRecovery;
  /** On the books' writer: runs an order or cancel another replica forwarded (ADR 0045). */
  serveForwarded(command: ForwardedCommand): Promise<PlacedAnswer | Order | OrderRate>;
}

const KYC_CACHE_MS = 30_000;

interface OrdersDependencies {
  db: Db;
  clock: Clock;
  kycGate: KycGate;
  venues: VenuesService;
  runners: MarketRunners;
  /** The swap context (built before orders); without it, POST /order of type swap is refused. */
  swaps?: SwapOrders;
  venueOrders: VenueOrders;
  /** Sends book orders to the process that writes the books, when that is another (ADR 0045). */
  forwarding?: OrderForwarding;
}

/**
 * An order for Rora's book (lit or dark) goes to its market's runner, its key committing with it; a
 * market order for an external platform claims its key, then executes there.
 */
async function submitOrder(
  deps: OrdersDependencies,
  input: { userId: string; intent: OrderIntent; idempotency?: IdempotencyHandle | null },
): Promise<OrderOutcome> {
  const { userId, intent, idempotency } = input;
  const orderId = orderedId();
  if (intent.book !== 'venue') {
    return deps.runners.runner(intent.market).place({ orderId, userId, intent, idempotency: idempotency?.request });
  }
  const adapter = deps.venues.adapter(intent.venue.id);
  if (!adapter) throw new AppError('venue_is_not_listed');
  const claimId = (await idempotency?.claim()) ?? null;
  return deps.venueOrders.execute({
    order: pendingVenueOrder(orderId, userId, intent, deps.clock.now()),
    intent,
    adapter,
    claimId,
  });
}

const toForwardedKey = (request: IdempotentRequest): ForwardedKey => ({
  ...request,
  requestHash: request.requestHash.toString('hex'),
});
const fromForwardedKey = (key: ForwardedKey): IdempotentRequest => ({
  ...key,
  requestHash: Buffer.from(key.requestHash, 'hex'),
});

/** A book order's answer: as stored under its key, or the order as committed. */
const placedAnswer = (outcome: OrderOutcome): PlacedAnswer =>
  outcome.answer !== undefined ? { answer: outcome.answer } : { data: orderView(outcome.order, outcome.fills) };

/**
 * Sends the command to the writer of the market's shard when another process writes it (ADR 0045,
 * ADR 0046), and answers what that writer answered; LOCAL when this process writes the market, or
 * took its shard over on the way (only where `mayClaim`).
 */
function toShardWriter(
  deps: OrdersDependencies,
  market: Market,
  command: ForwardedCommand,
  mayClaim: boolean,
): Promise<unknown> {
  const { runners, forwarding } = deps;
  if (!forwarding || runners.writesNow(market)) return Promise.resolve(LOCAL);
  const claim = mayClaim ? () => runners.claimWriter(market) : async () => false;
  return forwarding.send(command, runners.shards.shardOf(market.symbol), claim);
}

/** What an order would cost now, on the books as written (a replica that does not write asks the writer). */
async function rateOf(deps: OrdersDependencies, body: TradeOrderBody): Promise<OrderRate> {
  const { runners, venues } = deps;
  const intent = toOrderIntent(body);
  if (intent.book !== 'venue') {
    const answer = await toShardWriter(deps, intent.market, { op: 'rate', body }, false);
    if (answer !== LOCAL) return answer as OrderRate;
  }
  const adapter = intent.book === 'venue' ? venues.adapter(intent.venue.id) : null;
  return estimateOrder(intent, { book: runners.runner(intent.market), adapter });
}

/** Cancels on this process's books (it writes them) and answers with the order as committed. */
async function cancelHere(deps: OrdersDependencies, pair: string, orderId: string): Promise<Order> {
  const outcome = await deps.runners.runner(requireMarket(pair)).cancel(orderId);
  return withFills(deps.db, outcome.order);
}

/** The order as answered, with its fills (an order that never traded has none to read). */
async function withFills(db: Db | Tx, order: OrderState): Promise<Order> {
  if (order.filledQuantity === 0n) return orderView(order, []);
  return orderView(order, (await fillsOfOrders(db, [order.id])).get(order.id) ?? []);
}

/**
 * On a shard's writer: an order or cancel another replica received (ADR 0045), never sent on again.
 * A market of a shard this process does not write (any more) is refused with 503, so the sender
 * looks for that shard's writer again.
 */
async function serveForwarded(
  deps: OrdersDependencies,
  command: ForwardedCommand,
): Promise<PlacedAnswer | Order | OrderRate> {
  const written = (market: Market) => {
    if (!deps.runners.writesNow(market)) throw new AppError('market_is_unavailable');
    return market;
  };
  if (command.op === 'rate') {
    const intent = toOrderIntent(command.body as TradeOrderBody);
    return estimateOrder(intent, { book: deps.runners.runner(written(intent.market)), adapter: null });
  }
  if (command.op === 'cancel') {
    const order = await findOwnOrder(deps.db, command.userId, command.orderId);
    if (!order) throw new AppError('resource_not_found', { message: 'Order not found' });
    written(requireMarket(order.pair));
    return cancelHere(deps, order.pair, order.id);
  }
  const intent = toOrderIntent(command.body as TradeOrderBody);
  if (intent.book === 'venue') throw new AppError('market_is_unavailable');
  written(intent.market);
  const idempotency = command.idempotency ? fromForwardedKey(command.idempotency) : undefined;
  const outcome = await deps.runners
    .runner(intent.market)
    .place({ orderId: orderedId(), userId: command.userId, intent, idempotency });
  return placedAnswer(outcome);
}

/**
 * Cancels the customer's order, here or at its shard's writer. An order open on a book this process
 * writes is the customer's to cancel: the book says so without the read of the order that each
 * cancel used to cost; one of theirs that a recent batch of such a book closed is refused the same
 * way (409). Another customer's order, or one on no book here, is read: not theirs is 404.
 */
async function cancelOrder(deps: OrdersDependencies, userId: string, orderId: string): Promise<Order> {
  const { runners, forwarding } = deps;
  const writable = runners.all().filter((each) => !forwarding || runners.writesNow(each.market));
  const runner = writable.find((each) => each.holdsOpenOrder(orderId, userId));
  if (runner) return cancelHere(deps, runner.market.symbol, orderId);
  if (writable.some((each) => each.closedOrder(orderId, userId))) throw new AppError('order_must_be_open');
  const order = await findOwnOrder(deps.db, userId, orderId);
  if (!order) throw new AppError('resource_not_found', { message: 'Order not found' });
  if (order.status !== 'open' && order.status !== 'partially_filled') throw new AppError('order_must_be_open');
  const cancel = async () => {
    const answer = await toShardWriter(deps, requireMarket(order.pair), { op: 'cancel', userId, orderId }, true);
    return answer !== LOCAL ? (answer as Order) : cancelHere(deps, order.pair, orderId);
  };
  return cancel().catch((error: unknown) => cancelledMeanwhile(deps, error, { userId, orderId }));
}

/**
 * The order was open when this cancel read it, and its writer (or this process, having taken the
 * shard over) says it is not: if the customer cancelled it meanwhile, this cancel's own included
 * (sent again after a writer died having done it, ADR 0064), the answer is the cancelled order; a
 * fill meanwhile stays a 409.
 */
async function cancelledMeanwhile(
  deps: OrdersDependencies,
  error: unknown,
  ids: { userId: string; orderId: string },
): Promise<Order> {
  if (!(error instanceof AppError) || error.code !== 'order_must_be_open') throw error;
  const order = await findOwnOrder(deps.db, ids.userId, ids.orderId);
  if (order?.status !== 'cancelled' || order.cancelReason !== 'user') throw error;
  return withFills(deps.db, order);
}

export function createOrdersService(deps: OrdersDependencies): OrdersService {
  const { db, clock } = deps;
  const approved = new Map<string, number>();
  const swapHandler = deps.swaps?.place ?? null;
  const swapRecovery = deps.swaps?.recover ?? null;

  /** Approval is final, so a recent approval is remembered instead of read on every order. */
  async function requireKyc(userId: string): Promise<void> {
    const nowMs = clock.now().getTime();
    if ((approved.get(userId) ?? 0) > nowMs) return;
    await deps.kycGate.requireApprovedKyc(userId);
    approved.set(userId, nowMs + KYC_CACHE_MS);
  }

  return {
    async place({ userId, kycApproved, body, idempotency }) {
      if (body.type === 'swap') {
        if (!swapHandler) throw new AppError('order_type_swap_unavailable');
        const claimId = (await idempotency?.claim()) ?? null;
        return { data: await swapHandler({ userId, body: body as SwapOrderBody, claimId }) };
      }
      const intent = toOrderIntent(body as TradeOrderBody);
      if (kycApproved !== true) await requireKyc(userId);
      if (intent.book !== 'venue') {
        const key = idempotency ? toForwardedKey(idempotency.request) : null;
        const command = { op: 'place', userId, body, idempotency: key } as const;
        const answer = await toShardWriter(deps, intent.market, command, true);
        if (answer !== LOCAL) return answer as PlacedAnswer;
      }
      return placedAnswer(await submitOrder(deps, { userId, intent, idempotency }));
    },

    placeForHouse: ({ userId, body }) => submitOrder(deps, { userId, intent: toOrderIntent(body) }),

    cancel: ({ userId, orderId }) => cancelOrder(deps, userId, orderId),

    serveForwarded: (command) => serveForwarded(deps, command),

    async get({ userId, orderId }) {
      const order = await findOwnOrder(db, userId, orderId);
      if (!order) throw new AppError('resource_not_found', { message: 'Order not found' });
      return withFills(db, order);
    },

    async list({ userId, query }) {
      const pair = query.symbol ? requireMarket(query.symbol).symbol : undefined;
      const { orders, total } = await listOwnOrders(db, {
        userId,
        type: query.type,
        pair,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      const fills = await fillsOfOrders(
        db,
        orders.map((order) => order.id),
      );
      const items = orders.map((order) => orderView(order, fills.get(order.id) ?? []));
      return { items, page: query.page, limit: query.limit, total };
    },

    rate: ({ body }) => rateOf(deps, body),

    async recover(tx, key) {
      // On the transaction, which holds the key's lock: it waits for no second connection.
      const order = await findOwnOrder(tx, key.userId, key.effectId);
      if (order) return { status: 201, body: { data: await withFills(tx, order) } };
      if (!swapRecovery) throw new Error(`order key bound to ${key.effectId}: no order, and no swaps`);
      return swapRecovery(tx, key);
    },
  };
}
