// POST /order/rate: what an order would cost now on the chosen venue, before it is placed: the
// expected average price, the fee at the venue's maker or taker rate, the total paid or received and
// what arrives in the wallet. Rora's own book is read from the market's runner; an external venue
// from its adapter's depth. A limit order that crosses is priced at the book's levels up to its limit
// for what trades at once, at its limit for what rests. Rounds like the order flow: fees up.
import type { OrderRate } from '@rora/contracts';
import { FEE_ROUNDING, applyBps, formatAmount, mulDiv, scaleFactor } from '@rora/money';
import { AppError } from '../../lib/errors.ts';
import { formatBase, formatPrice, formatQuote, priceOfTicks, quantityOfLots, type Market } from '../markets/index.ts';
import { walkDepth, type VenueAdapter, type VenueFill } from '../venues/index.ts';
import type { BookView } from './order-plan.ts';
import type { OrderIntent } from './order-request.ts';

/** Rora's lit book as [price, quantity] levels, best first. */
function bookLevels(market: Market, book: BookView, side: 'bids' | 'asks') {
  const levels = book.depth()[side];
  return levels.map(
    (level) => [priceOfTicks(market, level.priceTicks), quantityOfLots(market, level.qtyLots)] as const,
  );
}

async function fillsFor(market: Market, intent: OrderIntent, source: { book: BookView; adapter: VenueAdapter | null }) {
  const side = intent.side === 'buy' ? 'asks' : 'bids';
  let levels: ReadonlyArray<readonly [bigint, bigint]>;
  if (source.adapter) {
    const depth = await source.adapter.depth(market, 50).catch(() => {
      throw new AppError('venue_is_unavailable');
    });
    levels = depth[side];
  } else {
    levels = bookLevels(market, source.book, side);
  }
  const quantity = intent.qtyLots === null ? undefined : quantityOfLots(market, intent.qtyLots);
  return { fills: walkDepth(market, levels, { quantity, budget: intent.budget ?? undefined }), levels };
}

function sum(fills: VenueFill[], market: Market) {
  const quantity = fills.reduce((total, fill) => total + fill.quantity, 0n);
  const notional = fills.reduce(
    (total, fill) => total + (fill.price * fill.quantity) / scaleFactor(market.baseScale),
    0n,
  );
  return { quantity, notional };
}

/**
 * A limit order on Rora's book: what crosses fills at the book's prices up to the limit (taker),
 * the rest would rest at the limit (maker). The dark pool shows no book: all of it rests.
 */
function limitEstimate(intent: OrderIntent, book: BookView) {
  const { market } = intent;
  const quantity = quantityOfLots(market, intent.qtyLots!);
  const limit = priceOfTicks(market, intent.priceTicks!);
  const side = intent.side === 'buy' ? 'asks' : 'bids';
  const crossing =
    intent.book === 'dark'
      ? []
      : bookLevels(market, book, side).filter(([price]) => (intent.side === 'buy' ? price <= limit : price >= limit));
  const taken = sum(walkDepth(market, crossing, { quantity }), market);
  const resting = quantity - taken.quantity;
  return {
    taken,
    resting: { quantity: resting, notional: (limit * resting) / scaleFactor(market.baseScale) },
  };
}

export async function estimateOrder(
  intent: OrderIntent,
  source: { book: BookView; adapter: VenueAdapter | null },
): Promise<OrderRate> {
  const { market } = intent;
  const buy = intent.side === 'buy';
  let taken: { quantity: bigint; notional: bigint };
  let resting = { quantity: 0n, notional: 0n };
  let fullyFillable = true;
  if (intent.orderType === 'limit') {
    ({ taken, resting } = limitEstimate(intent, source.book));
  } else {
    const { fills } = await fillsFor(market, intent, source);
    taken = sum(fills, market);
    fullyFillable =
      intent.qtyLots === null ? fills.length > 0 : taken.quantity === quantityOfLots(market, intent.qtyLots);
  }
  const quantity = taken.quantity + resting.quantity;
  const notional = taken.notional + resting.notional;
  const role: 'maker' | 'taker' = taken.quantity > 0n || intent.orderType === 'market' ? 'taker' : 'maker';
  const feeOf = (part: { quantity: bigint; notional: bigint }, bps: number) =>
    applyBps(buy ? part.quantity : part.notional, bps, FEE_ROUNDING);
  const fee = feeOf(taken, intent.venue.takerFeeBps) + feeOf(resting, intent.venue.makerFeeBps);
  const price = quantity > 0n ? mulDiv(notional, scaleFactor(market.baseScale), quantity, 'half-even') : null;
  return {
    symbol: market.symbol,
    side: intent.side,
    orderType: intent.orderType,
    venue: intent.venue.id,
    price: price === null ? null : formatPrice(market, price),
    amount: formatBase(market, quantity),
    notional: formatQuote(market, notional),
    role,
    feeBps: role === 'taker' ? intent.venue.takerFeeBps : intent.venue.makerFeeBps,
    fee: formatAmount(fee, buy ? market.baseScale : market.quoteScale),
    feeAsset: buy ? market.base : market.quote,
    total: formatQuote(market, buy ? notional : notional - fee),
    receive: buy ? formatBase(market, quantity - fee) : formatQuote(market, notional - fee),
    receiveAsset: buy ? market.base : market.quote,
    restingAmount: formatBase(market, resting.quantity),
    fullyFillable,
  };
}
