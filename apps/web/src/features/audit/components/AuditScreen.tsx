// /dashboard/account/audit (spec §2, issue 18): the latest published snapshot per asset, the
// customer's own verification in the browser, and what the audit proves and what it does not.
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state/EmptyState.tsx';
import { ErrorState } from '../../../components/error-state/ErrorState.tsx';
import { Skeleton } from '../../../components/skeleton/Skeleton.tsx';
import { useAuditSnapshots } from '../api/audit-api.ts';
import { AuditExplainer } from './AuditExplainer.tsx';
import { SnapshotTable } from './SnapshotTable.tsx';
import { VerifyPanel } from './VerifyPanel.tsx';
import './audit.css';

export function AuditScreen() {
  const { t } = useTranslation('audit');
  const snapshots = useAuditSnapshots();
  const list = snapshots.data?.items ?? [];
  let body;
  if (snapshots.data === undefined && snapshots.isError) {
    body = <ErrorState onRetry={() => void snapshots.refetch()} retrying={snapshots.isFetching} />;
  } else if (snapshots.data === undefined) {
    body = <Skeleton height={320} radius="var(--radius-lg)" />;
  } else if (list.length === 0) {
    body = <EmptyState title={t('empty.title')}>{t('empty.body')}</EmptyState>;
  } else {
    body = (
      <>
        <SnapshotTable snapshot={list[0]!} />
        <VerifyPanel snapshots={list} />
      </>
    );
  }
  return (
    <div className="audit">
      <header>
        <h1>{t('title')}</h1>
        <p className="audit__lead">{t('lead')}</p>
      </header>
      {body}
      <AuditExplainer snapshotId={list[0]?.id} />
    </div>
  );
}
