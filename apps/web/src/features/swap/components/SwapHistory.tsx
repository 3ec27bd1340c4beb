// The customer's swaps with their states, newest first: what was given and received, when, and
// where each one stands (in progress with its latest arrival, completed, failed). The list asks
// again by itself while a swap is in progress.
import { useTranslation } from 'react-i18next';
import { ArrowRight, CircleCheck, CircleX, Hourglass, Repeat } from 'lucide-react';
import type { Swap } from '@rora/contracts';
import { EmptyState } from '../../../components/empty-state/EmptyState.tsx';
import { ErrorState } from '../../../components/error-state/ErrorState.tsx';
import { Skeleton } from '../../../components/skeleton/Skeleton.tsx';
import { currentLanguageTag } from '../../../lib/i18n/i18n.ts';
import { useSwaps } from '../api/swaps.ts';
import { coins } from '../model/display.ts';
import { dateTimeFormat } from '../../../lib/format/intl-cache.ts';

const icons = {
  in_progress: <Hourglass size={16} aria-hidden="true" />,
  completed: <CircleCheck size={16} aria-hidden="true" />,
  failed: <CircleX size={16} aria-hidden="true" />,
};

function when(iso: string): string {
  return dateTimeFormat(currentLanguageTag(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

function SwapRow({ swap }: { readonly swap: Swap }) {
  const { t } = useTranslation('swap');
  const time =
    swap.status === 'in_progress'
      ? t('history.arrivesBy', { time: when(swap.arrivesBy) })
      : swap.completedAt
        ? t('history.completedAt', { time: when(swap.completedAt) })
        : t('history.placedAt', { time: when(swap.createdAt) });
  return (
    <li className="swap-row" data-status={swap.status}>
      <div className="swap-row__pair">
        <span>{swap.from}</span>
        <ArrowRight size={14} aria-label={t('history.pair', { from: swap.from, to: swap.to })} />
        <span>{swap.to}</span>
      </div>
      <div className="swap-row__amounts tabular">
        <span>{t('history.gave', { amount: coins(swap.amount, swap.from) })}</span>
        <span>{t('history.got', { amount: coins(swap.receive, swap.to) })}</span>
      </div>
      <span className={`swap-row__state status-chip status-chip--${swap.status}`}>
        {icons[swap.status]}
        {t(`history.status.${swap.status}`)}
      </span>
      <span className="swap-row__time">{time}</span>
    </li>
  );
}

export function SwapHistory() {
  const { t } = useTranslation('swap');
  const swaps = useSwaps();
  return (
    <section className="swap-card swap-history" aria-labelledby="swap-history-title">
      <h2 id="swap-history-title" className="swap-card__title">
        {t('history.heading')}
      </h2>
      {swaps.isPending ? (
        <div className="swap-history__loading" aria-busy="true">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height="3.5rem" radius="var(--radius)" />
          ))}
        </div>
      ) : swaps.isError ? (
        <ErrorState onRetry={() => void swaps.refetch()} retrying={swaps.isFetching} />
      ) : swaps.data.items.length === 0 ? (
        <EmptyState icon={<Repeat size={28} />} title={t('history.emptyTitle')} headingLevel={3}>
          <p>{t('history.emptyBody')}</p>
        </EmptyState>
      ) : (
        <ul className="swap-history__list">
          {swaps.data.items.map((swap) => (
            <SwapRow key={swap.id} swap={swap} />
          ))}
        </ul>
      )}
    </section>
  );
}
