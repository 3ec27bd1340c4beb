// The loans of one view: a skeleton while loading, the error with a retry, an empty state that
// says what to do next, or the loans, a page at a time with a pager to reach every one.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Loan } from '@rora/contracts';
import { EmptyState } from '../../../components/empty-state/EmptyState.tsx';
import { ErrorState } from '../../../components/error-state/ErrorState.tsx';
import { Pager, useClampPage } from '../../../components/pager/Pager.tsx';
import { pageCount } from '../../../components/pager/paging.ts';
import { Skeleton } from '../../../components/skeleton/Skeleton.tsx';
import { useLoanView, type LoanAction, type LoanViewId, type MarketFilter } from '../api/loans.ts';
import { LoanCard } from './LoanCard.tsx';

export function LoanList(props: {
  readonly view: LoanViewId;
  readonly filter: MarketFilter;
  readonly onAction: (action: LoanAction, loan: Loan) => void;
  readonly onDetails: (loan: Loan) => void;
}) {
  const { t } = useTranslation('lending');
  const [page, setPage] = useState(1);
  const query = useLoanView(props.view, props.filter, page);
  useClampPage(setPage, query.data, query.isSuccess && !query.isPlaceholderData);
  // A page emptied by the customer's own step (its last loan repaid) while others remain: the pager
  // steps back a page (useClampPage); meanwhile the list is loading, not empty.
  const stepsBack = query.data !== undefined && query.data.items.length === 0 && query.data.total > 0;
  if (query.isPending || stepsBack) {
    return (
      <div className="loan-list" aria-busy="true" aria-label={t('loading')}>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} height="7.5rem" />
        ))}
      </div>
    );
  }
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (query.data.items.length === 0) {
    return (
      <EmptyState title={t(`empty.${props.view}.title`)} headingLevel={3}>
        <p>{t(`empty.${props.view}.body`)}</p>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="loan-list" aria-label={t(`views.${props.view}`)}>
        {query.data.items.map((loan) => (
          <LoanCard key={loan.id} loan={loan} view={props.view} onAction={props.onAction} onDetails={props.onDetails} />
        ))}
      </ul>
      <Pager
        label={t('pages', { view: t(`views.${props.view}`) })}
        page={page}
        pages={pageCount(query.data.total, query.data.limit)}
        onPage={setPage}
      />
    </>
  );
}
