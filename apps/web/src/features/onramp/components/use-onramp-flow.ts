// The card purchase's state: the coin and the fiat amount, the purchase started (and its widget),
// and the purchase's state as the API reports it. The widget page tells this page when the card was
// decided (postMessage, same origin only), so the result shows without waiting for the next poll.
import { useEffect, useState } from 'react';
import type { OnrampAsset } from '@rora/contracts';
import { ApiError } from '../../../lib/api/errors.ts';
import { useIdempotencyKeys } from '../../../lib/api/idempotency.ts';
import { usePurchase, useStartPurchase } from '../api/onramp-api.ts';
import { checkFiatAmount, DEFAULT_ASSET } from '../model/onramp-form.ts';
import { useErrorText } from '../../../lib/api/use-error-text.ts';

export function useOnrampFlow() {
  const { ofCode, ofError } = useErrorText('onramp');
  const [asset, setAsset] = useState<OnrampAsset>(DEFAULT_ASSET);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [purchaseId, setPurchaseId] = useState<string | null>(null);
  const [widgetOpen, setWidgetOpen] = useState(false);
  // A retry after a lost answer reuses the purchase's key instead of starting another.
  const keys = useIdempotencyKeys();
  const start = useStartPurchase();
  const purchase = usePurchase(purchaseId);
  const check = checkFiatAmount(amount);

  const { refetch } = purchase;
  useEffect(() => {
    if (!purchaseId) return undefined;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { source?: unknown } | null;
      if (event.origin === window.location.origin && data?.source === 'rora-onramp-sandbox') void refetch();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [purchaseId, refetch]);

  const submit = () => {
    setTouched(true);
    if (!check.ok) return;
    const body = { asset, fiatAmount: amount, fiatCurrency: 'USD' } as const;
    start.mutate(
      { body, key: keys.keyFor(body) },
      {
        onSettled: (_started, error) => keys.settled(error),
        onSuccess: (started) => {
          setPurchaseId(started.id);
          setWidgetOpen(true);
        },
      },
    );
  };

  return {
    asset,
    setAsset,
    amount,
    // The rule an amount breaks shows as it is typed, as on every other amount form, and the button
    // waits for an amount within the limits.
    setAmount: (value: string) => {
      setAmount(value);
      setTouched(true);
    },
    valid: check.ok,
    amountError: touched && !check.ok && check.code ? ofCode(check.code) : undefined,
    submit,
    starting: start.isPending,
    startError: start.error ? ofError(start.error) : null,
    needsKyc: start.error instanceof ApiError && start.error.code === 'kyc_approval_required',
    purchase: purchaseId ? (purchase.data ?? null) : null,
    widgetOpen,
    closeWidget: () => setWidgetOpen(false),
  };
}
