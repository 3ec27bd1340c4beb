// The step between the form and the order (UI.md: confirm before money moves; ADR 0066). Opened
// from a form that may be sent, it keeps the estimate the customer has seen; while it is open the
// estimate is asked for again, and one with other figures must be accepted before the order can be
// confirmed. A refused order keeps the dialog open with the reason, so trying again is the same
// confirm (its Idempotency-Key reused only when no answer came, ADR 0068); placed, it closes. The
// reason goes once the figures move (the new ones are what is confirmed next) or the customer acts
// again. While no estimate of the order as it stands is on screen (one loads, or the order broke a
// rule, such as a balance another order now holds), the dialog keeps the last figures it showed.
import { useEffect, useRef, useState } from 'react';
import type { OrderRate } from '@rora/contracts';
import { showToast } from '../../../lib/toast/toast-store.ts';
import { useRefreshOrderRate } from '../api/orders.ts';
import { estimateMoved } from '../model/order-confirm.ts';
import type { OrderFormModel } from './use-order-form.ts';

/** How often an open confirmation asks for the estimate again. */
export const CONFIRM_REFRESH_MS = 10_000;

export function useOrderConfirm(form: OrderFormModel, onPlaced?: () => void) {
  const [open, setOpen] = useState(false);
  const [seen, setSeen] = useState<OrderRate | undefined>();
  const [error, setError] = useState<string | null>(null);
  // The last estimate the dialog showed, kept while the current one is missing.
  const [shown, setShown] = useState<OrderRate | undefined>();
  // Read when placing ends: a reason for a dialog closed meanwhile goes to a toast instead.
  const stillOpen = useRef(false);
  stillOpen.current = open;
  useRefreshOrderRate(open, CONFIRM_REFRESH_MS);
  const { estimate } = form;
  // A limit order may be opened before its estimate came: the first figures shown are the ones seen.
  useEffect(() => {
    if (open && seen === undefined && estimate) setSeen(estimate);
  }, [open, seen, estimate]);
  useEffect(() => {
    if (open && estimate) setShown(estimate);
  }, [open, estimate]);
  const moved = open && estimateMoved(seen, estimate);
  // A refusal was for the figures confirmed: other figures are another question (set in render, so
  // the reason never shows beside them).
  if (moved && error !== null) setError(null);

  return {
    open,
    /** The estimate the customer accepted last (to show what a moved figure was). */
    seen,
    /** The estimate on screen differs from the one seen: accept it before confirming. */
    moved,
    error,
    /** The estimate to show: the current one, else the last one shown while the dialog is open. */
    shown: estimate ?? (open ? shown : undefined),
    canConfirm: form.ready && !form.pending && !moved,
    review() {
      if (!form.ready) return;
      setSeen(estimate);
      setShown(estimate);
      setError(null);
      setOpen(true);
    },
    back: () => setOpen(false),
    accept() {
      setSeen(estimate);
      setError(null);
    },
    async confirm() {
      if (!form.ready || form.pending || moved) return;
      setError(null);
      const result = await form.place();
      if (result.placed) {
        // One render: the dialog never shows the order with its amounts cleared.
        setOpen(false);
        form.clearAmounts();
        onPlaced?.();
      } else if (stillOpen.current) setError(result.message);
      else showToast(result.message, 'error');
    },
  };
}

export type OrderConfirmModel = ReturnType<typeof useOrderConfirm>;
