// Notification settings (spec §2 /dashboard/account/notifications): AI price notifications,
// administrative e-mails and newsletter e-mails, each a switch saved the moment it moves.
import { useTranslation } from 'react-i18next';
import { BellRing } from 'lucide-react';
import { ErrorState } from '../../../../components/error-state/ErrorState.tsx';
import { Skeleton } from '../../../../components/skeleton/Skeleton.tsx';
import { useProfile } from '../../api/profile.ts';
import { NOTIFICATION_PREFERENCES } from '../../model/notification-preferences.ts';
import { ScreenHeader } from '../common/ScreenHeader.tsx';
import { SettingsCard } from '../common/SettingsCard.tsx';
import { PreferenceSwitch } from './PreferenceSwitch.tsx';
import '../account.css';
import '../controls.css';

export function NotificationSettingsScreen() {
  const { t } = useTranslation('account');
  const profile = useProfile();
  const user = profile.data;
  let content;
  if (user) {
    content = NOTIFICATION_PREFERENCES.map(({ key }) => (
      <PreferenceSwitch key={key} preference={key} checked={user.preferences[key]} />
    ));
  } else if (profile.isError) {
    content = <ErrorState onRetry={() => void profile.refetch()} retrying={profile.isFetching} />;
  } else {
    content = NOTIFICATION_PREFERENCES.map(({ key }) => <Skeleton key={key} height={64} />);
  }
  return (
    <div className="account">
      <ScreenHeader title={t('notifications.title')} lead={t('notifications.lead')} />
      <SettingsCard
        title={t('notifications.cardTitle')}
        description={t('notifications.cardDescription')}
        icon={<BellRing size={20} />}
      >
        <div className="account-switches">{content}</div>
      </SettingsCard>
    </div>
  );
}
