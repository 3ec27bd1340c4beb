// The order form's inputs: the price (limit and dark pool), the amount and the total, linked, with the
// rule each breaks under it in the customer's words, and the available balance with a "max".
import { useTranslation } from 'react-i18next';
import { formatHolding } from '../../../lib/format/numbers.ts';
import { Button } from '../../../components/button/Button.tsx';
import { NumericInput } from '../../../components/numeric-input/NumericInput.tsx';
import { ruleValues, type MarketModel } from '../model/market.ts';
import { usesTotal, type FormField } from '../model/order-form.ts';
import type { OrderFormModel } from './use-order-form.ts';

interface Props {
  readonly form: OrderFormModel;
  readonly market: MarketModel;
  readonly available: { base: bigint; quote: bigint } | null;
}

export function OrderFields({ form, market, available }: Props) {
  const { t } = useTranslation('exchange');
  const { values, errors } = form;
  const rules = ruleValues(market);
  const error = (field: FormField) => {
    const code = errors.get(field);
    return code ? t(`errors.${code}`, { ...rules, defaultValue: t('errors.invalid') }) : undefined;
  };
  const buying = values.side === 'buy';
  const balance = available === null ? null : buying ? available.quote : available.base;
  const balanceText =
    balance === null
      ? '—'
      : `${formatHolding(balance, buying ? market.quoteScale : market.baseScale)} ${buying ? market.quote : market.base}`;
  // Keyed: unkeyed, Preact matched the amount field typed on Market to the price field that Limit adds,
  // and the price showed the amount as its draft.
  return (
    <>
      {values.tab !== 'market' ? (
        <NumericInput
          key="price"
          label={t('priceLabel')}
          value={values.price}
          onValueChange={form.setPrice}
          maxDecimals={market.priceDecimals}
          trailing={<span className="unit">{market.quote}</span>}
          error={error('price')}
        />
      ) : (
        <p className="order-form__market-price">{t('marketPriceNote')}</p>
      )}
      <NumericInput
        key="amount"
        label={t('amountLabel')}
        value={values.amount}
        onValueChange={form.setAmount}
        maxDecimals={market.amountDecimals}
        trailing={<span className="unit">{market.base}</span>}
        error={usesTotal(values) ? undefined : error('amount')}
      />
      <NumericInput
        key="total"
        label={t('totalLabel')}
        value={values.total}
        onValueChange={form.setTotal}
        maxDecimals={market.quoteScale}
        trailing={<span className="unit">{market.quote}</span>}
        error={error('total')}
        hint={values.tab === 'market' && buying ? t('totalHint') : undefined}
        // A market sell is given by its amount; its total is the estimate of what it brings.
        readOnly={values.tab === 'market' && !buying}
      />
      <div className="order-form__available">
        <span>{t('available')}</span>
        <span className="tabular">{balanceText}</span>
        <Button type="button" variant="link" onClick={form.useMax} disabled={balance === null || balance === 0n}>
          {t('max')}
        </Button>
      </div>
    </>
  );
}
