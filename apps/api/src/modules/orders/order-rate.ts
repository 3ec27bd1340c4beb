// POST /order/rate: what an order would cost now on the chosen venue, before it is placed: the
// expected average price, the fee at the venue's maker or taker rate, the total paid or received and
// what arrives in the wallet. Rora's own book is read from the market's runner; an external venue
// from its adapter's depth. Rounds like the order flow: fees up, amounts exact on ticks and lots.
import type { OrderRate } from '@rora/contracts';
import { FEE_ROUNDING, applyBps, formatAmount, mulDiv, scaleFactor } from '@rora/money';
import { AppError } from '../../lib/errors.ts';
import {
  formatBase,
  formatPrice,
  formatQuote,
  notionalOf,
  priceOfTicks,
  quantityOfLots,
  type Market,
} from '../markets/market-specs.ts';
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

export async function estimateOrder(
  intent: OrderIntent,
  source: { book: BookView; adapter: VenueAdapter | null },
): Promise<OrderRate> {
  const { market } = intent;
  let quantity: bigint;
  let notional: bigint;
  let role: 'maker' | 'taker' = 'taker';
  let fullyFillable = true;
  if (intent.orderType === 'limit') {
    quantity = quantityOfLots(market, intent.qtyLots!);
    notional = notionalOf(market, intent.priceTicks!, intent.qtyLots!);
    const best = source.book.depth(1)[intent.side === 'buy' ? 'asks' : 'bids'][0];
    const crosses =
      best !== undefined &&
      (intent.side === 'buy' ? best.priceTicks <= intent.priceTicks! : best.priceTicks >= intent.priceTicks!);
    role = crosses && intent.book === 'lit' ? 'taker' : 'maker';
  } else {
    const { fills } = await fillsFor(market, intent, source);
    ({ quantity, notional } = sum(fills, market));
    fullyFillable = intent.qtyLots === null ? fills.length > 0 : quantity === quantityOfLots(market, intent.qtyLots);
  }
  const feeBps = role === 'taker' ? intent.venue.takerFeeBps : intent.venue.makerFeeBps;
  const buy = intent.side === 'buy';
  const fee = applyBps(buy ? quantity : notional, feeBps, FEE_ROUNDING);
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
    feeBps,
    fee: formatAmount(fee, buy ? market.baseScale : market.quoteScale),
    feeAsset: buy ? market.base : market.quote,
    total: formatQuote(market, buy ? notional : notional - fee),
    receive: buy ? formatBase(market, quantity - fee) : formatQuote(market, notional - fee),
    receiveAsset: buy ? market.base : market.quote,
    fullyFillable,
  };
}
