// The swap form's state: the two coins and the amount, the quote for the settled amount, its
// countdown, the confirmation and the swap just placed. Until the customer picks, flips or types,
// the coins follow the balances (startingForm); from then on they are the customer's, so a number
// typed before the balances arrived keeps the coin it was typed in. Pure rules live in model/; this hook only
// connects them to the API hooks and the clock.
import { useState } from 'react';
import type { SwapQuote } from '@rora/contracts';
import { ApiError } from '../../../lib/api/errors.ts';
import { useSwapBalances } from '../api/balances.ts';
import { useSwapQuote } from '../api/quote.ts';
import { usePlaceSwap, useSwaps } from '../api/swaps.ts';
import { quoteSecondsLeft } from '../model/quote-clock.ts';
import { checkAmount, flip, maxAmount, pickAsset, startingForm, type SwapFormValues } from '../model/swap-form.ts';
import type { QuoteView } from './QuotePanel.tsx';
import { useErrorText } from '../../../lib/api/use-error-text.ts';
import { useDebouncedValue, useNow } from './use-timers.ts';

const QUOTE_AFTER_TYPING_MS = 400;
const STALE_QUOTE_CODES = new Set(['swap_quote_expired', 'swap_quote_already_used', 'swap_order_does_not_match_quote']);

export function useSwapFlow() {
  const { ofCode, ofError } = useErrorText('swap');
  const [chosen, setChosen] = useState<SwapFormValues | null>(null);
  const [confirming, setConfirming] = useState(false);
  // The quote the customer opened the confirmation with: a refreshed one is compared with it.
  const [seen, setSeen] = useState<SwapQuote | null>(null);
  const [placedId, setPlacedId] = useState<string | null>(null);
  const balances = useSwapBalances();
  const values = chosen ?? startingForm(balances.data);
  const setValues = (change: (previous: SwapFormValues) => SwapFormValues) =>
    setChosen((previous) => change(previous ?? values));
  const balance = balances.data?.find((entry) => entry.asset === values.from);
  const check = checkAmount(values.amount, values.from, balance);
  const settled = useDebouncedValue(values.amount, QUOTE_AFTER_TYPING_MS);
  const quoteAmount = check.ok && settled === values.amount ? values.amount : null;
  const quote = useSwapQuote(values.from, values.to, quoteAmount);
  const received = quote.data && quoteAmount !== null ? quote.data : undefined;
  const now = useNow(received !== undefined);
  const secondsLeft = received ? quoteSecondsLeft(received, now) : 0;
  const place = usePlaceSwap();
  const swaps = useSwaps();

  const view: QuoteView = !check.ok
    ? { kind: 'idle' }
    : quote.isError && quoteAmount !== null
      ? { kind: 'error', message: ofError(quote.error) }
      : received
        ? { kind: 'ready', quote: received.quote, secondsLeft }
        : { kind: 'loading' };

  const refresh = () => void quote.refetch();
  const confirm = (current: SwapQuote) =>
    place.mutate(current, {
      onSuccess: (swap) => {
        setPlacedId(swap.id);
        setConfirming(false);
        setValues((previous) => ({ ...previous, amount: '' }));
      },
      onError: (error) => {
        if (error instanceof ApiError && STALE_QUOTE_CODES.has(error.code)) refresh();
      },
    });

  const placed = placedId
    ? (swaps.data?.items.find((swap) => swap.id === placedId) ?? (place.data?.id === placedId ? place.data : null))
    : null;

  return {
    values,
    balances: balances.data,
    balance,
    amountError: !check.ok && check.code ? ofCode(check.code) : undefined,
    setAmount: (amount: string) => setValues((previous) => ({ ...previous, amount })),
    setMax: () => setValues((previous) => ({ ...previous, amount: maxAmount(balance, previous.from) })),
    pick: (side: 'from' | 'to', asset: SwapFormValues['from']) =>
      setValues((previous) => pickAsset(previous, side, asset)),
    flip: () => setValues(flip),
    view,
    refresh,
    refreshing: quote.isFetching,
    confirming: confirming && received ? received.quote : null,
    seen,
    openConfirm: () => {
      place.reset();
      setSeen(received?.quote ?? null);
      setConfirming(true);
    },
    closeConfirm: () => setConfirming(false),
    confirm,
    placing: place.isPending,
    placeError: place.error ? ofError(place.error) : null,
    placed,
    another: () => {
      setPlacedId(null);
      place.reset();
    },
  };
}
