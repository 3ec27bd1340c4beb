// Finance (spec §2): P2P lending is the default child, staking the other tab.
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SectionTabs } from '../../components/section-tabs/SectionTabs.tsx';

export function Component() {
  const { t } = useTranslation('shell');
  return (
    <>
      <SectionTabs
        label={t('finance.tabs')}
        tabs={[
          { to: '/dashboard/finance', label: t('finance.lending'), end: true },
          { to: '/dashboard/finance/stake', label: t('finance.staking') },
        ]}
      />
      <Outlet />
    </>
  );
}
