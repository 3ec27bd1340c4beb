// The customer's orders: open ones (with cancel) and their history, a page of 20 at a time with a
// pager, so every open order can be seen and cancelled however many there are.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '@rora/contracts';
import { EmptyState } from '../../../components/empty-state/EmptyState.tsx';
import { ScrollArea } from '../../../components/scroll-area/ScrollArea.tsx';
import { ErrorState } from '../../../components/error-state/ErrorState.tsx';
import { Skeleton } from '../../../components/skeleton/Skeleton.tsx';
import { showToast } from '../../../lib/toast/toast-store.ts';
import { toastError } from '../api/feedback.ts';
import { useCancelOrder, useOrders } from '../api/orders.ts';
import { pageCount } from '../../../components/pager/paging.ts';
import { OrderRow } from './OrderRow.tsx';
import { Pager, useClampPage } from '../../../components/pager/Pager.tsx';
import { Segmented } from './Segmented.tsx';

type OrdersTab = 'open' | 'closed';
const COLUMNS = ['date', 'pair', 'side', 'type', 'priceColumn', 'amountColumn', 'filled', 'fee', 'received', 'state'];

/**
 * Cancels an open order and says so once the API answers (the row leaving the table alone did not
 * tell the customer it worked), or why not. Undefined where orders cannot be cancelled (history).
 */
function useCancelAction(cancellable: boolean) {
  const { t } = useTranslation('exchange');
  const cancel = useCancelOrder();
  const cancelled = (order: Order) =>
    showToast(t('cancelledByYou', { side: t(`sideNoun.${order.side}`), symbol: order.symbol }), 'success');
  return {
    onCancel: cancellable
      ? (id: string) => cancel.mutate(id, { onSuccess: cancelled, onError: (error) => toastError(error) })
      : undefined,
    /** The order whose cancel is on its way. */
    cancelling: (id: string) => cancel.isPending && cancel.variables === id,
  };
}

export function OrdersPanel() {
  const { t } = useTranslation('exchange');
  const [tab, setTab] = useState<OrdersTab>('open');
  const [page, setPage] = useState(1);
  const orders = useOrders(tab, page);
  const { onCancel, cancelling } = useCancelAction(tab === 'open');
  const data = orders.data;
  const settled = data !== undefined && !orders.isPlaceholderData;
  // Cancelling the last order of the last page leaves that page empty: show the one before it.
  useClampPage(setPage, data, settled);
  const listName = t(tab === 'open' ? 'openOrders' : 'orderHistory');
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
      {data && data.total === 0 ? (
        <EmptyState title={t(tab === 'open' ? 'noOpenOrders' : 'noHistory')} headingLevel={3}>
          {t('noOrdersHint')}
        </EmptyState>
      ) : null}
      {data && data.items.length > 0 ? (
        <ScrollArea label={listName} hint={t('scrollHint')}>
          <table className="orders-table" aria-label={listName}>
            <thead>
              <tr>
                {COLUMNS.map((column) => (
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
                <OrderRow key={order.id} order={order} onCancel={onCancel} cancelling={cancelling(order.id)} />
              ))}
            </tbody>
          </table>
        </ScrollArea>
      ) : null}
      {data ? (
        <Pager
          label={t('ordersPages', { list: listName })}
          page={page}
          pages={pageCount(data.total, data.limit)}
          onPage={setPage}
        />
      ) : null}
    </section>
  );
}
