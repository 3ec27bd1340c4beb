// What an order's confirmation compares (UI.md: confirm before money moves; ADR 0066): the estimate
// the customer has seen against the one on screen now. A figure that moved while the dialog was open
// is shown as moved and must be accepted before the order can be confirmed; none changes silently.
import type { OrderRate } from '@rora/contracts';

/** The estimate's figures the confirmation shows, each one row. */
export const CONFIRM_FIGURES = ['price', 'amount', 'fee', 'total', 'receive'] as const;
export type ConfirmFigure = (typeof CONFIRM_FIGURES)[number];

/** The figures that differ between the estimate seen and the current one; none while either is missing. */
export function movedFigures(seen: OrderRate | undefined, now: OrderRate | undefined): ConfirmFigure[] {
  if (!seen || !now) return [];
  return CONFIRM_FIGURES.filter((figure) => seen[figure] !== now[figure]);
}

/**
 * Whether the current estimate says something the one seen did not: another figure, another fee
 * rate or role (maker, taker), or that the book can no longer fill all of it (or now can).
 */
export function estimateMoved(seen: OrderRate | undefined, now: OrderRate | undefined): boolean {
  if (!seen || !now) return false;
  return (
    movedFigures(seen, now).length > 0 ||
    seen.feeBps !== now.feeBps ||
    seen.role !== now.role ||
    seen.fullyFillable !== now.fullyFillable
  );
}
