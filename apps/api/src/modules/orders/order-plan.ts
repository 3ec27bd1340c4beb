// How the runner turns an order intent into an engine command and the exact hold it needs, at the
// moment it reaches the book (the runner is the only writer, so the book it reads is the book the
// order meets). A limit buy holds price × amount; a sell holds the amount; a market buy by amount
// becomes an IOC limit at the worst price the book needs to fill it, holding that cost; a market buy
// by total holds the total. Whatever a hold does not spend is voided when the order ends.
import type { Depth, MarketPlaceCommand } from '@rora/matching-engine';
import type { ErrorCode } from '@rora/contracts';
import { notionalOf, quantityOfLots, type Market } from '../markets/index.ts';
import type { OrderIntent } from './order-request.ts';

export type OrderPlan =
  | { ok: true; command: Omit<MarketPlaceCommand, 'orderId' | 'owner'>; holdAsset: string; holdAmount: bigint }
  | { ok: false; code: ErrorCode };

/** The levels a taker would sweep for `qtyLots`: worst price and the notional in tick-lots. */
export function walkLevels(
  levels: Depth['asks'],
  qtyLots: number,
): { worstTicks: number; costTickLots: bigint } | null {
  let left = qtyLots;
  let worstTicks = 0;
  let cost = 0n;
  for (const level of levels) {
    if (left <= 0) break;
    const take = Math.min(left, level.qtyLots);
    worstTicks = level.priceTicks;
    cost += BigInt(take) * BigInt(level.priceTicks);
    left -= take;
  }
  return worstTicks === 0 ? null : { worstTicks, costTickLots: cost };
}

export interface BookView {
  depth(levels?: number): Depth;
}

const SHALLOW_LEVELS = 64;

/** The opposite side's levels, enough of them to cover `qtyLots` (the whole side only when needed). */
function levelsFor(book: BookView, takerSide: 'buy' | 'sell', qtyLots: number): Depth['asks'] {
  const pick = (depth: Depth) => (takerSide === 'buy' ? depth.asks : depth.bids);
  const shallow = pick(book.depth(SHALLOW_LEVELS));
  const covered = shallow.reduce((sum, level) => sum + level.qtyLots, 0) >= qtyLots;
  return covered || shallow.length < SHALLOW_LEVELS ? shallow : pick(book.depth());
}

export function planOrder(market: Market, intent: OrderIntent, book: BookView): OrderPlan {
  const dark = intent.book === 'dark';
  if (intent.orderType === 'limit') {
    const { priceTicks, qtyLots } = intent as { priceTicks: number; qtyLots: number };
    const command = {
      side: intent.side,
      type: 'limit' as const,
      priceTicks,
      qtyLots,
      timeInForce: intent.timeInForce ?? 'GTC',
      postOnly: intent.postOnly,
      dark,
    };
    const holdAmount =
      intent.side === 'buy' ? notionalOf(market, priceTicks, qtyLots) : quantityOfLots(market, qtyLots);
    return { ok: true, command, holdAsset: intent.side === 'buy' ? market.quote : market.base, holdAmount };
  }
  if (intent.budget !== null) {
    if (book.depth(1).asks.length === 0) return { ok: false, code: 'market_has_no_liquidity' };
    const budgetTickLots = intent.budget / market.tickLotValue;
    if (budgetTickLots > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, code: 'quantity_is_out_of_range' };
    const command = { side: 'buy' as const, type: 'market' as const, budgetTickLots: Number(budgetTickLots) };
    return { ok: true, command, holdAsset: market.quote, holdAmount: intent.budget };
  }
  const qtyLots = intent.qtyLots!;
  const walk = walkLevels(levelsFor(book, intent.side, qtyLots), qtyLots);
  if (walk === null) return { ok: false, code: 'market_has_no_liquidity' };
  if (walk.costTickLots * market.tickLotValue < market.minNotional) {
    return { ok: false, code: 'notional_must_reach_minimum' };
  }
  if (intent.side === 'sell') {
    const command = { side: 'sell' as const, type: 'market' as const, qtyLots };
    return { ok: true, command, holdAsset: market.base, holdAmount: quantityOfLots(market, qtyLots) };
  }
  const command = {
    side: 'buy' as const,
    type: 'limit' as const,
    timeInForce: 'IOC' as const,
    priceTicks: walk.worstTicks,
    qtyLots,
  };
  return {
    ok: true,
    command,
    holdAsset: market.quote,
    holdAmount: notionalOf(market, walk.worstTicks, qtyLots),
  };
}
