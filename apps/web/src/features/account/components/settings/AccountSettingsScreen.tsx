// Account settings (spec §2 /dashboard/account): who the account is (e-mail, phone, identity
// verification), its language and theme, and the devices signed in to it.
import { useTranslation } from 'react-i18next';
import { ScreenHeader } from '../common/ScreenHeader.tsx';
import { PreferencesCard } from './PreferencesCard.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { SessionsCard } from './SessionsCard.tsx';
import '../account.css';
import '../controls.css';

export function AccountSettingsScreen() {
  const { t } = useTranslation('account');
  return (
    <div className="account">
      <ScreenHeader title={t('settings.title')} lead={t('settings.lead')} />
      <ProfileCard />
      <PreferencesCard />
      <SessionsCard />
    </div>
  );
}
