// The market maker (DESIGN §5): a house account with funded inventory that keeps a ladder of bids and
// asks on Rora's book around the reference price from the venues, so a fresh install has a live,
// two-sided market. It re-quotes when the reference moves or when fills took levels away. Beside it,
// the sandbox flow (MARKET_MAKER=on only) sends small market orders now and then, so the sandbox has
// trades, a last price and volume. Both trade through the ordinary order flow (holds, fees, ledger).
import type { Db } from '@rora/db';
import type { Ledger } from '@rora/ledger';
import { formatAmount, scaleFactor } from '@rora/money';
import type { Clock } from '../../lib/clock.ts';
import { MARKETS, formatBase, formatPrice, type Market } from '../markets/index.ts';
import type { MarketRunners, OrdersService } from '../orders/index.ts';
import type { VenuesService } from '../venues/index.ts';
import { DEFAULT_LADDER, ladder, levelNotionalOf } from './ladder.ts';
import { ensureParticipant, fundParticipant } from './participants.ts';

const REQUOTE_BPS = 12n;
/** Chance per market per tick that the sandbox flow trades. */
const FLOW_CHANCE = 0.35;

export interface MarketMaker {
  /** Creates and funds the house participants (idempotent). */
  prepare(): Promise<{ makerId: string; flowId: string }>;
  /** One quoting round on one market; resolves when its orders are answered. */
  quote(market: Market): Promise<void>;
  /** One small sandbox market order on one market. */
  flow(market: Market): Promise<void>;
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

interface MakerDependencies {
  db: Db;
  ledger: Ledger;
  clock: Clock;
  venues: VenuesService;
  orders: OrdersService;
  runners: MarketRunners;
  log: { warn(object: object, message: string): void };
}

/** Refusals the maker expects now and then (inventory spent, an order filled meanwhile) are quiet. */
const quietly = (log: MakerDependencies['log']) => (error: unknown) => {
  const code = (error as { code?: string }).code;
  if (code !== 'available_balance_must_cover_order' && code !== 'order_must_be_open') {
    log.warn({ code: code ?? (error as Error).name }, 'market maker order refused');
  }
};

/** Cancels the maker's ladder and places a fresh one when the reference moved or levels were taken. */
async function requote(
  deps: MakerDependencies,
  options: { market: Market; makerId: string; last: Map<string, bigint> },
) {
  const { market, makerId, last } = options;
  const reference = await deps.venues.referencePrice(market);
  if (reference === null) return;
  const runner = deps.runners.runner(market);
  const mine = runner.openOrders().lit.filter((order) => order.owner === makerId);
  const quotes = ladder(market, reference, { ...DEFAULT_LADDER, levelNotional: levelNotionalOf(market) });
  const previous = last.get(market.symbol);
  const delta = previous === undefined ? reference : reference > previous ? reference - previous : previous - reference;
  const moved = previous === undefined || delta * 10_000n > REQUOTE_BPS * previous;
  if (!moved && mine.length >= quotes.length) return;
  last.set(market.symbol, reference);
  const ignore = quietly(deps.log);
  await Promise.all([
    ...mine.map((order) => runner.cancel(String(order.orderId)).catch(ignore)),
    ...quotes.map((item) => {
      const body = {
        symbol: market.symbol,
        side: item.side,
        orderType: 'limit' as const,
        price: formatPrice(market, item.price),
        amount: formatBase(market, item.quantity),
      };
      return deps.orders.placeForHouse({ userId: makerId, body }).catch(ignore);
    }),
  ]);
}

/** One small market order of the sandbox flow, buy or sell at random, worth 20 to 300 USDT. */
async function sandboxTrade(deps: MakerDependencies, market: Market, flowId: string): Promise<void> {
  const reference = await deps.venues.referencePrice(market);
  if (reference === null) return;
  const notional = BigInt(20 + Math.floor(Math.random() * 280)) * scaleFactor(market.quoteScale);
  const lots = (notional * scaleFactor(market.baseScale)) / reference / market.spec.lotSize;
  if (lots === 0n) return;
  const body =
    Math.random() < 0.5
      ? {
          symbol: market.symbol,
          side: 'buy' as const,
          orderType: 'market' as const,
          total: formatAmount(notional, market.quoteScale),
        }
      : {
          symbol: market.symbol,
          side: 'sell' as const,
          orderType: 'market' as const,
          amount: formatBase(market, lots * market.spec.lotSize),
        };
  await deps.orders.placeForHouse({ userId: flowId, body }).catch(quietly(deps.log));
}

export function createMarketMaker(deps: MakerDependencies): MarketMaker {
  const lastReference = new Map<string, bigint>();
  let ids: { makerId: string; flowId: string } | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let round: Promise<void> = Promise.resolve();

  async function prepare() {
    if (ids) return ids;
    const makerId = await ensureParticipant(deps.db, 'market_maker');
    const flowId = await ensureParticipant(deps.db, 'sandbox_flow');
    await fundParticipant(deps.db, deps.ledger, { userId: makerId, role: 'market_maker' });
    await fundParticipant(deps.db, deps.ledger, { userId: flowId, role: 'sandbox_flow' });
    ids = { makerId, flowId };
    return ids;
  }

  const quote = async (market: Market) =>
    requote(deps, { market, makerId: (await prepare()).makerId, last: lastReference });
  const flow = async (market: Market) => sandboxTrade(deps, market, (await prepare()).flowId);

  async function tick(): Promise<void> {
    for (const market of MARKETS) {
      // Each shard's writer makes its own markets (ADR 0046); the others' are made where they are written.
      if (!deps.runners.writesNow(market)) continue;
      await quote(market).catch(quietly(deps.log));
      if (Math.random() < FLOW_CHANCE) await flow(market).catch(quietly(deps.log));
    }
  }

  return {
    prepare,
    quote,
    flow,
    start(intervalMs) {
      if (running) return;
      running = true;
      // Each round starts a pause after the previous one ends, so slow rounds never pile up.
      const loop = () => {
        round = tick().finally(() => {
          if (running) timer = setTimeout(loop, intervalMs).unref();
        });
      };
      loop();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await round.catch(() => undefined);
    },
  };
}
