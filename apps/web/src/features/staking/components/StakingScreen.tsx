// /dashboard/finance/stake (spec §2, crypto staking shown as Staking): the promise (up to 14.5 % a
// year, mainly stablecoins, spec §1 and §9), the KYC notice until identity is verified, the plans as
// cards, the stake dialog, and the customer's stakes. Each panel has its own error boundary; stakes follow the WebSocket.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STAKING_MAX_APY_BPS, type StakingPlan } from '@rora/contracts';
import { ErrorState } from '../../../components/error-state/ErrorState.tsx';
import { KycRequiredNotice } from '../../../components/kyc-required/KycRequiredNotice.tsx';
import { useKycApproved } from '../../../lib/api/resources/user.ts';
import { useStakingPlans } from '../api/staking.ts';
import { apyPercent } from '../model/stake-form.ts';
import { PanelBoundary } from '../../../components/panel-boundary/PanelBoundary.tsx';
import { PlanCards } from './PlanCards.tsx';
import { StakeDialog } from './StakeDialog.tsx';
import { StakeList } from './StakeList.tsx';
import './staking.css';

export function StakingScreen() {
  const { t } = useTranslation('staking');
  const [staking, setStaking] = useState<StakingPlan | null>(null);
  const today = useStakingPlans().data?.today;
  // Placing a stake needs approved KYC; unstaking does not, so the plans and stakes stay in view.
  const kycApproved = useKycApproved();
  const fallback = (retry: () => void) => <ErrorState title={t('panelError')} onRetry={retry} />;
  return (
    <div className="staking-screen">
      <header className="staking-screen__header">
        <h1>{t('title')}</h1>
        <p className="staking-promise">{t('promise', { apy: apyPercent(STAKING_MAX_APY_BPS) })}</p>
      </header>
      {kycApproved === false ? (
        <KycRequiredNotice title={t('kyc.title')} body={t('kyc.body')} link={t('kyc.link')} />
      ) : null}
      <PanelBoundary fallback={fallback}>
        <PlanCards onStake={setStaking} />
      </PanelBoundary>
      <PanelBoundary fallback={fallback}>
        <StakeList today={today} />
      </PanelBoundary>
      <StakeDialog plan={staking} onClose={() => setStaking(null)} />
    </div>
  );
}
