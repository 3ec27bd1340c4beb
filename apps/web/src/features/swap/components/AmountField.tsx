// The amount to give, with "max" (the whole available balance) and the balance under it (3 decimals,
// spec §9). What is typed is read by NumericInput: never more decimals than the coin has (spec §5).
import { useTranslation } from 'react-i18next';
import type { SwapAsset } from '@rora/contracts';
import { assetScale } from '@rora/money';
import { formatHolding, localiseNumber } from '../../../lib/format/numbers.ts';
import { NumericInput } from '../../../components/numeric-input/NumericInput.tsx';
import type { SwapBalance } from '../model/swap-form.ts';

export function AmountField(props: {
  readonly asset: SwapAsset;
  readonly value: string;
  readonly balance: SwapBalance | undefined;
  readonly error: string | undefined;
  readonly onChange: (value: string) => void;
  readonly onMax: () => void;
}) {
  const { t, i18n } = useTranslation('swap');
  const { asset, balance } = props;
  const available = balance ? `${formatHolding(balance.available, assetScale(asset))} ${asset}` : '…';
  return (
    <NumericInput
      label={t('form.amountIn', { asset })}
      value={props.value}
      onValueChange={props.onChange}
      maxDecimals={assetScale(asset)}
      // In the reader's marks: a French reader is shown 0,00, the form the field reads.
      placeholder={localiseNumber('0.00', i18n.language)}
      error={props.error}
      hint={t('form.available', { amount: available })}
      className="swap-amount"
      trailing={
        <button
          type="button"
          className="swap-amount__max"
          onClick={props.onMax}
          disabled={!balance || balance.available === 0n}
          aria-label={t('form.maxLabel', { asset })}
        >
          {t('form.max')}
        </button>
      }
    />
  );
}
