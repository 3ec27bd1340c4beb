// The money boundary of the engine: maps bigint minor units to whole ticks and lots and back.
// A price is quote minor units per one whole base unit; a quantity is base minor units. The engine
// works on plain safe integers; everything here is bigint, exact, and refuses what does not fit.

export interface MarketSpec {
  symbol: string;
  /** Decimals of the base asset's minor unit (BTC 8, ETH 18). */
  baseScale: number;
  /** One tick in quote minor units per whole base unit (0.01 USDT = 10_000n with USDT at scale 6). */
  tickSize: bigint;
  /** One lot in base minor units (0.00001 BTC = 1_000n). */
  lotSize: bigint;
  /** Smallest notional of a new dark-pool order, in quote minor units. */
  darkMinNotional: bigint;
}

export type Conversion<Code extends string> = { ok: true; value: number } | { ok: false; code: Code };

export type PriceCode = 'price_must_be_positive' | 'price_must_be_multiple_of_tick' | 'price_must_fit_engine_range';
export type QuantityCode =
  'quantity_must_be_positive' | 'quantity_must_be_multiple_of_lot' | 'quantity_must_fit_engine_range';
export type BudgetCode = 'budget_must_cover_one_tick_lot' | 'budget_must_fit_engine_range';

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Throws when a spec could not describe a market; specs are configuration, checked at start. */
export function assertMarketSpec(spec: MarketSpec): void {
  if (!Number.isInteger(spec.baseScale) || spec.baseScale < 0 || spec.baseScale > 36) {
    throw new Error(`${spec.symbol}: baseScale must be an integer from 0 to 36`);
  }
  if (spec.tickSize <= 0n) throw new Error(`${spec.symbol}: tickSize must be positive`);
  if (spec.lotSize <= 0n) throw new Error(`${spec.symbol}: lotSize must be positive`);
  if (spec.darkMinNotional < 0n) throw new Error(`${spec.symbol}: darkMinNotional must not be negative`);
  if (darkMinNotionalTickLots(spec) > Number.MAX_SAFE_INTEGER) {
    throw new Error(`${spec.symbol}: darkMinNotional is beyond the engine's range`);
  }
}

export function priceToTicks(spec: MarketSpec, price: bigint): Conversion<PriceCode> {
  if (price <= 0n) return { ok: false, code: 'price_must_be_positive' };
  if (price % spec.tickSize !== 0n) return { ok: false, code: 'price_must_be_multiple_of_tick' };
  const ticks = price / spec.tickSize;
  if (ticks > MAX_SAFE) return { ok: false, code: 'price_must_fit_engine_range' };
  return { ok: true, value: Number(ticks) };
}

export function quantityToLots(spec: MarketSpec, quantity: bigint): Conversion<QuantityCode> {
  if (quantity <= 0n) return { ok: false, code: 'quantity_must_be_positive' };
  if (quantity % spec.lotSize !== 0n) return { ok: false, code: 'quantity_must_be_multiple_of_lot' };
  const lots = quantity / spec.lotSize;
  if (lots > MAX_SAFE) return { ok: false, code: 'quantity_must_fit_engine_range' };
  return { ok: true, value: Number(lots) };
}

function safeBig(value: number, what: string): bigint {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${what} must be a non-negative safe integer`);
  return BigInt(value);
}

export function ticksToPrice(spec: MarketSpec, priceTicks: number): bigint {
  return safeBig(priceTicks, 'priceTicks') * spec.tickSize;
}

export function lotsToQuantity(spec: MarketSpec, qtyLots: number): bigint {
  return safeBig(qtyLots, 'qtyLots') * spec.lotSize;
}

/** Quote minor units per tick-lot, as the fraction numerator / 10^baseScale. */
function tickLotNumerator(spec: MarketSpec): bigint {
  return spec.tickSize * spec.lotSize;
}

function scaleOf(spec: MarketSpec): bigint {
  return 10n ** BigInt(spec.baseScale);
}

export interface NotionalInput {
  priceTicks: number;
  qtyLots: number;
  /** 'up' for what a buyer pays or holds, 'down' for what a seller receives: the house never loses dust. */
  rounding: 'up' | 'down';
}

/** priceTicks × qtyLots in quote minor units, rounded as asked. */
export function notional(spec: MarketSpec, input: NotionalInput): bigint {
  const exact = safeBig(input.priceTicks, 'priceTicks') * safeBig(input.qtyLots, 'qtyLots') * tickLotNumerator(spec);
  const scale = scaleOf(spec);
  const whole = exact / scale;
  return input.rounding === 'up' && whole * scale !== exact ? whole + 1n : whole;
}

/**
 * A market buy's budget in tick-lots, rounded down so the fills can never cost more than the
 * budget (the hold). Refused when it cannot pay for even one lot at one tick.
 */
export function budgetToTickLots(spec: MarketSpec, budget: bigint): Conversion<BudgetCode> {
  const tickLots = (budget * scaleOf(spec)) / tickLotNumerator(spec);
  if (tickLots <= 0n) return { ok: false, code: 'budget_must_cover_one_tick_lot' };
  if (tickLots > MAX_SAFE) return { ok: false, code: 'budget_must_fit_engine_range' };
  return { ok: true, value: Number(tickLots) };
}

/**
 * The dark pool's minimum as priceTicks × qtyLots, rounded up: an order passes the engine's check
 * exactly when its notional in quote minor units reaches `darkMinNotional`.
 */
export function darkMinNotionalTickLots(spec: MarketSpec): number {
  const numerator = spec.darkMinNotional * scaleOf(spec);
  const perTickLot = tickLotNumerator(spec);
  const tickLots = (numerator + perTickLot - 1n) / perTickLot;
  return tickLots > MAX_SAFE ? Number.POSITIVE_INFINITY : Number(tickLots);
}

/** The same rule as the dark book's, for the order service to refuse before it holds funds. */
export function checkDarkMinNotional(
  spec: MarketSpec,
  order: { priceTicks: number; qtyLots: number },
): 'notional_must_reach_dark_pool_minimum' | null {
  const exact = safeBig(order.priceTicks, 'priceTicks') * safeBig(order.qtyLots, 'qtyLots') * tickLotNumerator(spec);
  return exact >= spec.darkMinNotional * scaleOf(spec) ? null : 'notional_must_reach_dark_pool_minimum';
}
