// Confirm before money moves (UI.md): what leaves the balance, what arrives, the rate, the fee and the
// spread, that arrival takes 30 minutes or less, and that a swap cannot be undone. An expired quote
// cannot be confirmed: it offers a refresh instead.
import { useTranslation } from 'react-i18next';
import type { SwapQuote } from '@rora/contracts';
import { Button } from '../../../components/button/Button.tsx';
import { Dialog } from '../../../components/dialog/Dialog.tsx';
import { bpsPercent } from '../model/quote-clock.ts';
import { coins, significant } from '../model/display.ts';

function Summary({ quote }: { readonly quote: SwapQuote }) {
  const { t } = useTranslation('swap');
  return (
    <dl className="swap-confirm__summary">
      <div>
        <dt>{t('confirm.give')}</dt>
        <dd className="tabular">{coins(quote.quantity, quote.from)}</dd>
      </div>
      <div className="swap-confirm__receive">
        <dt>{t('confirm.receive')}</dt>
        <dd className="tabular">{coins(quote.receive, quote.to)}</dd>
      </div>
      <div>
        <dt>{t('confirm.rate')}</dt>
        <dd className="tabular">
          {t('quote.rateValue', { from: quote.from, to: quote.to, rate: significant(quote.rate) })}
        </dd>
      </div>
      <div>
        <dt>{`${t('confirm.fee')} (${bpsPercent(quote.feeBps)})`}</dt>
        <dd className="tabular">{coins(quote.fee, quote.from)}</dd>
      </div>
      <div>
        <dt>{`${t('confirm.spread')} (${bpsPercent(quote.spreadBps)})`}</dt>
        <dd className="tabular">{coins(quote.spread, quote.to)}</dd>
      </div>
    </dl>
  );
}

export function ConfirmSwapDialog(props: {
  readonly quote: SwapQuote | null;
  readonly expired: boolean;
  readonly placing: boolean;
  readonly error: string | null;
  readonly onConfirm: () => void;
  readonly onRefresh: () => void;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('swap');
  const { quote } = props;
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
          <Summary quote={quote} />
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
            {props.expired ? (
              <Button onClick={props.onRefresh}>{t('quote.refresh')}</Button>
            ) : (
              <Button onClick={props.onConfirm} loading={props.placing}>
                {t('confirm.confirm')}
              </Button>
            )}
          </div>
        </>
      ) : null}
    </Dialog>
  );
}
