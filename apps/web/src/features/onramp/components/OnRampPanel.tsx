// The on-ramp purchase path (spec §1): choose a coin and an amount in US dollars, continue to the
// provider's widget, pay by card there, and read the result here. Routes place this panel where a
// customer buys (the exchange screen, the swap screen). It loads its own translations, so a route
// need not know them.
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CreditCard } from 'lucide-react';
import { ONRAMP_ASSETS, type OnrampAsset } from '@rora/contracts';
import { ASSETS } from '@rora/money';
import { Button } from '../../../components/button/Button.tsx';
import { Dropdown } from '../../../components/dropdown/Dropdown.tsx';
import { NumericInput } from '../../../components/numeric-input/NumericInput.tsx';
import { Skeleton } from '../../../components/skeleton/Skeleton.tsx';
import { PurchaseResult } from './PurchaseResult.tsx';
import { limitValues } from '../model/onramp-form.ts';
import { useOnrampFlow } from './use-onramp-flow.ts';
import { WidgetDialog } from './WidgetDialog.tsx';
import './onramp.css';

function OnRampForm() {
  const { t } = useTranslation('onramp');
  const flow = useOnrampFlow();
  const options = ONRAMP_ASSETS.map((asset) => ({
    value: asset,
    label: `${ASSETS[asset].name} (${asset})`,
    keywords: [asset],
  }));
  return (
    <section className="onramp" aria-labelledby="onramp-title">
      <div className="onramp__header">
        <CreditCard size={22} aria-hidden="true" />
        <h2 id="onramp-title">{t('heading')}</h2>
      </div>
      <p className="onramp__intro">{t('intro')}</p>
      <form
        className="onramp__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          flow.submit();
        }}
      >
        <Dropdown<OnrampAsset>
          label={t('asset')}
          options={options}
          value={flow.asset}
          onChange={flow.setAsset}
          searchLabel={t('search')}
          emptyText={t('noMatch')}
        />
        <NumericInput
          label={t('amount')}
          value={flow.amount}
          onValueChange={flow.setAmount}
          maxDecimals={2}
          placeholder="150"
          hint={t('limits', limitValues())}
          error={flow.amountError}
        />
        {flow.startError ? (
          <p className="onramp__error" role="alert">
            {flow.startError} {flow.needsKyc ? <Link to="/account/kyc">{t('kycLink')}</Link> : null}
          </p>
        ) : null}
        <Button type="submit" loading={flow.starting} disabled={!flow.valid}>
          {t('continue')}
        </Button>
      </form>
      {flow.purchase && !flow.widgetOpen ? <PurchaseResult purchase={flow.purchase} /> : null}
      <WidgetDialog purchase={flow.purchase} open={flow.widgetOpen} onClose={flow.closeWidget} />
    </section>
  );
}

export function OnRampPanel() {
  return (
    <Suspense fallback={<Skeleton height="18rem" radius="var(--radius-lg)" />}>
      <OnRampForm />
    </Suspense>
  );
}
