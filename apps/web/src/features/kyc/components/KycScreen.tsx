// /account/kyc (spec §2): the explainer naming the identity provider, the customer's status and the
// six steps. The customer comes back to the step they were on (the API says which); while the
// provider reviews, the page waits for the decision by itself.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KycState, KycStep } from '@rora/contracts';
import { ErrorState } from '../../../components/error-state/ErrorState.tsx';
import { Skeleton } from '../../../components/skeleton/Skeleton.tsx';
import { toSessionUser } from '../../../lib/session/session-store.ts';
import { useSession } from '../../../lib/session/use-session.ts';
import { useKycState } from '../api/kyc-api.ts';
import { canOpenStep, isDocumentStep, isUnderReview } from '../model/steps.ts';
import { ApprovedPanel } from './ApprovedPanel.tsx';
import { DocumentStep } from './DocumentStep.tsx';
import { IdentityStep } from './IdentityStep.tsx';
import { KycHeader } from './KycHeader.tsx';
import { KycStepper } from './KycStepper.tsx';
import { RejectionNotice } from './RejectionNotice.tsx';
import { ReviewStep } from './ReviewStep.tsx';
import { WaitingPanel } from './WaitingPanel.tsx';
import './kyc.css';

function StepPanel({
  step,
  state,
  userId,
  onDone,
}: {
  step: KycStep;
  state: KycState;
  userId: string;
  onDone: () => void;
}) {
  if (step === 'identity') return <IdentityStep userId={userId} state={state} onDone={onDone} />;
  if (isDocumentStep(step))
    return <DocumentStep key={step} userId={userId} kind={step} state={state} onDone={onDone} />;
  return <ReviewStep userId={userId} state={state} />;
}

function KycFlow({ state, userId }: { state: KycState; userId: string }) {
  const [chosen, setChosen] = useState<KycStep | null>(null);
  // The step the customer opened, while it can still be opened; otherwise where the API says to resume.
  const step = chosen && canOpenStep(chosen, state) ? chosen : state.step;
  if (state.status === 'approved') return <ApprovedPanel userId={userId} state={state} />;
  if (isUnderReview(state.status)) return <WaitingPanel state={state} />;
  return (
    <>
      {state.status === 'rejected' ? <RejectionNotice state={state} onFix={setChosen} /> : null}
      <KycStepper state={state} current={step} onOpen={setChosen} />
      <section className="kyc-card" aria-live="polite">
        <StepPanel step={step} state={state} userId={userId} onDone={() => setChosen(null)} />
      </section>
    </>
  );
}

export function KycScreen() {
  const { t } = useTranslation('kyc');
  const { user } = useSession();
  // A stored session may carry the API's `_id` only; toSessionUser reads either.
  const userId = user ? toSessionUser(user).id : '';
  const query = useKycState(userId);
  return (
    <div className="kyc">
      <KycHeader state={query.data ?? null} />
      {query.isPending ? (
        <div className="kyc-card" aria-busy="true" aria-label={t('loading')}>
          <Skeleton height="1.5rem" width="40%" />
          <Skeleton height="3rem" />
          <Skeleton height="3rem" />
        </div>
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <KycFlow state={query.data} userId={userId} />
      )}
      {query.data?.status === 'approved' ? null : <p className="muted kyc__meanwhile">{t('meanwhile')}</p>}
    </div>
  );
}
