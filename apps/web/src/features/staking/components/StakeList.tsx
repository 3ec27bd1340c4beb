// The customer's stakes, active first: amount and plan, where each stands (active, matured,
// unstaked), rewards accrued and paid (or forfeited), the next payout and the maturity day, and
// Unstake on an active one (UnstakeDialog says what an early unstake costs); a page at a time,
// with a pager to reach every stake.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleCheck, Coins, Hourglass, Undo2 } from 'lucide-react';
import type { Stake } from '@rora/contracts';
import { Button } from '../../../components/button/Button.tsx';
import { EmptyState } from '../../../components/empty-state/EmptyState.tsx';
import { ErrorState } from '../../../components/error-state/ErrorState.tsx';
import { Pager, useClampPage } from '../../../components/pager/Pager.tsx';
import { pageCount } from '../../../components/pager/paging.ts';
import { Skeleton } from '../../../components/skeleton/Skeleton.tsx';
import { currentLanguageTag } from '../../../lib/i18n/i18n.ts';
import { useStakes } from '../api/staking.ts';
import { apyPercent, textCoins } from '../model/stake-form.ts';
import { UnstakeDialog } from './UnstakeDialog.tsx';
import { dateTimeFormat } from '../../../lib/format/intl-cache.ts';

const icons = {
  active: <Hourglass size={16} aria-hidden="true" />,
  matured: <CircleCheck size={16} aria-hidden="true" />,
  unstaked: <Undo2 size={16} aria-hidden="true" />,
};

export function dayText(day: string): string {
  return dateTimeFormat(currentLanguageTag(), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

function StakeRow({ stake, onUnstake }: { readonly stake: Stake; readonly onUnstake: (stake: Stake) => void }) {
  const { t } = useTranslation('staking');
  const lock = stake.lockDays === null ? t('plans.flexible') : t('plans.lockedDays', { count: stake.lockDays });
  return (
    <li className="staking-stake" data-status={stake.status}>
      <div className="staking-stake__main">
        <span className="staking-stake__amount tabular">{textCoins(stake.amount, stake.asset)}</span>
        <span className="staking-stake__plan">{`${apyPercent(stake.apyBps)} · ${lock}`}</span>
      </div>
      <span className={`staking-chip staking-chip--${stake.status}`}>
        {icons[stake.status]}
        {t(`stakes.status.${stake.status}`)}
      </span>
      <dl className="staking-stake__figures">
        <div>
          <dt>{t('stakes.accrued')}</dt>
          <dd className="tabular">{textCoins(stake.rewardsAccrued, stake.asset)}</dd>
        </div>
        <div>
          <dt>{stake.rewardsForfeited !== '0' ? t('stakes.forfeited') : t('stakes.paid')}</dt>
          <dd className="tabular">
            {textCoins(stake.rewardsForfeited !== '0' ? stake.rewardsForfeited : stake.rewardsPaid, stake.asset)}
          </dd>
        </div>
        <div>
          <dt>{t('stakes.nextPayout')}</dt>
          <dd>{stake.nextPayoutDay ? dayText(stake.nextPayoutDay) : '—'}</dd>
        </div>
        <div>
          <dt>{stake.lockDays === null ? t('stakes.runsUntil') : t('stakes.maturity')}</dt>
          <dd>{dayText(stake.endDay)}</dd>
        </div>
      </dl>
      {stake.status === 'active' ? (
        <Button
          variant="secondary"
          onClick={() => onUnstake(stake)}
          aria-label={t('stakes.unstakeLabel', { amount: textCoins(stake.amount, stake.asset) })}
        >
          {t('stakes.unstake')}
        </Button>
      ) : null}
    </li>
  );
}

export function StakeList({ today }: { readonly today: string | undefined }) {
  const { t } = useTranslation('staking');
  const [page, setPage] = useState(1);
  const stakes = useStakes(page);
  useClampPage(setPage, stakes.data, stakes.isSuccess && !stakes.isPlaceholderData);
  const [unstaking, setUnstaking] = useState<Stake | null>(null);
  return (
    <section className="staking-section" aria-labelledby="staking-stakes-title">
      <h2 id="staking-stakes-title" className="staking-section__title">
        {t('stakes.heading')}
      </h2>
      {/* A page emptied by an unstake while others remain is loading (the pager steps back), not empty. */}
      {stakes.isPending || (stakes.data?.items.length === 0 && stakes.data.total > 0) ? (
        <div aria-busy="true" className="staking-stakes">
          {[0, 1].map((index) => (
            <Skeleton key={index} height="6rem" radius="var(--radius-lg)" />
          ))}
        </div>
      ) : stakes.isError ? (
        <ErrorState onRetry={() => void stakes.refetch()} retrying={stakes.isFetching} />
      ) : stakes.data.items.length === 0 ? (
        <EmptyState icon={<Coins size={28} />} title={t('stakes.emptyTitle')} headingLevel={3}>
          <p>{t('stakes.emptyBody')}</p>
        </EmptyState>
      ) : (
        <>
          <ul className="staking-stakes">
            {stakes.data.items.map((stake) => (
              <StakeRow key={stake.id} stake={stake} onUnstake={setUnstaking} />
            ))}
          </ul>
          <Pager
            label={t('stakes.pages')}
            page={page}
            pages={pageCount(stakes.data.total, stakes.data.limit)}
            onPage={setPage}
          />
        </>
      )}
      <UnstakeDialog stake={unstaking} today={today} onClose={() => setUnstaking(null)} />
    </section>
  );
}
