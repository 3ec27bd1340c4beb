// /dashboard/finance (spec §2): P2P lending. The six views of spec §7 as tabs (the marketplace of
// others' requests, my requests, what I borrowed and lent, and the settled loans of each side),
// posting a request, lending, repaying, cancelling and a loan's detail, kept live over the WebSocket.
// Until identity is verified, a notice says that posting and lending need it, with the way there.
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Loan } from '@rora/contracts';
import { Button } from '../../../components/button/Button.tsx';
import { KycRequiredNotice } from '../../../components/kyc-required/KycRequiredNotice.tsx';
import { useKycApproved } from '../../../lib/api/resources/user.ts';
import { LOAN_VIEWS, type LoanAction, type LoanViewId, type MarketFilter } from '../api/loans.ts';
import { LoanDetailDialog } from './LoanDetailDialog.tsx';
import { LoanList } from './LoanList.tsx';
import { MarketFilters } from './MarketFilters.tsx';
import { RequestDialog } from './RequestDialog.tsx';
import { StepDialog, type PendingStep } from './StepDialog.tsx';
import './lending.css';

function ViewTabs({ view, onChange }: { readonly view: LoanViewId; readonly onChange: (view: LoanViewId) => void }) {
  const { t } = useTranslation('lending');
  const move = (event: KeyboardEvent, index: number) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (step === undefined) return;
    const next = LOAN_VIEWS[(index + step + LOAN_VIEWS.length) % LOAN_VIEWS.length]!;
    onChange(next.id);
    document.getElementById(`loan-tab-${next.id}`)?.focus();
  };
  return (
    <div role="tablist" aria-label={t('views.label')} className="loan-tabs">
      {LOAN_VIEWS.map((entry, index) => (
        <button
          key={entry.id}
          id={`loan-tab-${entry.id}`}
          type="button"
          role="tab"
          aria-selected={entry.id === view}
          aria-controls="loan-panel"
          tabIndex={entry.id === view ? 0 : -1}
          className="loan-tabs__tab"
          onClick={() => onChange(entry.id)}
          onKeyDown={(event) => move(event, index)}
        >
          {t(`views.${entry.id}`)}
        </button>
      ))}
    </div>
  );
}

export function LendingScreen() {
  const { t } = useTranslation('lending');
  const [view, setView] = useState<LoanViewId>('market');
  const [filter, setFilter] = useState<MarketFilter>({ asset: '', termDays: '', sort: 'rate_desc' });
  const [requesting, setRequesting] = useState(false);
  const [step, setStep] = useState<PendingStep | null>(null);
  const [detail, setDetail] = useState<string | null>(null);
  // Posting a request and lending need approved KYC; repaying and cancelling do not.
  const kycApproved = useKycApproved();
  return (
    <div className="lending-screen">
      <header className="lending-screen__header">
        <div>
          <h1>{t('title')}</h1>
          <p>{t('intro')}</p>
        </div>
        <Button onClick={() => setRequesting(true)}>{t('request.open')}</Button>
      </header>
      {kycApproved === false ? (
        <KycRequiredNotice title={t('kyc.title')} body={t('kyc.body')} link={t('kyc.link')} />
      ) : null}
      <ViewTabs view={view} onChange={setView} />
      <section id="loan-panel" role="tabpanel" aria-labelledby={`loan-tab-${view}`} className="lending-screen__panel">
        {view === 'market' ? <MarketFilters filter={filter} onChange={setFilter} /> : null}
        <LoanList
          // Another view or filter starts again at its first page.
          key={`${view} ${filter.asset} ${filter.termDays} ${filter.sort}`}
          view={view}
          filter={filter}
          onAction={(action: LoanAction, loan: Loan) => setStep({ action, loan })}
          onDetails={(loan) => setDetail(loan.id)}
        />
      </section>
      <RequestDialog open={requesting} onClose={() => setRequesting(false)} />
      <StepDialog step={step} onClose={() => setStep(null)} />
      <LoanDetailDialog loanId={detail} onClose={() => setDetail(null)} />
    </div>
  );
}
