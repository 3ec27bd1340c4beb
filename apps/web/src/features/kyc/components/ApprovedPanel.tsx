// KYC approved: the customer can buy, sell and swap; their documents on file are listed by name.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BadgeCheck } from 'lucide-react';
import type { KycState } from '@rora/contracts';
import { DocumentList } from './DocumentList.tsx';

export function ApprovedPanel({ userId, state }: { userId: string; state: KycState }) {
  const { t } = useTranslation('kyc');
  return (
    <section className="kyc-card kyc-approved" aria-live="polite">
      <div className="kyc-approved__head">
        <BadgeCheck size={32} aria-hidden="true" />
        <div>
          <h2 className="kyc-card__title">{t('approved.title')}</h2>
          <p>{t('approved.body')}</p>
        </div>
      </div>
      <h3 className="kyc-approved__subtitle">{t('approved.documentsTitle')}</h3>
      <DocumentList userId={userId} documents={state.documents} />
      <Link to="/dashboard/exchange" className="kyc__continue">
        {t('approved.continue')}
      </Link>
    </section>
  );
}
