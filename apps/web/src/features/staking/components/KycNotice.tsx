// Placing a stake needs approved identity verification (spec §9: until then a customer only moves
// crypto in and out); the API refuses it with kyc_approval_required. The notice says so before the
// customer tries, with the way there; the plans and their own stakes stay in view, and unstaking
// needs no verification. Drawn once the profile says which (never while it loads).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { useKycApproved } from '../../../lib/api/resources/user.ts';

export function KycNotice() {
  const { t } = useTranslation('staking');
  if (useKycApproved() !== false) return null;
  return (
    <div className="staking-kyc" role="note" aria-labelledby="staking-kyc-title">
      <ShieldAlert size={20} aria-hidden="true" />
      <div>
        <p id="staking-kyc-title" className="staking-kyc__title">
          {t('kyc.title')}
        </p>
        <p>{t('kyc.body')}</p>
        <Link to="/account/kyc">{t('kyc.link')}</Link>
      </div>
    </div>
  );
}
