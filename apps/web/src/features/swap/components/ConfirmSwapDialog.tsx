// Confirm before money moves (UI.md): what leaves the balance, what arrives, the rate, the fee and the
// spread, that arrival takes 30 minutes or less, and that a swap cannot be undone. An expired quote
// cannot be confirmed: it offers a refresh instead, and when the refreshed quote's figures differ
// from the ones the customer opened the dialog with, a note says so and each changed figure shows
// what it was (as the order confirmation does), so nothing changes silently.
import { useTranslation } from 'react-i18next';
import type { SwapQuote } from '@rora/contracts';
import { Button } from '../../../components/button/Button.tsx';
import { Dialog } from '../../../components/dialog/Dialog.tsx';
import { bpsPercent } from '../model/quote-clock.ts';
import { changedFigures, type QuoteFigure } from '../model/quote-change.ts';
import { coins, significant } from '../model/display.ts';
import './confirm-swap.css';

interface Row {
  readonly figure: QuoteFigure | 'give';
  readonly label: string;
  readonly value: (quote: SwapQuote) => string;
}

function Summary(props: {
  readonly quote: SwapQuote;
  readonly seen: SwapQuote | null;
  readonly changes: readonly QuoteFigure[];
}) {
  const { quote, seen } = props;
  const { t } = useTranslation('swap');
  const changed = new Set<string>(props.changes);
  const rows: Row[] = [
    { figure: 'give', label: t('confirm.give'), value: (q) => coins(q.quantity, q.from) },
    { figure: 'receive', label: t('confirm.receive'), value: (q) => coins(q.receive, q.to) },
    {
      figure: 'rate',
      label: t('confirm.rate'),
      value: (q) => t('quote.rateValue', { from: q.from, to: q.to, rate: significant(q.rate) }),
    },
    { figure: 'fee', label: `${t('confirm.fee')} (${bpsPercent(quote.feeBps)})`, value: (q) => coins(q.fee, q.from) },
    {
      figure: 'spread',
      label: `${t('confirm.spread')} (${bpsPercent(quote.spreadBps)})`,
      value: (q) => coins(q.spread, q.to),
    },
  ];
  return (
    <dl className="swap-confirm__summary">
      {rows.map((row) => (
        <div
          key={row.figure}
          className={[
            row.figure === 'receive' ? 'swap-confirm__receive' : '',
            changed.has(row.figure) ? 'swap-confirm__row--changed' : '',
          ].join(' ')}
        >
          <dt>{row.label}</dt>
          <dd className="tabular">
            {row.value(quote)}
            {seen && changed.has(row.figure) ? (
              <span className="swap-confirm__was">{t('confirm.was', { value: row.value(seen) })}</span>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function ConfirmSwapDialog(props: {
  readonly quote: SwapQuote | null;
  /** The quote the dialog was opened with. */
  readonly seen: SwapQuote | null;
  readonly expired: boolean;
  readonly refreshing: boolean;
  readonly placing: boolean;
  readonly error: string | null;
  readonly onConfirm: () => void;
  readonly onRefresh: () => void;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('swap');
  const { quote } = props;
  // An expired quote is compared with nothing: its refresh is what the customer will confirm.
  const changes = quote !== null && !props.expired ? changedFigures(props.seen, quote) : [];
  return (
    <Dialog
      open={quote !== null}
      onOpenChange={(open) => (open ? undefined : props.onClose())}
      title={t('confirm.title')}
      closeLabel={t('confirm.close')}
      className="swap-confirm"
    >
      {quote ? (
        <>
          <Summary quote={quote} seen={props.seen} changes={changes} />
          {changes.length > 0 ? (
            <p role="alert" className="swap-confirm__changed">
              {t('confirm.changed')}
            </p>
          ) : null}
          <p className="swap-confirm__arrival">{t('confirm.arrival')}</p>
          <p className="swap-confirm__final">{t('confirm.final')}</p>
          {props.expired ? (
            <p role="alert" className="swap-confirm__error">
              {t('confirm.expired')}
            </p>
          ) : null}
          {props.error ? (
            <p role="alert" className="swap-confirm__error">
              {props.error}
            </p>
          ) : null}
          <div className="swap-confirm__actions">
            <Button variant="secondary" onClick={props.onClose} disabled={props.placing}>
              {t('confirm.cancel')}
            </Button>
            {/* One button, so focus stays on it when its job changes from refreshing to confirming. */}
            <Button
              onClick={props.expired ? props.onRefresh : props.onConfirm}
              loading={props.expired ? props.refreshing : props.placing}
            >
              {props.expired ? t('quote.refresh') : t('confirm.confirm')}
            </Button>
          </div>
        </>
      ) : null}
    </Dialog>
  );
}
