// Amounts, rates and loan-to-value as the lending screen shows them: tabular digits, the coin beside
// every amount, numbers grouped in the reader's locale; a definition list of label/value pairs.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LOAN_LTV_MAX_BPS } from '@rora/contracts';
import { assetScale, isAssetSymbol } from '@rora/money';
import { formatBps, formatCoins, formatUsd } from '../../../lib/format/numbers.ts';
import { loanCoins } from '../model/loan-figures.ts';
import { bpsPercent } from '../model/request-form.ts';

/** An amount in a sentence (a toast), cut (never rounded up) to 8 decimals: `1,002.739727 USDT`. */
export function useCoins() {
  const { i18n } = useTranslation();
  return (amount: string, asset: string): string =>
    isAssetSymbol(asset) ? `${formatCoins(amount, assetScale(asset), i18n.language)} ${asset}` : `${amount} ${asset}`;
}

/**
 * An amount of a loan wherever the loan shows (its card, details, confirmations, the preview): the
 * same digits in each, every amount of a coin at its display decimals (`model/loan-figures.ts`).
 */
export function useLoanCoins() {
  const { i18n } = useTranslation();
  return (amount: string, asset: string): string => loanCoins(amount, asset, i18n.language);
}

/**
 * US dollars the API valued an amount at (a loan's principalUsd, collateralUsd), in the reader's
 * locale: `$1,625.00`, `1 625,00 $US`; null (no price) stays null, so a screen never shows $0.00.
 */
export function useUsd() {
  const { i18n } = useTranslation();
  return (value: string | null): string | null => (value === null ? null : formatUsd(value, i18n.language));
}

/**
 * A figure with the line that explains it under it (`1,001.917809 USDT` over "includes the minimum
 * of 7 days of interest"), as a loan's dollar values sit under its amounts.
 */
export function Explained({ value, why }: { readonly value: string; readonly why: string | null }) {
  if (why === null) return value;
  return (
    <>
      {value} <span className="loan-figures__why">{why}</span>
    </>
  );
}

/** Why a debt or its interest is more than the time run: the minimum interest, when it applies. */
export function useMinimumInterest() {
  const { t } = useTranslation('lending');
  return (loan: { readonly minimumInterestDays: number | null }): string | null =>
    loan.minimumInterestDays === null ? null : t('detail.minimumInterest', { count: loan.minimumInterestDays });
}

/** A date and time in the reader's locale: `Dec 14, 2026, 3:50 PM`; '—' when there is none. */
export function useWhen() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language.replace('_', '-'), { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string | null) => (iso ? format.format(new Date(iso)) : '—');
}

/** A loan-to-value or one of its limits: 2 decimals (`61.54%`). */
export function usePercent() {
  const { i18n } = useTranslation();
  return (bps: number) => bpsPercent(bps, i18n.language);
}

/**
 * A loan-to-value the API measured: `61.54%`; the API's highest figure, which stands for any ratio
 * at or above it, as `10,000,000.00% or more` (never as if it were the ratio); '—' without one.
 */
export function useLtv() {
  const { t, i18n } = useTranslation('lending');
  return (bps: number | null): string => {
    if (bps === null) return '—';
    const ltv = bpsPercent(bps, i18n.language);
    return bps >= LOAN_LTV_MAX_BPS ? t('ltvOrMore', { ltv }) : ltv;
  };
}

/** A yearly rate or the penalty, written as staking writes its APYs: exact, no trailing zeros (`12%`). */
export function useRate() {
  const { i18n } = useTranslation();
  return (bps: number) => formatBps(bps, i18n.language);
}

export function Figures({
  rows,
  className,
}: {
  readonly rows: ReadonlyArray<readonly [string, ReactNode]>;
  readonly className?: string;
}) {
  return (
    <dl className={['loan-figures', className ?? ''].join(' ')}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd className="tabular">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
