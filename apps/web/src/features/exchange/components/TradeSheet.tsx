// On a phone the order form lives in a bottom sheet: a bar with Buy and Sell stays at the bottom of
// the screen and opens the form for that side. Before KYC approval the bar leads to KYC instead; until
// the profile says which, the bar holds its place with neither.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button/Button.tsx';
import { Dialog } from '../../../components/dialog/Dialog.tsx';
import { Skeleton } from '../../../components/skeleton/Skeleton.tsx';
import type { OrderSide } from '../model/order-form.ts';
import { OrderForm, type OrderFormProps } from './OrderForm.tsx';

interface TradeSheetProps extends OrderFormProps {
  /** Kept with the screen: an order placed from the sheet closes it (useOrderConfirm's onPlaced). */
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}

export function TradeSheet({ open, onOpenChange, ...props }: TradeSheetProps) {
  const { t } = useTranslation('exchange');
  const start = (side: OrderSide) => {
    props.form.setSide(side);
    onOpenChange(true);
  };
  if (props.kycApproved === false) {
    return (
      <div className="trade-bar trade-bar--single">
        <Link className="btn btn--primary btn--block" to="/account/kyc">
          {t('kycLink')}
        </Link>
      </div>
    );
  }
  if (props.kycApproved === null) {
    return (
      <div className="trade-bar" aria-busy="true">
        <Skeleton height="var(--touch)" radius="var(--radius)" />
        <Skeleton height="var(--touch)" radius="var(--radius)" />
      </div>
    );
  }
  return (
    <>
      <div className="trade-bar">
        <Button className="order-form__submit--buy" block onClick={() => start('buy')}>
          {t('submitBuy', { asset: props.market.base })}
        </Button>
        <Button className="order-form__submit--sell" block onClick={() => start('sell')}>
          {t('submitSell', { asset: props.market.base })}
        </Button>
      </div>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title={t('placeOrder')}
        closeLabel={t('close')}
        className="trade-sheet"
      >
        {open ? <OrderForm {...props} /> : null}
      </Dialog>
    </>
  );
}
