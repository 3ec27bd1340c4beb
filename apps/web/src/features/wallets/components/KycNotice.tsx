// Where identity verification stands, on the screen a new customer lands on: until it is approved,
// what works already (receiving and sending) and the way to finish it (spec §6: buying and selling
// need basic KYC). The status is the profile's, read when the screen opens and again when the socket
// says it changed, not the one stored at sign-in: the notice goes once the customer is approved.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { useKycStatus } from '../../../lib/api/resources/user.ts';

export function KycNotice() {
  const { t } = useTranslation('wallets');
  const status = useKycStatus();
  if (status === 'approved') return null;
  const waiting = status === 'waiting_for_approval' || status === 'resubmitted';
  return (
    <aside className="notice kyc-notice" aria-label={t('kyc.label')}>
      <ShieldCheck size={18} aria-hidden="true" />
      <span>{t(waiting ? 'kyc.waiting' : 'kyc.body')}</span>
      {waiting ? null : (
        <Link className="kyc-notice__link" to="/account/kyc">
          {t(status === 'rejected' ? 'kyc.retry' : 'kyc.start')}
        </Link>
      )}
    </aside>
  );
}
