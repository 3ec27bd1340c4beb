// Unstaking, confirmed: what comes back to the available balance, and for a locked stake before its
// maturity that its accrued rewards are forfeited (or that it cannot be unstaked yet, when the
// platform refuses early unstakes: the API's refusal is shown).
import { useTranslation } from 'react-i18next';
import type { Stake } from '@rora/contracts';
import { Button } from '../../../components/button/Button.tsx';
import { Dialog } from '../../../components/dialog/Dialog.tsx';
import { useUnstake } from '../api/staking.ts';
import { textCoins } from '../model/stake-form.ts';
import { useIdempotencyKeys } from '../../../lib/api/idempotency.ts';
import { showToast } from '../../../lib/toast/toast-store.ts';
import { useErrorText } from '../../../lib/api/use-error-text.ts';

export function UnstakeDialog(props: {
  readonly stake: Stake | null;
  readonly today: string | undefined;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('staking');
  const errorText = useErrorText('staking');
  const unstake = useUnstake((unstaked, returned) =>
    showToast(t('done.unstake', { amount: textCoins(returned, unstaked.asset) }), 'success'),
  );
  const { stake } = props;
  // A retry of an unanswered unstake reuses its key: one confirmation never unstakes twice.
  const keys = useIdempotencyKeys();
  // The API's preview (the days due caught up, as the unstake does); without it, the stored figures.
  const preview = stake?.unstakeNow ?? null;
  const returns = preview?.returns ?? stake?.amount ?? '0';
  const forfeits = preview?.forfeits ?? stake?.rewardsAccrued ?? '0';
  const locked = stake !== null && stake.lockDays !== null && props.today !== undefined && props.today < stake.endDay;
  const early = preview ? Number(preview.forfeits) > 0 || locked : locked;
  const close = () => {
    unstake.reset();
    props.onClose();
  };
  return (
    <Dialog
      open={stake !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={t('unstake.title')}
      closeLabel={t('dialog.close')}
      className="staking-dialog"
    >
      {stake ? (
        <div className="staking-form">
          <p>{t('unstake.returns', { amount: textCoins(returns, stake.asset) })}</p>
          {early ? (
            <p className="staking-form__warning">
              {t('unstake.forfeit', { amount: textCoins(forfeits, stake.asset) })}
            </p>
          ) : null}
          {unstake.isError ? (
            <p role="alert" className="staking-form__error">
              {errorText.ofError(unstake.error)}
            </p>
          ) : null}
          <div className="staking-form__actions">
            <Button variant="secondary" onClick={close} disabled={unstake.isPending}>
              {t('dialog.cancel')}
            </Button>
            <Button
              onClick={() =>
                unstake.mutate(
                  { id: stake.id, key: keys.keyFor({ unstake: stake.id }), returns },
                  { onSuccess: close, onSettled: (_stake, error) => keys.settled(error) },
                )
              }
              loading={unstake.isPending}
            >
              {t('unstake.confirm')}
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
