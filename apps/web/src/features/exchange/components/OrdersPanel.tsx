// The customer's open orders (with cancel) and their order history, with fills, fees and the state
// of each (open, partly filled, filled, cancelled and why).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '@rora/contracts';
import type { AssetSymbol } from '@rora/money';
import { Button } from '../../../components/button/Button.tsx';
import { EmptyState } from '../../../components/empty-state/EmptyState.tsx';
import { ErrorState } from '../../../components/error-state/ErrorState.tsx';
import { Skeleton } from '../../../components/skeleton/Skeleton.tsx';
import { toastError } from '../api/feedback.ts';
import { useCancelOrder, useOrders } from '../api/orders.ts';
import { marketModel, showAmount, showAsset, showPrice } from '../model/market.ts';
import { Segmented } from './Segmented.tsx';

function OrderRow({
  order,
  onCancel,
  cancelling,
}: {
  readonly order: Order;
  readonly onCancel?: (id: string) => void;
  readonly cancelling: boolean;
}) {
  const { t, i18n } = useTranslation('exchange');
  const market = marketModel(order.symbol as never);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(order.createdAt),
  );
  return (
    <tr>
      <td>{when}</td>
      <td>{order.symbol}</td>
      <td className={`side side--${order.side}`}>
        {t(order.type === 'dark pool' ? 'darkSide' : order.side, { side: t(order.side) })}
      </td>
      <td>{t(order.orderType)}</td>
      <td className="tabular num">{order.price ? showPrice(market, order.price) : t('marketPrice')}</td>
      <td className="tabular num">
        {order.amount ? showAmount(market, order.amount) : `${showAsset(order.total, market.quote)} ${market.quote}`}
      </td>
      <td className="tabular num">{showAmount(market, order.filledAmount)}</td>
      <td className="tabular num">{`${showAsset(order.fee, order.feeAsset as AssetSymbol)} ${order.feeAsset}`}</td>
      <td>
        <span className={`status status--${order.status}`}>{t(`status.${order.status}`)}</span>
        {order.cancelReason && order.cancelReason !== 'user' ? (
          <span className="status__reason">
            {t(`reasons.${order.cancelReason}`, { defaultValue: order.cancelReason })}
          </span>
        ) : null}
      </td>
      {onCancel ? (
        <td>
          <Button
            variant="secondary"
            loading={cancelling}
            onClick={() => onCancel(order.id)}
            aria-label={t('cancelOrder', { symbol: order.symbol, price: order.price ?? '' })}
          >
            {t('cancel')}
          </Button>
        </td>
      ) : null}
    </tr>
  );
}

export function OrdersPanel() {
  const { t } = useTranslation('exchange');
  const [tab, setTab] = useState<'open' | 'closed'>('open');
  const [page, setPage] = useState(1);
  const orders = useOrders(tab, tab === 'open' ? 1 : page);
  const cancel = useCancelOrder();
  const columns = ['date', 'pair', 'side', 'type', 'priceColumn', 'amountColumn', 'filled', 'fee', 'state'];
  const onCancel = tab === 'open' ? (id: string) => cancel.mutate(id, { onError: toastError }) : undefined;
  const data = orders.data;
  return (
    <section className="orders-panel" aria-labelledby="orders-heading">
      <div className="orders-panel__head">
        <h2 id="orders-heading">{t('yourOrders')}</h2>
        <Segmented
          label={t('yourOrders')}
          segments={[
            { value: 'open', label: t('openOrders') },
            { value: 'closed', label: t('orderHistory') },
          ]}
          value={tab}
          onChange={(value) => {
            setTab(value);
            setPage(1);
          }}
        />
      </div>
      {orders.isPending ? <Skeleton height={120} /> : null}
      {orders.isError ? <ErrorState onRetry={() => void orders.refetch()} retrying={orders.isFetching} /> : null}
      {data && data.items.length === 0 ? (
        <EmptyState title={t(tab === 'open' ? 'noOpenOrders' : 'noHistory')} headingLevel={3}>
          {t('noOrdersHint')}
        </EmptyState>
      ) : null}
      {data && data.items.length > 0 ? (
        <div className="orders-panel__scroll">
          <table className="orders-table" aria-label={t(tab === 'open' ? 'openOrders' : 'orderHistory')}>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {t(`columns.${column}`)}
                  </th>
                ))}
                {onCancel ? (
                  <th scope="col">
                    <span className="visually-hidden">{t('cancel')}</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {data.items.map((order) => (
                <OrderRow
                  key={order.id}
                  order={order}
                  onCancel={onCancel}
                  cancelling={cancel.isPending && cancel.variables === order.id}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {tab === 'closed' && data && data.total > data.limit ? (
        <div className="orders-panel__pages">
          <Button variant="secondary" disabled={page === 1} onClick={() => setPage(page - 1)}>
            {t('previous')}
          </Button>
          <span className="tabular">{t('page', { page, pages: Math.ceil(data.total / data.limit) })}</span>
          <Button variant="secondary" disabled={page * data.limit >= data.total} onClick={() => setPage(page + 1)}>
            {t('next')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
