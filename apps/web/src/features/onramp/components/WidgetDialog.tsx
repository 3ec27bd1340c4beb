// The provider's widget in a dialog: its own page in an iframe (the sandbox's is served by Rora), and
// under it where the purchase stands as Rora sees it: waiting, complete with the coins credited, or
// declined with the reason, and what to do next.
import { useTranslation } from 'react-i18next';
import type { OnrampPurchase } from '@rora/contracts';
import { coinsOf, formatUsd } from '../../../lib/format/numbers.ts';
import { Button } from '../../../components/button/Button.tsx';
import { Dialog } from '../../../components/dialog/Dialog.tsx';
import { storedLanguage } from '../../../lib/i18n/languages.ts';
import { widgetAddress } from '../model/onramp-form.ts';
import { PurchaseResult } from './PurchaseResult.tsx';

function currentTheme(): 'dark' | 'light' {
  return document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
}

export function WidgetDialog(props: {
  readonly purchase: OnrampPurchase | null;
  readonly open: boolean;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('onramp');
  const { purchase } = props;
  const coins = purchase ? coinsOf(purchase.cryptoAmount, purchase.asset) : '';
  return (
    <Dialog
      open={props.open && purchase !== null}
      onOpenChange={(open) => (open ? undefined : props.onClose())}
      title={t('widgetTitle')}
      description={
        purchase
          ? t('widgetDescription', { provider: purchase.providerName, fiat: formatUsd(purchase.fiatAmount), coins })
          : undefined
      }
      closeLabel={t('close')}
      className="onramp-widget"
    >
      {purchase ? (
        <>
          <iframe
            className="onramp-widget__frame"
            src={widgetAddress(purchase.widget.url, { language: storedLanguage(), theme: currentTheme() })}
            title={t('widgetFrame', { provider: purchase.providerName })}
            allow="payment"
          />
          {purchase.status === 'pending' ? (
            <p className="onramp-widget__waiting" role="status">
              {t('waiting')}
            </p>
          ) : (
            <PurchaseResult purchase={purchase} />
          )}
          {purchase.status !== 'pending' ? (
            <div className="onramp-widget__actions">
              <Button onClick={props.onClose}>{purchase.status === 'completed' ? t('done') : t('tryAgain')}</Button>
            </div>
          ) : null}
        </>
      ) : null}
    </Dialog>
  );
}
