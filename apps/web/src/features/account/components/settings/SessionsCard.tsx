// The devices signed in to the account (GET /user/sessions), this one first. Signing another one out
// ends its session at once; its next call is refused and it returns to the login screen.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MonitorSmartphone } from 'lucide-react';
import { ErrorState } from '../../../../components/error-state/ErrorState.tsx';
import { Skeleton } from '../../../../components/skeleton/Skeleton.tsx';
import { runAction } from '../../api/run-action.ts';
import { useRevokeSession, useSessions, type AccountSession } from '../../api/sessions.ts';
import { orderSessions } from '../../model/sessions.ts';
import { SettingsCard } from '../common/SettingsCard.tsx';
import { SessionItem } from './SessionItem.tsx';
import '../sessions.css';

function LoadingSessions() {
  return (
    <ul className="account-sessions" aria-hidden="true">
      {[0, 1].map((row) => (
        <li key={row} className="account-session">
          <Skeleton width={40} height={40} radius="50%" />
          <div className="account-session__main">
            <Skeleton width="40%" height="1rem" />
            <Skeleton width="60%" height="0.875rem" />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function SessionsCard() {
  const { t } = useTranslation('account');
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const [revokingId, setRevokingId] = useState<string | null>(null);
  const now = new Date(sessions.dataUpdatedAt || Date.now());

  const onRevoke = async (session: AccountSession) => {
    setRevokingId(session.id);
    await runAction(() => revoke.mutateAsync(session.id), t('sessions.revoked'));
    setRevokingId(null);
  };

  let content;
  if (sessions.data) {
    content = (
      <ul className="account-sessions" aria-label={t('sessions.listLabel')}>
        {orderSessions(sessions.data).map((session) => (
          <SessionItem
            key={session.id}
            session={session}
            now={now}
            revoking={revokingId === session.id}
            onRevoke={(item) => void onRevoke(item)}
          />
        ))}
      </ul>
    );
  } else if (sessions.isError) {
    content = <ErrorState onRetry={() => void sessions.refetch()} retrying={sessions.isFetching} />;
  } else {
    content = <LoadingSessions />;
  }

  return (
    <SettingsCard
      title={t('sessions.title')}
      description={t('sessions.description')}
      icon={<MonitorSmartphone size={20} />}
    >
      {content}
    </SettingsCard>
  );
}
