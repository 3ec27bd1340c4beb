// The swap form: the coin to give (searchable), the amount with max, the coin to get, the live firm
// quote with its countdown and refresh, then a confirmation; once placed, the swap's progress.
import { useTranslation } from 'react-i18next';
import { ArrowDownUp } from 'lucide-react';
import { Button } from '../../../components/button/Button.tsx';
import { KycRequiredNotice } from '../../../components/kyc-required/KycRequiredNotice.tsx';
import { useKycApproved } from '../../../lib/api/resources/user.ts';
import { AmountField } from './AmountField.tsx';
import { AssetPicker } from './AssetPicker.tsx';
import { ConfirmSwapDialog } from './ConfirmSwapDialog.tsx';
import { QuotePanel } from './QuotePanel.tsx';
import { SwapProgress } from './SwapProgress.tsx';
import { useSwapFlow } from './use-swap-flow.ts';

function KycNotice() {
  const { t } = useTranslation('swap');
  return <KycRequiredNotice title={t('form.kycTitle')} body={t('form.kycBody')} link={t('form.kycLink')} />;
}

export function SwapPanel() {
  const { t } = useTranslation('swap');
  const flow = useSwapFlow();
  const approved = useKycApproved();
  const { values, view } = flow;
  if (flow.placed) {
    return (
      <section className="swap-card" aria-labelledby="swap-form-title">
        <h2 id="swap-form-title" className="swap-card__title">
          {t('form.heading')}
        </h2>
        <SwapProgress swap={flow.placed} onAnother={flow.another} />
      </section>
    );
  }
  const canReview = approved === true && view.kind === 'ready' && view.secondsLeft > 0;
  return (
    <section className="swap-card swap-form" aria-labelledby="swap-form-title">
      <h2 id="swap-form-title" className="swap-card__title">
        {t('form.heading')}
      </h2>
      {approved === false ? <KycNotice /> : null}
      <AssetPicker
        label={t('form.from')}
        value={values.from}
        balances={flow.balances}
        onChange={(asset) => flow.pick('from', asset)}
      />
      <AmountField
        asset={values.from}
        value={values.amount}
        balance={flow.balance}
        error={flow.amountError}
        onChange={flow.setAmount}
        onMax={flow.setMax}
      />
      <div className="swap-form__flip">
        <button type="button" className="swap-form__flip-button" onClick={flow.flip} aria-label={t('form.flip')}>
          <ArrowDownUp size={18} aria-hidden="true" />
        </button>
      </div>
      <AssetPicker
        label={t('form.to')}
        value={values.to}
        balances={flow.balances}
        onChange={(asset) => flow.pick('to', asset)}
      />
      <QuotePanel view={view} onRefresh={flow.refresh} refreshing={flow.refreshing} />
      <Button block disabled={!canReview} onClick={flow.openConfirm}>
        {t('form.review')}
      </Button>
      <ConfirmSwapDialog
        quote={flow.confirming}
        seen={flow.seen}
        refreshing={flow.refreshing}
        expired={view.kind === 'ready' && view.secondsLeft === 0}
        placing={flow.placing}
        error={flow.placeError}
        onConfirm={() => (flow.confirming ? flow.confirm(flow.confirming) : undefined)}
        onRefresh={flow.refresh}
        onClose={flow.closeConfirm}
      />
    </section>
  );
}
