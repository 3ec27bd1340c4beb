// Amounts, rates and loan-to-value as the lending screen shows them: tabular digits, the coin beside
// every amount, numbers grouped in the reader's locale; a definition list of label/value pairs.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { assetScale, isAssetSymbol } from '@rora/money';
import { formatCoins } from '../../../lib/format/numbers.ts';
import { bpsPercent } from '../model/request-form.ts';

/** An amount in the reader's locale, cut (never rounded up) to 8 decimals: `1,002.739727 USDT`. */
export function useCoins() {
  const { i18n } = useTranslation();
  return (amount: string, asset: string): string =>
    isAssetSymbol(asset) ? `${formatCoins(amount, assetScale(asset), i18n.language)} ${asset}` : `${amount} ${asset}`;
}

export function usePercent() {
  const { i18n } = useTranslation();
  return (bps: number) => bpsPercent(bps, i18n.language);
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
