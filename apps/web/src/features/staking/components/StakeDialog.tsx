// Confirm before money moves (UI.md): the amount (checked as typed against the plan and the
// balance), then about what it earns a day and exactly what over the term, when it can be withdrawn, and what
// an early unstake costs. The Idempotency-Key is made when the dialog opens, so a retry of the same
// confirmation never stakes twice; what was typed stays when a request fails.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StakingPlan } from '@rora/contracts';
import { assetScale } from '@rora/money';
import { formatHolding } from '../../../lib/format/numbers.ts';
import { Button } from '../../../components/button/Button.tsx';
import { Dialog } from '../../../components/dialog/Dialog.tsx';
import { NumericInput } from '../../../components/numeric-input/NumericInput.tsx';
import { useAvailableBalances, usePlaceStake } from '../api/staking.ts';
import {
  apyPercent,
  BOUND_ERRORS,
  boundTexts,
  checkStakeAmount,
  coins,
  stakeSummary,
  textCoins,
} from '../model/stake-form.ts';
import { showToast } from '../../../lib/toast/toast-store.ts';
import { ApiError } from '../../../lib/api/errors.ts';
import { useIdempotencyKeys } from '../../../lib/api/idempotency.ts';
import { useErrorText } from '../../../lib/api/use-error-text.ts';

/** No amount yet, or one refused: a dash, never rewards of 0 as if that were what it earns. */
const NO_FIGURE = '—';

function Summary({ plan, amount }: { readonly plan: StakingPlan; readonly amount: bigint | null }) {
  const { t } = useTranslation('staking');
  const summary = stakeSummary(plan, amount ?? 0n);
  const shown = (value: bigint) => (amount === null ? NO_FIGURE : coins(value, plan.asset));
  return (
    <dl className="staking-summary">
      <div>
        <dt>{t('dialog.apy')}</dt>
        <dd className="tabular">{apyPercent(plan.apyBps)}</dd>
      </div>
      <div>
        {/* About: later days pay the first day's reward or one unit more (the rounding is carried). */}
        <dt>{t('dialog.dailyAbout')}</dt>
        <dd className="tabular">{shown(summary.daily)}</dd>
      </div>
      <div className="staking-summary__total">
        <dt>{t('dialog.total', { count: summary.termDays })}</dt>
        <dd className="tabular">{shown(summary.total)}</dd>
      </div>
    </dl>
  );
}

function StakeForm({ plan, onDone }: { readonly plan: StakingPlan; readonly onDone: () => void }) {
  const { t } = useTranslation('staking');
  const errorText = useErrorText('staking');
  const [text, setText] = useState('');
  const keys = useIdempotencyKeys();
  const balances = useAvailableBalances();
  const place = usePlaceStake((stake) =>
    showToast(t('done.stake', { amount: textCoins(stake.amount, stake.asset) }), 'success'),
  );
  const available = balances.data?.get(plan.asset) ?? 0n;
  const checked = checkStakeAmount(text, plan, available);
  // A minimum or maximum is named with the plan's figure, whether the form or the server refused.
  const wordsOf = (code: string) =>
    BOUND_ERRORS.includes(code) ? t(`errors.${code}`, boundTexts(plan)) : errorText.ofCode(code);
  const shownError = !checked.ok && text !== '' ? wordsOf(checked.error) : undefined;
  const placeError = place.error instanceof ApiError ? wordsOf(place.error.items[0]?.code ?? place.error.code) : null;
  const submit = () => {
    if (!checked.ok) return;
    const stake = { plan: plan.id, amount: text };
    place.mutate(
      { ...stake, key: keys.keyFor(stake) },
      { onSuccess: onDone, onSettled: (_stake, error) => keys.settled(error) },
    );
  };
  return (
    <form
      className="staking-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <NumericInput
        label={t('dialog.amount', { asset: plan.asset })}
        value={text}
        onValueChange={setText}
        maxDecimals={assetScale(plan.asset)}
        placeholder={plan.minAmount}
        error={shownError}
        hint={t('dialog.available', { amount: `${formatHolding(available, assetScale(plan.asset))} ${plan.asset}` })}
      />
      <Summary plan={plan} amount={checked.ok ? checked.amount : null} />
      <p className="staking-form__note">
        {plan.lockDays === null ? t('dialog.flexibleNote') : t('dialog.lockedNote', { count: plan.lockDays })}
      </p>
      {place.isError ? (
        <p role="alert" className="staking-form__error">
          {placeError ?? errorText.ofError(place.error)}
        </p>
      ) : null}
      <div className="staking-form__actions">
        <Button type="button" variant="secondary" onClick={onDone} disabled={place.isPending}>
          {t('dialog.cancel')}
        </Button>
        <Button type="submit" disabled={!checked.ok} loading={place.isPending}>
          {t('dialog.confirm')}
        </Button>
      </div>
    </form>
  );
}

export function StakeDialog({ plan, onClose }: { readonly plan: StakingPlan | null; readonly onClose: () => void }) {
  const { t } = useTranslation('staking');
  return (
    <Dialog
      open={plan !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={plan ? t('dialog.title', { asset: plan.asset }) : ''}
      closeLabel={t('dialog.close')}
      className="staking-dialog"
    >
      {plan ? <StakeForm key={plan.id} plan={plan} onDone={onClose} /> : null}
    </Dialog>
  );
}
