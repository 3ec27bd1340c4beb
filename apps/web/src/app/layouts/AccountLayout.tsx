// Account (spec §2): settings is the default child; security, notification settings and the audit
// of reserves are the other tabs.
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SectionTabs } from '../../components/section-tabs/SectionTabs.tsx';

export function Component() {
  const { t } = useTranslation('shell');
  return (
    <>
      <SectionTabs
        label={t('account.tabs')}
        tabs={[
          { to: '/dashboard/account', label: t('account.settings'), end: true },
          { to: '/dashboard/account/security', label: t('account.security') },
          { to: '/dashboard/account/notifications', label: t('account.notifications') },
          { to: '/dashboard/account/audit', label: t('account.audit') },
        ]}
      />
      <Outlet />
    </>
  );
}
