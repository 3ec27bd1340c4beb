// The order form's state around the pure model: what the customer typed, the linked amount and
// total, the rules broken (shown once a field was touched), the server's estimate for a valid order
// (debounced), and placing it. What was typed is kept when placing fails.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderRate, TradeOrderBody } from '@rora/contracts';
import { showToast } from '../../../lib/toast/toast-store.ts';
import { errorMessage } from '../api/feedback.ts';
import { useOrderRate, usePlaceOrder } from '../api/orders.ts';
import { ruleValues, showAsset, type MarketModel } from '../model/market.ts';
import type { StreamState } from '../model/market-stream.ts';
import {
  emptyForm,
  linked,
  maxOf,
  orderBody,
  validateOrder,
  type FormContext,
  type FormField,
  type OrderFormValues,
  type OrderSide,
  type OrderTab,
} from '../model/order-form.ts';

function useDebounced<T>(value: T, ms: number): T {
  const [current, setCurrent] = useState(value);
  const text = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(JSON.parse(text) as T), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return current;
}

/**
 * What the form shows: a market order's other field (the total when the amount was typed, the
 * amount when the total was) is the estimate the summary shows, the book walked and the fee in, or
 * empty until it comes. Linked at the best price, it said one total beside the summary's other.
 */
function withEstimate(shown: OrderFormValues, estimate: OrderRate | undefined): OrderFormValues {
  if (shown.tab !== 'market') return shown;
  return shown.edited === 'amount'
    ? { ...shown, total: estimate?.total ?? '' }
    : { ...shown, amount: estimate?.amount ?? '' };
}

/**
 * A market sell is given by its amount: a total typed for a buy, or on another tab, becomes the
 * amount it sells at the best bid, once. Led by the total, the amount sent moved with every bid and
 * the customer never saw it.
 */
function settled(next: OrderFormValues, context: FormContext): OrderFormValues {
  return next.tab === 'market' && next.side === 'sell' && next.edited === 'total'
    ? { ...next, amount: linked(next, context).amount, edited: 'amount' }
    : next;
}

/** How placing went: placed, or refused with the message that says why. */
export type PlaceResult = { placed: true } | { placed: false; message: string };

export interface OrderFormOptions {
  market: MarketModel;
  stream: StreamState | undefined;
  available: { base: bigint; quote: bigint } | null;
  venue: string;
}

export function useOrderForm(options: OrderFormOptions) {
  const { t } = useTranslation('exchange');
  const { market, stream, available, venue } = options;
  const [values, setValues] = useState<OrderFormValues>(() => emptyForm(venue));
  const [touched, setTouched] = useState<ReadonlySet<FormField>>(new Set());
  // Another pair starts a blank form (a price typed for BTC means nothing for XRP).
  useEffect(() => {
    setValues((current) => ({ ...emptyForm(current.venue), tab: current.tab, side: current.side }));
    setTouched(new Set());
  }, [market.symbol]);
  const place = usePlaceOrder();
  const best = values.side === 'buy' ? stream?.book.asks[0] : stream?.book.bids[0];
  const context: FormContext = { market, marketPrice: best?.[0] ?? stream?.ticker?.lastPrice ?? null, available };
  const shown = { ...values, venue, ...linked(values, context) };
  const errors = validateOrder(shown, context);
  const body: TradeOrderBody | null = errors.length === 0 ? orderBody(shown, context) : null;
  const asked = useDebounced(body, 250);
  const rate = useOrderRate(asked);
  // The estimate of the order as it stands: not one of what was typed a moment ago.
  const current = body !== null && JSON.stringify(asked) === JSON.stringify(body) && !rate.isPlaceholderData;
  const estimate = current ? rate.data : undefined;
  const visibleErrors = useMemo(
    () => new Map(errors.filter((error) => touched.has(error.field)).map((error) => [error.field, error.code])),
    [errors, touched],
  );

  const update = (patch: Partial<OrderFormValues>, field?: FormField) => {
    setValues((current) => settled({ ...current, ...patch }, context));
    if (field) setTouched((current) => new Set(current).add(field));
  };

  // A price chosen in the book: a market order becomes a limit order at that price. One function for
  // the life of the form, reading the values as they are when the price is chosen, so the memoized
  // book is not drawn again for every form edit.
  const pick = useCallback((price: string) => {
    setValues((current) => ({ ...current, price, tab: current.tab === 'market' ? 'limit' : current.tab }));
    setTouched((current) => new Set(current).add('price'));
  }, []);

  return {
    values: withEstimate(shown, estimate),
    context,
    errors: visibleErrors,
    valid: body !== null,
    /** The first rule the order as it stands breaks, touched or not (null: none). */
    problem: errors[0]?.code ?? null,
    /** The estimate of the order as it stands, or undefined while it is asked for. */
    estimate,
    estimating: !current || rate.isFetching,
    /** May be sent: a market order once its estimate (what the summary says) is the current one. */
    ready: body !== null && (values.tab !== 'market' || estimate !== undefined),
    pending: place.isPending,
    // The field the customer typed stays the one the other follows: a total typed on one tab is kept.
    setTab: (tab: OrderTab) => update({ tab }),
    setSide: (side: OrderSide) => update({ side }),
    setPrice: (price: string) => update({ price }, 'price'),
    pick,
    setAmount: (amount: string) => update({ amount, edited: 'amount' }, 'amount'),
    setTotal: (total: string) => update({ total, edited: 'total' }, 'total'),
    useMax: () => {
      const max = maxOf(shown, context);
      if (max && 'amount' in max) update({ amount: max.amount, edited: 'amount' }, 'amount');
      if (max && 'total' in max) update({ total: max.total, edited: 'total' }, 'total');
    },
    /** Empties the amount and total after an order was placed: the next order starts blank. */
    clearAmounts() {
      setValues((current) => ({ ...current, amount: '', total: '' }));
      setTouched(new Set());
    },
    /**
     * Places the order (once the customer confirmed it): placed, a toast says how it went (the
     * confirmation then closes and clears the amounts, in one render); refused, what was typed stays
     * and the reason comes back to be shown.
     */
    async place(): Promise<PlaceResult> {
      setTouched(new Set<FormField>(['price', 'amount', 'total']));
      if (!body) return { placed: false, message: errorMessage(null) };
      try {
        const order = await place.mutateAsync(body);
        const key =
          order.status === 'filled' ? 'placedFilled' : order.status === 'cancelled' ? 'placedCancelled' : 'placedOpen';
        showToast(
          t(key, {
            side: t(`sideNoun.${order.side}`),
            amount: showAsset(order.filledAmount, market.base),
            asset: market.base,
            symbol: market.symbol,
          }),
          order.status === 'cancelled' ? 'info' : 'success',
        );
        return { placed: true };
      } catch (error) {
        return { placed: false, message: errorMessage(error, ruleValues(market)) };
      }
    },
  };
}

export type OrderFormModel = ReturnType<typeof useOrderForm>;
