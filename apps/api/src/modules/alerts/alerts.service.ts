// Price alerts (spec §7 POST /alert): above or below a price on a pair. An alert fires once, the
// first time the pair's last price (Rora's last public trade) reaches it: a notification (the bell),
// an e-mail when the customer has AI price notifications on (messaging category price_alert), and
// an `alerts` event on the customer's stream. "Crosses" is honest: an alert above must be set above
// the current last price, one below below it.
import { randomUUID } from 'node:crypto';
import { MAX_ACTIVE_ALERTS, type Alert, type AlertBody, type PageQuery } from '@rora/contracts';
import type { Db } from '@rora/db';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import {
  MARKETS,
  findMarket,
  formatTickPrice,
  parsePriceTicks,
  priceOfTicks,
  requireMarket,
  type Market,
} from '../markets/index.ts';
import type { MessagingService } from '../messaging/index.ts';
import { LAST_PRICE_TOPIC, type LastPriceEvent } from '../market-data/index.ts';
import type { NotificationService } from '../notifications/index.ts';
import { topics, type EventBus } from '../realtime/index.ts';
import {
  deleteAlert,
  emailOf,
  fireCrossed,
  insertWithinLimit,
  listAlerts,
  thresholds,
  type AlertRow,
} from './alerts.repository.ts';

export interface AlertsService {
  create(input: { userId: string; body: AlertBody }): Promise<Alert>;
  list(input: {
    userId: string;
    page: PageQuery;
  }): Promise<{ items: Alert[]; page: number; limit: number; total: number }>;
  remove(input: { userId: string; id: string }): Promise<void>;
  /** Checks the pair's alerts against a new last price (each LAST_PRICE_TOPIC event calls it). */
  onLastPrice(market: Market, price: bigint): void;
  /** Loads the thresholds; then a price that reaches none costs no query. */
  start(): Promise<void>;
  /** Resolves when every alert check started so far has finished (tests). */
  settled(): Promise<void>;
}

export function alertView(row: AlertRow): Alert {
  const market = requireMarket(row.pair);
  return {
    id: row.id,
    symbol: row.pair,
    condition: row.condition,
    price: formatTickPrice(market, row.price),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    triggeredAt: row.triggeredAt?.toISOString() ?? null,
    triggeredPrice: row.triggeredPrice === null ? null : formatTickPrice(market, row.triggeredPrice),
  };
}

interface AlertsDependencies {
  db: Db;
  clock: Clock;
  events: EventBus;
  notifications: NotificationService;
  messaging: MessagingService;
  lastPrice(market: Market): bigint | null;
  log: { error(object: object, message: string): void };
}

/**
 * Tells the customer an alert fired: the bell (its text written by the app from the params, in the
 * reader's language; `message` is the English fallback), their stream, and (if they want it) an
 * e-mail in their language.
 */
async function announce(deps: AlertsDependencies, row: AlertRow): Promise<void> {
  const alert = alertView(row);
  const market = requireMarket(row.pair);
  const triggered = row.triggeredPrice ?? row.price;
  const message = `${alert.symbol} is ${alert.condition} ${alert.price} ${market.quote}: last price ${alert.triggeredPrice} ${market.quote}`;
  await deps.notifications.notify(row.userId, {
    kind: 'price_alert',
    message,
    data: {
      alertId: row.id,
      symbol: market.symbol,
      condition: row.condition,
      price: alert.price,
      triggeredPrice: formatTickPrice(market, triggered),
    },
  });
  await deps.events.publish(topics.user(row.userId), { channel: 'alerts', type: 'triggered', data: alert });
  const to = await emailOf(deps.db, row.userId);
  if (!to) return;
  const params = {
    symbol: market.symbol,
    condition: row.condition,
    // Plain, at the tick's decimals: the template groups them in the reader's marks (`61 000,50`).
    price: formatTickPrice(market, row.price),
    triggeredPrice: formatTickPrice(market, triggered),
    quote: market.quote,
  };
  await deps.messaging
    .email({ to, userId: row.userId, category: 'price_alert', template: { kind: 'price_alert', params } })
    .catch((error: unknown) => deps.log.error({ error: (error as Error).name }, 'price alert e-mail failed'));
}

async function createAlert(deps: AlertsDependencies, input: { userId: string; body: AlertBody }): Promise<AlertRow> {
  const { db, clock } = deps;
  const { userId, body } = input;
  const market = requireMarket(body.symbol);
  // The order path's rule: positive, on the pair's tick and within the engine's range of ticks.
  const price = priceOfTicks(market, parsePriceTicks(market, body.price));
  const last = deps.lastPrice(market);
  if (last === null) throw new AppError('market_has_no_last_price');
  if (body.condition === 'above' && price <= last) {
    throw new AppError('alert_price_must_be_above_last_price', { field: 'price' });
  }
  if (body.condition === 'below' && price >= last) {
    throw new AppError('alert_price_must_be_below_last_price', { field: 'price' });
  }
  const alert = { id: randomUUID(), userId, pair: market.symbol, condition: body.condition, price };
  const row = await insertWithinLimit(db, { ...alert, referencePrice: last, now: clock.now() }, MAX_ACTIVE_ALERTS);
  if (!row) throw new AppError('alert_limit_reached');
  return row;
}

export function createAlertsService(deps: AlertsDependencies): AlertsService {
  const { db, clock } = deps;
  const limits = new Map<string, { above: bigint | null; below: bigint | null }>();
  const chains = new Map<string, Promise<void>>();
  const refresh = async (pair: string) => void limits.set(pair, await thresholds(db, pair));

  async function check(market: Market, price: bigint): Promise<void> {
    const limit = limits.get(market.symbol);
    if (!limit) return;
    const reached = (limit.above !== null && price >= limit.above) || (limit.below !== null && price <= limit.below);
    if (!reached) return;
    const fired = await fireCrossed(db, { pair: market.symbol, price, now: clock.now() });
    await refresh(market.symbol);
    for (const row of fired) await announce(deps, row);
  }

  const service: AlertsService = {
    async create(input) {
      const row = await createAlert(deps, input);
      await refresh(row.pair);
      return alertView(row);
    },
    async list({ userId, page }) {
      const { items, total } = await listAlerts(db, {
        userId,
        limit: page.limit,
        offset: (page.page - 1) * page.limit,
      });
      return { items: items.map(alertView), page: page.page, limit: page.limit, total };
    },
    async remove({ userId, id }) {
      const pair = await deleteAlert(db, userId, id);
      if (!pair) throw new AppError('resource_not_found', { message: 'Alert not found' });
      await refresh(pair);
    },
    onLastPrice(market, price) {
      const previous = chains.get(market.symbol) ?? Promise.resolve();
      const next = previous
        .then(() => check(market, price))
        .catch((error: unknown) =>
          deps.log.error({ pair: market.symbol, error: (error as Error).name }, 'alert check failed'),
        );
      chains.set(market.symbol, next);
    },
    async start() {
      await Promise.all(MARKETS.map((market) => refresh(market.symbol)));
    },
    async settled() {
      await Promise.all([...chains.values()]);
    },
  };
  deps.events.subscribe(LAST_PRICE_TOPIC, (event) => {
    const { symbol, price } = event.data as LastPriceEvent;
    const market = findMarket(symbol);
    if (market) service.onLastPrice(market, BigInt(price));
  });
  return service;
}
