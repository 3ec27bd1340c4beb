// Amounts, rates and loan-to-value as the lending screen shows them: tabular digits, the coin beside
// every amount, numbers grouped in the reader's locale; a definition list of label/value pairs.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { assetScale, formatAmount, tryParseAmount } from '@rora/money';
import { bpsPercent } from '../model/request-form.ts';

/** An amount in the reader's locale, cut (never rounded up) to 8 decimals: `1,002.739727 USDT`. */
export function useCoins() {
  const { i18n } = useTranslation();
  return (amount: string, asset: string): string => {
    const scale = assetScale(asset);
    const parsed = tryParseAmount(amount, scale);
    if (!parsed.ok) return `${amount} ${asset}`;
    const plain = formatAmount(parsed.value, scale, {
      decimals: Math.min(scale, 8),
      rounding: 'down',
      grouping: false,
    });
    const [whole = '0', fraction = ''] = plain.split('.');
    const trimmed = fraction.replace(/0+$/, '');
    const grouped = new Intl.NumberFormat(i18n.language.replace('_', '-')).format(BigInt(whole));
    const point = new Intl.NumberFormat(i18n.language.replace('_', '-')).format(1.5).charAt(1);
    return `${grouped}${trimmed ? point + trimmed : ''} ${asset}`;
  };
}

export function usePercent() {
  const { i18n } = useTranslation();
  return (bps: number) => bpsPercent(bps, i18n.language.replace('_', '-'));
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
