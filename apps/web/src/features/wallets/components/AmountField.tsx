// The amount to send, in the wallet's coin, read by NumericInput up to the coin's decimals, a Max
// button (available less the fee), and the available balance below.
import { useTranslation } from 'react-i18next';
import type { Wallet } from '@rora/contracts';
import { NumericInput } from '../../../components/numeric-input/NumericInput.tsx';
import { displayAmount } from '../model/transaction-view.ts';

export interface AmountFieldProps {
  readonly wallet: Wallet;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error: string | undefined;
  readonly maxAmount: string | undefined;
  readonly onBlur?: () => void;
}

export function AmountField({ wallet, value, onChange, error, maxAmount, onBlur }: AmountFieldProps) {
  const { t } = useTranslation('wallets');
  const { network } = wallet;
  return (
    <NumericInput
      label={t('send.amount')}
      value={value}
      onValueChange={onChange}
      onBlur={onBlur}
      maxDecimals={network.decimals}
      error={error}
      hint={t('send.available', {
        amount: displayAmount(wallet.balance, network.decimals),
        asset: network.assetSymbol,
      })}
      trailing={
        <span className="amount__trailing">
          <span className="amount__unit">{network.assetSymbol}</span>
          <button
            type="button"
            className="amount__max"
            disabled={maxAmount === undefined}
            onClick={() => maxAmount !== undefined && onChange(maxAmount)}
          >
            {t('send.max')}
          </button>
        </span>
      }
    />
  );
}
