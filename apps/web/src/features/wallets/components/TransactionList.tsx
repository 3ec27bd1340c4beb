// Transactions (one wallet) and History (every wallet), newest first, a page at a time; skeletons
// while loading, an empty state that says what to do, and a retry when the fetch fails.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Inbox } from 'lucide-react';
import { assetScale } from '@rora/money';
import type { Wallet, WalletTransaction } from '@rora/contracts';
import { Button } from '../../../components/button/Button.tsx';
import { EmptyState } from '../../../components/empty-state/EmptyState.tsx';
import { ErrorState } from '../../../components/error-state/ErrorState.tsx';
import { Skeleton } from '../../../components/skeleton/Skeleton.tsx';
import { TRANSACTIONS_PAGE_LIMIT, useWalletHistory, useWalletTransactions } from '../api/transactions-api.ts';
import { TransactionRow } from './TransactionRow.tsx';

interface PageResult {
  readonly data?: { readonly items: readonly WalletTransaction[]; readonly total: number } | undefined;
  readonly isError: boolean;
  readonly isFetching: boolean;
  refetch(): unknown;
}

interface ListProps {
  readonly title: string;
  readonly result: PageResult;
  readonly page: number;
  readonly onPage: (page: number) => void;
  readonly onReceive?: (() => void) | undefined;
}

function List({ title, result, page, onPage, onReceive }: ListProps) {
  const { t } = useTranslation('wallets');
  const pages = Math.max(1, Math.ceil((result.data?.total ?? 0) / TRANSACTIONS_PAGE_LIMIT));
  let body;
  if (result.data === undefined && result.isError) {
    body = <ErrorState onRetry={() => void result.refetch()} retrying={result.isFetching} />;
  } else if (result.data === undefined) {
    body = [0, 1, 2].map((row) => <Skeleton key={row} height={64} radius="var(--radius)" />);
  } else if (result.data.items.length === 0) {
    const action = onReceive ? (
      <Button variant="secondary" onClick={onReceive}>
        {t('transactions.toReceive')}
      </Button>
    ) : undefined;
    body = (
      <EmptyState icon={<Inbox size={28} />} title={t('transactions.empty')} headingLevel={3} action={action}>
        <p>{t('transactions.emptyBody')}</p>
      </EmptyState>
    );
  } else {
    body = (
      <ul className="tx-list">
        {result.data.items.map((item) => (
          // Amounts are in the asset's booked scale, whatever network moved them.
          <TransactionRow key={`${item.id}-${item.type}`} transaction={item} decimals={assetScale(item.assetSymbol)} />
        ))}
      </ul>
    );
  }
  return (
    <section className="wallet-panel" aria-label={title}>
      <h2 className="wallet-panel__title">{title}</h2>
      {body}
      {pages > 1 ? (
        <nav className="pager" aria-label={title}>
          <Button variant="ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t('transactions.previous')}
          </Button>
          <span className="tabular">{t('transactions.page', { page, pages })}</span>
          <Button variant="ghost" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            {t('transactions.next')}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

export function WalletTransactionList({
  wallet,
  onReceive,
}: {
  readonly wallet: Wallet;
  readonly onReceive: () => void;
}) {
  const { t } = useTranslation('wallets');
  const [page, setPage] = useState(1);
  const result = useWalletTransactions(wallet.id, page);
  return <List title={t('transactions.title')} result={result} page={page} onPage={setPage} onReceive={onReceive} />;
}

export function HistoryList() {
  const { t } = useTranslation('wallets');
  const [page, setPage] = useState(1);
  const result = useWalletHistory(page);
  return <List title={t('transactions.historyTitle')} result={result} page={page} onPage={setPage} />;
}
