// The order form: market, limit and dark-pool tabs; buy and sell; the venue; price, amount and total
// linked; the available balance with a "max"; the estimate (fee and total) from /order/rate before
// submitting; the dark-pool rules; what the chosen platform means for the order; and, instead of the
// form, a clear way to KYC when the customer is not approved yet. Until the profile says which, the
// form's outline: neither the form nor the gate shows and then turns into the other.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button/Button.tsx';
import { Skeleton } from '../../../components/skeleton/Skeleton.tsx';
import type { MarketModel } from '../model/market.ts';
import type { OrderTab } from '../model/order-form.ts';
import { DarkPoolRules } from './DarkPoolRules.tsx';
import { OrderFields } from './OrderFields.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import { Segmented } from './Segmented.tsx';
import type { OrderConfirmModel } from './use-order-confirm.ts';
import type { OrderFormModel } from './use-order-form.ts';
import { VenueNote } from './VenueNote.tsx';
import { VenuePicker } from './VenuePicker.tsx';

export interface OrderFormProps {
  /** The form's state lives with the screen, so the phone's sheet and the desktop panel share it. */
  readonly form: OrderFormModel;
  readonly market: MarketModel;
  readonly available: { base: bigint; quote: bigint } | null;
  readonly venue: string;
  readonly onVenue: (venue: string) => void;
  readonly kycApproved: boolean | null;
  /**
   * The confirmation step, also kept with the screen (it draws the dialog): a layout change while it
   * is open (a window or tablet turned across the phone breakpoint) swaps this form for the other,
   * and the confirmation must stay open through it.
   */
  readonly confirm: OrderConfirmModel;
}

function KycGate() {
  const { t } = useTranslation('exchange');
  return (
    <div className="kyc-gate" role="status">
      <p>{t('kycRequired')}</p>
      <Link className="btn btn--primary btn--block" to="/account/kyc">
        {t('kycLink')}
      </Link>
    </div>
  );
}

/**
 * The form's outline while the profile is on its way. A form drawn then would take a customer's
 * typing and vanish into the KYC gate; the gate drawn then would flash at an approved customer.
 */
function OrderFormLoading() {
  const { t } = useTranslation('common');
  return (
    <div className="order-form order-form--loading" aria-busy="true" aria-label={t('loading')}>
      <Skeleton height="2.25rem" radius="var(--radius)" />
      <Skeleton height="2.25rem" radius="var(--radius)" />
      <Skeleton height="4rem" radius="var(--radius)" />
      <Skeleton height="4rem" radius="var(--radius)" />
      <Skeleton height="4rem" radius="var(--radius)" />
      <Skeleton height="var(--touch)" radius="var(--radius)" />
    </div>
  );
}

export function OrderForm(props: OrderFormProps) {
  const { t } = useTranslation('exchange');
  const { market, available, form, confirm } = props;
  if (props.kycApproved === false) return <KycGate />;
  if (props.kycApproved === null) return <OrderFormLoading />;
  const { values } = form;
  const tabs: Array<{ value: OrderTab; label: string }> = [
    { value: 'market', label: t('market') },
    { value: 'limit', label: t('limit') },
    { value: 'dark', label: t('darkPool') },
  ];
  return (
    <form
      className={`order-form order-form--${values.side}`}
      aria-label={t('orderForm')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        confirm.review();
      }}
    >
      <Segmented label={t('orderType')} segments={tabs} value={values.tab} onChange={form.setTab} />
      <Segmented
        label={t('side')}
        tone="trade"
        segments={[
          { value: 'buy', label: t('buy') },
          { value: 'sell', label: t('sell') },
        ]}
        value={values.side}
        onChange={form.setSide}
      />
      {values.tab === 'dark' ? (
        <DarkPoolRules market={market} />
      ) : (
        <VenuePicker market={market} venue={props.venue} onVenue={props.onVenue} />
      )}
      <VenueNote tab={values.tab} venue={props.venue} />
      <OrderFields form={form} market={market} available={available} />
      <OrderSummary
        market={market}
        rate={form.estimate}
        loading={form.estimating}
        valid={form.valid}
        errorShown={form.errors.size > 0}
        order={values}
      />
      <div className="order-form__submit-bar">
        <Button
          type="submit"
          block
          loading={form.pending}
          disabled={!form.ready || form.pending}
          className={`order-form__submit order-form__submit--${values.side}`}
        >
          {t(values.side === 'buy' ? 'submitBuy' : 'submitSell', { asset: market.base })}
        </Button>
      </div>
    </form>
  );
}
