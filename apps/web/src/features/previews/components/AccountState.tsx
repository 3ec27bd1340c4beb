// Where the signed-in account stands: e-mail, phone and identity verification, from the profile the
// API returned at sign-in, with a link to verify identity while it is not approved.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleCheck, CircleDashed } from 'lucide-react';
import { useSession } from '../../../lib/session/use-session.ts';
import { isFlagSet, kycStatusOf } from '../../../lib/session/user-status.ts';

function Row({ label, value, done }: { readonly label: string; readonly value: string; readonly done: boolean }) {
  const Icon = done ? CircleCheck : CircleDashed;
  return (
    <div className={done ? 'account-state__row is-done' : 'account-state__row'}>
      <dt>{label}</dt>
      <dd>
        <Icon size={18} aria-hidden="true" />
        {value}
      </dd>
    </div>
  );
}

export function AccountState() {
  const { t } = useTranslation('previews');
  const { user } = useSession();
  const kyc = kycStatusOf(user);
  return (
    <section className="account-state" aria-labelledby="account-state-title">
      <h2 id="account-state-title" className="account-state__title">
        {t('account.title')}
      </h2>
      <dl className="account-state__list">
        <Row label={t('account.email')} value={user?.email ?? ''} done={isFlagSet(user, 'emailVerified')} />
        <Row
          label={t('account.phone')}
          value={isFlagSet(user, 'phoneVerified') ? t('account.verified') : t('account.phoneMissing')}
          done={isFlagSet(user, 'phoneVerified')}
        />
        <Row label={t('account.kyc')} value={t(`common:kycStatus.${kyc}`)} done={kyc === 'approved'} />
      </dl>
      {kyc === 'approved' ? null : (
        <p className="account-state__next">
          {t('account.kycNext')} <Link to="/account/kyc">{t('account.kycLink')}</Link>
        </p>
      )}
    </section>
  );
}
