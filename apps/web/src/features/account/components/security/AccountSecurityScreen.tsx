// Account security (spec §2 /dashboard/account/security): authenticator 2FA and withdrawal 2FA,
// the PIN, and the password.
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../../components/error-state/ErrorState.tsx';
import { Skeleton } from '../../../../components/skeleton/Skeleton.tsx';
import { useProfile } from '../../api/profile.ts';
import { ScreenHeader } from '../common/ScreenHeader.tsx';
import { PasswordCard } from './PasswordCard.tsx';
import { PinCard } from './PinCard.tsx';
import { TwoFactorCard } from './TwoFactorCard.tsx';
import '../account.css';
import '../controls.css';
import '../security.css';

export function AccountSecurityScreen() {
  const { t } = useTranslation('account');
  const profile = useProfile();
  const user = profile.data;
  let flagged;
  if (user) {
    flagged = (
      <>
        <TwoFactorCard user={user} />
        <PinCard user={user} />
      </>
    );
  } else if (profile.isError) {
    flagged = <ErrorState onRetry={() => void profile.refetch()} retrying={profile.isFetching} />;
  } else {
    flagged = [0, 1].map((card) => <Skeleton key={card} height={220} radius="var(--radius-lg)" />);
  }
  return (
    <div className="account">
      <ScreenHeader title={t('security.title')} lead={t('security.lead')} />
      {flagged}
      <PasswordCard />
    </div>
  );
}
