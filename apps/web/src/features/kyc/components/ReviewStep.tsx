// The last step before the decision: what will be sent, and the button that sends it for review
// (or sends the corrections after a rejection).
import { useTranslation } from 'react-i18next';
import type { KycState } from '@rora/contracts';
import { Button } from '../../../components/button/Button.tsx';
import { currentLanguageTag } from '../../../lib/i18n/i18n.ts';
import { showToast } from '../../../lib/toast/toast-store.ts';
import { useSendForReview } from '../api/kyc-api.ts';
import { DocumentList } from './DocumentList.tsx';
import { useErrorText } from '../../../lib/api/use-error-text.ts';

export function ReviewStep({ userId, state }: { userId: string; state: KycState }) {
  const { t } = useTranslation('kyc');
  const errorText = useErrorText('kyc');
  const send = useSendForReview(userId);
  const correcting = state.status === 'rejected';
  const ready = state.itemsToFix.length === 0;
  const onSend = () => send.mutate(undefined, { onError: (error) => showToast(errorText.ofError(error), 'error') });
  return (
    <div className="kyc-review">
      <h2 className="kyc-card__title">{t('review.title')}</h2>
      <p className="muted">
        {t(correcting ? 'review.bodyCorrections' : 'review.body', { provider: state.providerName })}
      </p>
      {state.identity ? (
        <dl className="kyc-review__identity">
          <dt>{t('identity.fullName')}</dt>
          <dd>{state.identity.fullName}</dd>
          <dt>{t('identity.dateOfBirth')}</dt>
          <dd>
            {new Date(`${state.identity.dateOfBirth}T00:00:00Z`).toLocaleDateString(currentLanguageTag(), {
              timeZone: 'UTC',
              dateStyle: 'long',
            })}
          </dd>
          <dt>{t('identity.address')}</dt>
          <dd>
            {state.identity.address}, {state.identity.city}, {state.identity.country}
          </dd>
        </dl>
      ) : null}
      <DocumentList userId={userId} documents={state.documents} />
      <div className="kyc-form__actions">
        <Button onClick={onSend} disabled={!ready} loading={send.isPending}>
          {t(correcting ? 'review.resend' : 'review.send')}
        </Button>
      </div>
    </div>
  );
}
