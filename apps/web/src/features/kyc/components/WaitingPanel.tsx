// Step 6: waiting for the provider's decision. The page asks by itself every few seconds (and the
// notification bell rings too), so the customer can stay or leave.
import { useTranslation } from 'react-i18next';
import { Hourglass } from 'lucide-react';
import type { KycState } from '@rora/contracts';
import { currentLanguageTag } from '../../../lib/i18n/i18n.ts';

export function WaitingPanel({ state }: { state: KycState }) {
  const { t } = useTranslation('kyc');
  const sentAt = state.submittedAt
    ? new Intl.DateTimeFormat(currentLanguageTag(), { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(state.submittedAt),
      )
    : null;
  return (
    <section className="kyc-card kyc-waiting" aria-live="polite">
      <span className="kyc-waiting__icon" aria-hidden="true">
        <Hourglass size={28} />
      </span>
      <h2 className="kyc-card__title">{t('waiting.title')}</h2>
      <p>
        {t(state.status === 'resubmitted' ? 'waiting.bodyCorrections' : 'waiting.body', {
          provider: state.providerName,
        })}
      </p>
      <div className="kyc-waiting__bar" role="progressbar" aria-label={t('waiting.title')} />
      {sentAt ? <p className="muted">{t('waiting.sentAt', { date: sentAt })}</p> : null}
    </section>
  );
}
