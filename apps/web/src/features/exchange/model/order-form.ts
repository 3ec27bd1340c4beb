// The order form as pure functions (STYLE: dYdX's order form): the amount and the total linked
// through the price, the rules the server applies (tick, lot, minimums, dark-pool minimum, balance)
// checked as the customer types and returned as data, and the body POST /order and /order/rate take.
import { DEFAULT_VENUE, type TradeOrderBody } from '@rora/contracts';
import { formatAmount, mulDiv, scaleFactor, tryParseAmount } from '@rora/money';
import type { MarketModel } from './market.ts';

export type OrderTab = 'market' | 'limit' | 'dark';
export type OrderSide = 'buy' | 'sell';

export interface OrderFormValues {
  tab: OrderTab;
  side: OrderSide;
  price: string;
  amount: string;
  total: string;
  /** Which of amount and total the customer typed last: the other one follows it. */
  edited: 'amount' | 'total';
  venue: string;
}

export interface FormContext {
  market: MarketModel;
  /** For a market order, the price the amount and total are linked with (best ask for a buy, best bid for a sell). */
  marketPrice: string | null;
  /** Available balances in minor units, or null while they load. */
  available: { base: bigint; quote: bigint } | null;
}

export type FormField = 'price' | 'amount' | 'total';

export interface FormError {
  field: FormField;
  /** The server's code for the same rule, so the message is the one the API would give. */
  code: string;
}

export const emptyForm = (venue = 'rora'): OrderFormValues => ({
  tab: 'limit',
  side: 'buy',
  price: '',
  amount: '',
  total: '',
  edited: 'amount',
  venue,
});

type Parsed = { ok: true; value: bigint } | { ok: false; code: string };

/** The API takes at most 24 whole digits in any amount or price (contracts' amountTextSchema). */
export const MAX_WHOLE_DIGITS = 24;
/** The engine keeps ticks, lots and ticks × lots as exact integers in a double. */
const MAX_ENGINE_INTEGER = BigInt(Number.MAX_SAFE_INTEGER);

function parse(text: string, scale: number, emptyCode: string): Parsed {
  if (text.trim() === '') return { ok: false, code: emptyCode };
  const result = tryParseAmount(text, scale);
  if (!result.ok) return { ok: false, code: result.code };
  const whole = text.split('.')[0] ?? '';
  return whole.length > MAX_WHOLE_DIGITS
    ? { ok: false, code: 'amount_is_too_large' }
    : { ok: true, value: result.value };
}

/** The price the order is valued at: its limit price, or the market price for a market order. */
export function priceOf(values: OrderFormValues, context: FormContext): bigint | null {
  const text = values.tab === 'market' ? context.marketPrice : values.price;
  if (!text) return null;
  const parsed = tryParseAmount(text, context.market.quoteScale);
  return parsed.ok && parsed.value > 0n ? parsed.value : null;
}

/** A market buy may be given by total (quote to spend); every other order by amount. */
export const usesTotal = (values: OrderFormValues) =>
  values.tab === 'market' && values.side === 'buy' && values.edited === 'total';

/**
 * The amount and total after one of them changed: the other follows through the price. Without a
 * price (none typed, or not a valid one) the other is empty: it showed the number it had followed
 * before, for another price or another tab, beside the amount typed now.
 */
export function linked(values: OrderFormValues, context: FormContext): { amount: string; total: string } {
  const { market } = context;
  const price = priceOf(values, context);
  if (price === null) {
    return values.edited === 'amount' ? { amount: values.amount, total: '' } : { amount: '', total: values.total };
  }
  const baseUnit = scaleFactor(market.baseScale);
  if (values.edited === 'amount') {
    const amount = tryParseAmount(values.amount, market.baseScale);
    if (!amount.ok || values.amount === '') return { amount: values.amount, total: '' };
    const total = mulDiv(amount.value, price, baseUnit, 'up');
    return { amount: values.amount, total: formatAmount(total, market.quoteScale) };
  }
  const total = tryParseAmount(values.total, market.quoteScale);
  if (!total.ok || values.total === '') return { amount: '', total: values.total };
  const lots = mulDiv(total.value, baseUnit, price, 'down') / market.lot;
  return { amount: formatAmount(lots * market.lot, market.baseScale), total: values.total };
}

function priceErrors(values: OrderFormValues, context: FormContext): FormError[] {
  if (values.tab === 'market') return [];
  const price = parse(values.price, context.market.quoteScale, 'limit_order_requires_price');
  if (!price.ok) return [{ field: 'price', code: price.code }];
  if (price.value === 0n) return [{ field: 'price', code: 'price_must_be_positive' }];
  if (price.value % context.market.tick !== 0n) return [{ field: 'price', code: 'price_must_be_multiple_of_tick' }];
  if (price.value / context.market.tick > MAX_ENGINE_INTEGER)
    return [{ field: 'price', code: 'price_is_out_of_range' }];
  return [];
}

function amountErrors(values: OrderFormValues, context: FormContext): FormError[] {
  const { market } = context;
  if (usesTotal(values)) {
    const total = parse(values.total, market.quoteScale, 'order_amount_or_total_required');
    if (!total.ok) return [{ field: 'total', code: total.code }];
    return total.value < market.minNotional ? [{ field: 'total', code: 'notional_must_reach_minimum' }] : [];
  }
  const amount = parse(values.amount, market.baseScale, 'order_amount_required');
  if (!amount.ok) return [{ field: 'amount', code: amount.code }];
  if (amount.value === 0n) return [{ field: 'amount', code: 'quantity_must_be_positive' }];
  if (amount.value % market.lot !== 0n) return [{ field: 'amount', code: 'quantity_must_be_multiple_of_lot' }];
  if (amount.value / market.lot > MAX_ENGINE_INTEGER) return [{ field: 'amount', code: 'quantity_is_out_of_range' }];
  return [];
}

/** A resting order's value in ticks × lots must stay an exact integer for the matching engine. */
function fitsEngine(values: OrderFormValues, context: FormContext): boolean {
  if (values.tab === 'market') return true;
  const { market } = context;
  const price = tryParseAmount(values.price, market.quoteScale);
  const amount = tryParseAmount(values.amount, market.baseScale);
  if (!price.ok || !amount.ok) return true;
  return (price.value / market.tick) * (amount.value / market.lot) <= MAX_ENGINE_INTEGER;
}

/** What the order is worth in the quote asset, when the price and amount (or total) are known. */
export function notionalOf(values: OrderFormValues, context: FormContext): bigint | null {
  const { market } = context;
  if (usesTotal(values)) {
    const total = tryParseAmount(values.total, market.quoteScale);
    return total.ok ? total.value : null;
  }
  const price = priceOf(values, context);
  const amount = tryParseAmount(values.amount, market.baseScale);
  if (price === null || !amount.ok) return null;
  return mulDiv(amount.value, price, scaleFactor(market.baseScale), 'up');
}

function valueErrors(values: OrderFormValues, context: FormContext): FormError[] {
  const { market, available } = context;
  const notional = notionalOf(values, context);
  const field: FormField = usesTotal(values) ? 'total' : 'amount';
  if (values.tab === 'dark' && market.darkMinNotional === null)
    return [{ field, code: 'dark_pool_not_available_for_pair' }];
  if (notional === null) return [];
  if (!fitsEngine(values, context)) return [{ field, code: 'notional_must_fit_range' }];
  if (values.tab === 'dark' && notional < market.darkMinNotional!) {
    return [{ field, code: 'notional_must_reach_dark_pool_minimum' }];
  }
  if (notional < market.minNotional) return [{ field, code: 'notional_must_reach_minimum' }];
  if (!available) return [];
  const amount = tryParseAmount(values.amount, market.baseScale);
  const short = values.side === 'buy' ? notional > available.quote : amount.ok && amount.value > available.base;
  return short ? [{ field, code: 'available_balance_must_cover_order' }] : [];
}

/** Every rule the order breaks, as data; empty when it may be sent. */
export function validateOrder(values: OrderFormValues, context: FormContext): FormError[] {
  const format = [...priceErrors(values, context), ...amountErrors(values, context)];
  return format.length > 0 ? format : valueErrors(values, context);
}

/** The body of POST /order (and /order/rate) for the form as it stands. */
export function orderBody(values: OrderFormValues, context: FormContext): TradeOrderBody {
  const { symbol } = context.market;
  // The dark pool is Rora's alone (the API refuses another platform): whatever platform is chosen
  // for market and limit orders, a dark order names Rora.
  if (values.tab === 'dark') {
    const venue = DEFAULT_VENUE.id as TradeOrderBody['venue'];
    return { symbol, type: 'dark pool', side: values.side, price: values.price, amount: values.amount, venue };
  }
  if (values.tab === 'limit') {
    return {
      symbol,
      side: values.side,
      orderType: 'limit',
      price: values.price,
      amount: values.amount,
      venue: values.venue as TradeOrderBody['venue'],
    };
  }
  const venue = values.venue as TradeOrderBody['venue'];
  return usesTotal(values)
    ? { symbol, side: 'buy', orderType: 'market', total: values.total, venue }
    : { symbol, side: values.side, orderType: 'market', amount: values.amount, venue };
}

/** The largest amount (or total) the available balance allows, for the "max" action. */
export function maxOf(values: OrderFormValues, context: FormContext): { amount: string } | { total: string } | null {
  const { market, available } = context;
  if (!available) return null;
  if (values.side === 'sell') {
    return { amount: formatAmount((available.base / market.lot) * market.lot, market.baseScale) };
  }
  if (values.tab === 'market') return { total: formatAmount(available.quote, market.quoteScale) };
  const price = priceOf(values, context);
  if (price === null) return null;
  const lots = mulDiv(available.quote, scaleFactor(market.baseScale), price, 'down') / market.lot;
  return { amount: formatAmount(lots * market.lot, market.baseScale) };
}
