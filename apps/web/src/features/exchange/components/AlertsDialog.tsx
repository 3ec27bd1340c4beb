// Set a price alert on the pair (above or below a price; it fires once, the first time the last
// price crosses it: the bell, and an e-mail when AI price notifications are on), and see or delete
// one's alerts.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bell, Trash2 } from 'lucide-react';
import { Button } from '../../../components/button/Button.tsx';
import { Dialog } from '../../../components/dialog/Dialog.tsx';
import { NumericInput } from '../../../components/numeric-input/NumericInput.tsx';
import { showToast } from '../../../lib/toast/toast-store.ts';
import { useAlerts, useCreateAlert, useDeleteAlert } from '../api/alerts.ts';
import { errorMessage, toastError } from '../api/feedback.ts';
import { marketModel, showPrice, type MarketModel } from '../model/market.ts';
import { Segmented } from './Segmented.tsx';

function AlertList() {
  const { t } = useTranslation('exchange');
  const alerts = useAlerts();
  const remove = useDeleteAlert();
  const items = alerts.data ?? [];
  if (items.length === 0) return <p className="alerts__empty">{t('alertsEmpty')}</p>;
  return (
    <ul className="alerts__list" aria-label={t('yourAlerts')}>
      {items.map((alert) => (
        <li key={alert.id} className={`alerts__item alerts__item--${alert.status}`}>
          <span>
            {t('alertLine', {
              symbol: alert.symbol,
              condition: t(alert.condition),
              price: showPrice(marketModel(alert.symbol as never), alert.price),
            })}
          </span>
          <span className="alerts__status">{t(`alertStatus.${alert.status}`)}</span>
          <Button
            variant="ghost"
            aria-label={t('deleteAlert')}
            icon={<Trash2 size={16} />}
            onClick={() => remove.mutate(alert.id, { onError: (error) => toastError(error) })}
          />
        </li>
      ))}
    </ul>
  );
}

/** The new alert's condition and price; a price of zero is refused as typed, as the order form does. */
function AlertForm({ market }: { readonly market: MarketModel }) {
  const { t } = useTranslation('exchange');
  const [condition, setCondition] = useState<'above' | 'below'>('above');
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string | undefined>();
  const create = useCreateAlert();
  const zero = price !== '' && /^0*\.?0*$/.test(price);
  const submit = () => {
    setError(undefined);
    create.mutate(
      { symbol: market.symbol, condition, price },
      {
        onSuccess: (alert) => {
          showToast(
            t('alertSet', {
              symbol: alert.symbol,
              condition: t(alert.condition),
              price: showPrice(market, alert.price),
            }),
            'success',
          );
          setPrice('');
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };
  return (
    <form
      className="alerts__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Segmented
        label={t('alertCondition')}
        segments={[
          { value: 'above', label: t('above') },
          { value: 'below', label: t('below') },
        ]}
        value={condition}
        onChange={setCondition}
      />
      <NumericInput
        label={t('alertPrice')}
        value={price}
        onValueChange={setPrice}
        maxDecimals={market.priceDecimals}
        trailing={<span className="unit">{market.quote}</span>}
        error={zero ? t('errors.price_must_be_positive') : error}
      />
      <Button type="submit" block loading={create.isPending} disabled={price === '' || zero || create.isPending}>
        {t('createAlert')}
      </Button>
    </form>
  );
}

export function AlertsDialog({
  market,
  lastPrice,
}: {
  readonly market: MarketModel;
  readonly lastPrice: string | null;
}) {
  const { t } = useTranslation('exchange');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" icon={<Bell size={16} />} onClick={() => setOpen(true)}>
        {t('setAlert')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('alertTitle', { symbol: market.symbol })}
        description={t('alertIntro', { price: showPrice(market, lastPrice), asset: market.quote })}
        closeLabel={t('close')}
      >
        <AlertForm market={market} />
        <h3 className="alerts__heading">{t('yourAlerts')}</h3>
        <AlertList />
      </Dialog>
    </>
  );
}
