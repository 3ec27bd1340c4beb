// The plans as cards: APY first (the number a customer compares), the lock, the minimum, and a Stake
// button; a plan that takes no stakes now says so instead.
import { useTranslation } from 'react-i18next';
import { Lock, Unlock } from 'lucide-react';
import type { StakingPlan } from '@rora/contracts';
import { Button } from '../../../components/button/Button.tsx';
import { ErrorState } from '../../../components/error-state/ErrorState.tsx';
import { Skeleton } from '../../../components/skeleton/Skeleton.tsx';
import { useStakingPlans } from '../api/staking.ts';
import { apyPercent, textCoins } from '../model/stake-form.ts';

function PlanCard({ plan, onStake }: { readonly plan: StakingPlan; readonly onStake: (plan: StakingPlan) => void }) {
  const { t } = useTranslation('staking');
  const lock = plan.lockDays === null ? t('plans.flexible') : t('plans.lockedDays', { count: plan.lockDays });
  return (
    <li className="staking-plan" aria-labelledby={`plan-${plan.id}`}>
      <div className="staking-plan__head">
        <h3 id={`plan-${plan.id}`} className="staking-plan__asset">
          {plan.asset}
        </h3>
        <span className="staking-plan__lock">
          {plan.lockDays === null ? <Unlock size={14} aria-hidden="true" /> : <Lock size={14} aria-hidden="true" />}
          {lock}
        </span>
      </div>
      <p className="staking-plan__apy tabular">
        <span>{apyPercent(plan.apyBps)}</span> <small>{t('plans.apy')}</small>
      </p>
      <dl className="staking-plan__terms">
        <div>
          <dt>{t('plans.minimum')}</dt>
          <dd className="tabular">{textCoins(plan.minAmount, plan.asset)}</dd>
        </div>
        <div>
          <dt>{t('plans.maximum')}</dt>
          <dd className="tabular">{textCoins(plan.maxAmount, plan.asset)}</dd>
        </div>
      </dl>
      {plan.open ? (
        <Button onClick={() => onStake(plan)} aria-label={t('plans.stakeOn', { asset: plan.asset, lock })}>
          {t('plans.stake')}
        </Button>
      ) : (
        <p className="staking-plan__closed">{t('plans.closed')}</p>
      )}
    </li>
  );
}

export function PlanCards({ onStake }: { readonly onStake: (plan: StakingPlan) => void }) {
  const { t } = useTranslation('staking');
  const plans = useStakingPlans();
  return (
    <section className="staking-section" aria-labelledby="staking-plans-title">
      <h2 id="staking-plans-title" className="staking-section__title">
        {t('plans.heading')}
      </h2>
      {plans.isPending ? (
        <div className="staking-plans" aria-busy="true">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} height="12rem" radius="var(--radius-lg)" />
          ))}
        </div>
      ) : plans.isError ? (
        <ErrorState onRetry={() => void plans.refetch()} retrying={plans.isFetching} />
      ) : (
        <ul className="staking-plans">
          {plans.data.items.map((plan) => (
            <PlanCard key={plan.id} plan={plan} onStake={onStake} />
          ))}
        </ul>
      )}
    </section>
  );
}
