// One of the customer's orders as a table row: when, pair, side, type, price (a market order's average
// fill price once it traded), amount, filled, fee, what arrived in the wallet and its state (with why
// it ended, when it did not end by the customer's cancel), and a cancel button while it is open.
import { useTranslation } from 'react-i18next';
import type { Order } from '@rora/contracts';
import type { AssetSymbol } from '@rora/money';
import { Button } from '../../../components/button/Button.tsx';
import { marketModel, receivedOf, showAmount, showAsset, showPrice } from '../model/market.ts';
import { dateTimeFormat } from '../../../lib/format/intl-cache.ts';

export function OrderRow({
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
  const received = receivedOf(order, market);
  const when = dateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(order.createdAt),
  );
  return (
    <tr>
      <td>{when}</td>
      <td>{order.symbol}</td>
      <td className={`side side--${order.side}`}>
        {t(order.type === 'dark pool' ? 'darkSide' : `sideNoun.${order.side}`, { side: t(`sideNoun.${order.side}`) })}
      </td>
      <td>{t(order.orderType)}</td>
      <td className="tabular num">
        {order.price ? (
          showPrice(market, order.price)
        ) : order.averagePrice ? (
          <span title={t('averagePrice')}>{`${t('averagePrefix')} ${showPrice(market, order.averagePrice)}`}</span>
        ) : (
          t('marketPrice')
        )}
      </td>
      <td className="tabular num">
        {order.amount ? showAmount(market, order.amount) : `${showAsset(order.total, market.quote)} ${market.quote}`}
      </td>
      <td className="tabular num">{showAmount(market, order.filledAmount)}</td>
      <td className="tabular num">{`${showAsset(order.fee, order.feeAsset as AssetSymbol)} ${order.feeAsset}`}</td>
      <td className="tabular num">{received ? `${received.amount} ${received.asset}` : '—'}</td>
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
            aria-label={t('cancelOrder', {
              symbol: order.symbol,
              price: order.price ? showPrice(market, order.price) : '',
            })}
          >
            {t('cancel')}
          </Button>
        </td>
      ) : null}
    </tr>
  );
}
