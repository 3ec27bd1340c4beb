// The loan request's fields: the coin and amount to borrow, the yearly rate, the term, and the
// collateral with its available balance. Errors show once the field was touched.
import { useTranslation } from 'react-i18next';
import { LOAN_ASSETS, LOAN_TERM_DAYS, type LoanAsset } from '@rora/contracts';
import { assetScale } from '@rora/money';
import { formatHolding } from '../../../lib/format/numbers.ts';
import { Dropdown } from '../../../components/dropdown/Dropdown.tsx';
import { NumericInput } from '../../../components/numeric-input/NumericInput.tsx';
import type { FormError, RequestForm } from '../model/request-form.ts';

const assetOptions = LOAN_ASSETS.map((asset) => ({ value: asset, label: asset }));

export function RequestFields(props: {
  readonly form: RequestForm;
  readonly errors: readonly FormError[];
  readonly touched: ReadonlySet<keyof RequestForm>;
  readonly available: bigint | null;
  readonly onChange: (change: Partial<RequestForm>) => void;
}) {
  const { t } = useTranslation('lending');
  const { form } = props;
  const errorOf = (field: keyof RequestForm) => {
    const error = props.errors.find((item) => item.field === field);
    return error && props.touched.has(field) ? t(error.key) : undefined;
  };
  const termOptions = LOAN_TERM_DAYS.map((days) => ({ value: String(days), label: t('card.days', { count: days }) }));
  const available = props.available === null ? '…' : formatHolding(props.available, assetScale(form.collateralAsset));
  return (
    <div className="loan-form__fields">
      <Dropdown<LoanAsset>
        label={t('form.asset')}
        options={assetOptions}
        value={form.asset}
        onChange={(asset) => props.onChange({ asset })}
        variant="field"
      />
      <NumericInput
        label={t('form.amount', { asset: form.asset })}
        value={form.amount}
        onValueChange={(amount) => props.onChange({ amount })}
        maxDecimals={assetScale(form.asset)}
        placeholder="0.00"
        error={errorOf('amount')}
      />
      <NumericInput
        label={t('form.rate')}
        value={form.ratePercent}
        onValueChange={(ratePercent) => props.onChange({ ratePercent })}
        maxDecimals={2}
        error={errorOf('ratePercent')}
        hint={t('form.rateHint')}
      />
      <Dropdown<string>
        label={t('form.term')}
        options={termOptions}
        value={String(form.termDays)}
        onChange={(days) => props.onChange({ termDays: Number(days) })}
        variant="field"
      />
      <Dropdown<LoanAsset>
        label={t('form.collateralAsset')}
        options={assetOptions}
        value={form.collateralAsset}
        onChange={(collateralAsset) => props.onChange({ collateralAsset })}
        variant="field"
      />
      {errorOf('collateralAsset') ? (
        <p role="alert" className="loan-form__error">
          {errorOf('collateralAsset')}
        </p>
      ) : null}
      <NumericInput
        label={t('form.collateralAmount', { asset: form.collateralAsset })}
        value={form.collateralAmount}
        onValueChange={(collateralAmount) => props.onChange({ collateralAmount })}
        maxDecimals={assetScale(form.collateralAsset)}
        placeholder="0.00"
        error={errorOf('collateralAmount')}
        hint={t('form.available', { amount: `${available} ${form.collateralAsset}` })}
      />
    </div>
  );
}
