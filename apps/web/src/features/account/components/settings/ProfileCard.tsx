// E-mail, phone and identity verification (KYC) status from the profile, with the way to verify
// the identity while it is not approved.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight, UserRound } from 'lucide-react';
import { ErrorState } from '../../../../components/error-state/ErrorState.tsx';
import { Skeleton } from '../../../../components/skeleton/Skeleton.tsx';
import { kycStatusOf } from '../../../../lib/session/user-status.ts';
import { useProfile } from '../../api/profile.ts';
import { SettingsCard } from '../common/SettingsCard.tsx';
import { StatusBadge } from '../common/StatusBadge.tsx';

function Row({
  label,
  value,
  badge,
}: {
  readonly label: string;
  readonly value: ReactNode;
  readonly badge?: ReactNode;
}) {
  return (
    <div className="account-row">
      <dt className="account-row__label">{label}</dt>
      <dd className="account-row__value">
        <span className="account-row__text">{value}</span>
        {badge}
      </dd>
    </div>
  );
}

function LoadingRows() {
  return (
    <div className="account-rows" aria-hidden="true">
      {[0, 1, 2].map((row) => (
        <div key={row} className="account-row">
          <Skeleton width="30%" height="1rem" />
          <Skeleton width="45%" height="1rem" />
        </div>
      ))}
    </div>
  );
}

export function ProfileCard() {
  const { t } = useTranslation('account');
  const profile = useProfile();
  const user = profile.data;
  const title = t('profile.title');
  if (!user) {
    return (
      <SettingsCard title={title} icon={<UserRound size={20} />}>
        {profile.isError ? (
          <ErrorState onRetry={() => void profile.refetch()} retrying={profile.isFetching} />
        ) : (
          <LoadingRows />
        )}
      </SettingsCard>
    );
  }
  const kyc = kycStatusOf({ ...user, id: user._id });
  const verified = (done: boolean) => (
    <StatusBadge tone={done ? 'success' : 'neutral'}>
      {done ? t('profile.verified') : t('profile.notVerified')}
    </StatusBadge>
  );
  return (
    <SettingsCard title={title} description={t('profile.description')} icon={<UserRound size={20} />}>
      <dl className="account-rows">
        <Row label={t('profile.email')} value={user.email} badge={verified(user.emailVerified)} />
        <Row
          label={t('profile.phone')}
          value={
            user.phone ? (
              <span className="tabular">{`${user.phone.countryCode} ${user.phone.number}`}</span>
            ) : (
              t('profile.noPhone')
            )
          }
          badge={user.phone ? verified(user.phoneVerified) : undefined}
        />
        <Row
          label={t('profile.kyc')}
          value={t(`common:kycStatus.${kyc}`)}
          badge={kyc === 'approved' ? <StatusBadge tone="success">{t('profile.verified')}</StatusBadge> : undefined}
        />
      </dl>
      {kyc === 'approved' ? null : (
        <div className="account-callout">
          <p>{t('profile.kycNext')}</p>
          <Link to="/account/kyc" className="account-link-button">
            {t('profile.kycLink')}
            <ArrowRight size={18} aria-hidden="true" />
          </Link>
        </div>
      )}
    </SettingsCard>
  );
}
