// Confirm before money moves (UI.md; ADR 0066): the order as it will be sent (side and kind, pair,
// platform, amount, limit price), the estimate the form's summary shows (price, fee, total, what
// arrives in the wallet), what the kind of order means (a market order fills at the book's prices when
// it runs and cannot be undone; a resting one can be cancelled while it is open), and, when the
// estimate moved while the dialog was open, each moved figure beside what it was, to accept first.
// While the current estimate is missing (a new one loads, or the order broke a rule since), the last
// figures shown stay, with a line that says so and why.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DEFAULT_VENUE, VENUES } from '@rora/contracts';
import { Button } from '../../../components/button/Button.tsx';
import { Dialog } from '../../../components/dialog/Dialog.tsx';
import { Skeleton } from '../../../components/skeleton/Skeleton.tsx';
import { ruleValues, showPrice, showSummaryAmount, type MarketModel } from '../model/market.ts';
import { movedFigures, type ConfirmFigure } from '../model/order-confirm.ts';
import { usesTotal } from '../model/order-form.ts';
import { estimateRows } from './OrderSummary.tsx';
import type { OrderConfirmModel } from './use-order-confirm.ts';
import type { OrderFormModel } from './use-order-form.ts';
import './order-confirm.css';

interface Props {
  readonly confirm: OrderConfirmModel;
  readonly form: OrderFormModel;
  readonly market: MarketModel;
  readonly venue: string;
}

interface Row {
  readonly key: string;
  readonly label: string;
  readonly value: string;
  /** What the figure was in the estimate seen, when it moved since. */
  readonly was?: string;
}

/**
 * The order as it will be sent: what the customer chose and typed. A market buy given by its total
 * buys the estimate's amount, which moves with it.
 */
function orderRows({ confirm, form, market, venue }: Props, t: TFunction<'exchange'>): Row[] {
  const { values } = form;
  const platform = values.tab === 'dark' ? DEFAULT_VENUE.id : venue;
  const amount = (text: string | undefined) => `${showSummaryAmount(market, text, market.base)} ${market.base}`;
  const rows: Row[] = [
    { key: 'kind', label: t('confirm.order'), value: t(`confirm.kind.${values.tab}_${values.side}`) },
    { key: 'pair', label: t('pair'), value: market.symbol },
    { key: 'venue', label: t('venue'), value: VENUES.find((item) => item.id === platform)?.name ?? platform },
  ];
  if (usesTotal(values)) {
    const moved = movedFigures(confirm.seen, confirm.shown).includes('amount');
    rows.push(
      {
        key: 'spend',
        label: t('confirm.spend'),
        value: `${showSummaryAmount(market, values.total, market.quote)} ${market.quote}`,
      },
      {
        key: 'amount',
        label: t('confirm.amountEstimated'),
        value: amount(confirm.shown?.amount),
        was: moved ? amount(confirm.seen?.amount) : undefined,
      },
    );
  } else rows.push({ key: 'amount', label: t('amountLabel'), value: amount(values.amount) });
  if (values.tab !== 'market') {
    const price = `${showPrice(market, values.price)} ${market.quote}`;
    rows.push({ key: 'limit', label: t('confirm.limitPrice'), value: price });
  }
  return rows;
}

/** The estimate's rows, each moved figure with what it was in the estimate seen. */
function estimateRowsSeen({ confirm, form, market }: Omit<Props, 'venue'>, t: TFunction<'exchange'>): Row[] {
  const rate = confirm.shown;
  if (!rate) return [];
  const priceLabel = form.values.tab === 'market' ? t('confirm.averagePrice') : undefined;
  const moved = new Set<ConfirmFigure>(movedFigures(confirm.seen, rate));
  const before = confirm.seen ? estimateRows({ market, rate: confirm.seen, t, priceLabel }) : [];
  return estimateRows({ market, rate, t, priceLabel }).map((row) => ({
    key: row.figure,
    label: row.label,
    value: row.value,
    was: moved.has(row.figure) ? before.find((old) => old.figure === row.figure)?.value : undefined,
  }));
}

function Rows({ rows }: { readonly rows: readonly Row[] }) {
  const { t } = useTranslation('exchange');
  return rows.map((row) => (
    <div key={row.key} className={row.was ? 'order-confirm__row order-confirm__row--moved' : 'order-confirm__row'}>
      <dt>{row.label}</dt>
      <dd className="tabular">
        {row.value}
        {row.was ? <span className="order-confirm__was">{t('confirm.was', { value: row.was })}</span> : null}
      </dd>
    </div>
  ));
}

/** Why the figures shown are not the current estimate: it loads, or the order now breaks a rule. */
function EstimateState({ confirm, form, market }: Omit<Props, 'venue'>) {
  const { t } = useTranslation('exchange');
  if (form.estimate) return null;
  if (!confirm.shown) return form.estimating ? <Skeleton height={92} /> : null;
  const reason = form.problem
    ? t(`errors.${form.problem}`, { ...ruleValues(market), defaultValue: t('errors.invalid') })
    : null;
  return (
    <p className="order-confirm__stale" role="status">
      {reason ? t('confirm.outdated', { reason }) : t('confirm.updating')}
    </p>
  );
}

export function ConfirmOrderDialog(props: Props) {
  const { t } = useTranslation('exchange');
  const { confirm, form } = props;
  const { side, tab } = form.values;
  return (
    <Dialog
      open={confirm.open}
      onOpenChange={(open) => (open ? undefined : confirm.back())}
      title={t('confirm.title')}
      closeLabel={t('close')}
      className="order-confirm"
    >
      {confirm.open ? (
        <>
          <dl className="order-confirm__rows" aria-busy={!form.estimate}>
            <Rows rows={orderRows(props, t)} />
            <Rows rows={estimateRowsSeen(props, t)} />
          </dl>
          <EstimateState {...props} />
          {confirm.moved ? (
            <p role="alert" className="order-confirm__moved">
              {t('confirm.moved')}
            </p>
          ) : null}
          <p className="order-confirm__note">{t(`confirm.note.${tab}`)}</p>
          {confirm.shown && !confirm.shown.fullyFillable ? (
            <p className="summary__warning">{t('summaryPartial')}</p>
          ) : null}
          {confirm.error ? (
            <p role="alert" className="order-confirm__error">
              {confirm.error}
            </p>
          ) : null}
          <div className="order-confirm__actions">
            <Button variant="secondary" onClick={confirm.back} disabled={form.pending}>
              {t('confirm.back')}
            </Button>
            {/* One button, so focus stays on it when its job changes from accepting to confirming. */}
            <Button
              className={confirm.moved ? undefined : `order-form__submit--${side}`}
              loading={form.pending}
              disabled={!confirm.moved && !confirm.canConfirm}
              onClick={confirm.moved ? confirm.accept : () => void confirm.confirm()}
            >
              {confirm.moved ? t('confirm.accept') : t(side === 'buy' ? 'confirm.submitBuy' : 'confirm.submitSell')}
            </Button>
          </div>
        </>
      ) : null}
    </Dialog>
  );
}
