// One loan in a view: what is lent, at what rate and term, against what collateral (each amount with
// its US-dollar value now, as secondary text), its loan-to-value (with a note while a price it rests
// on is out of date) and state, and the actions the viewer may take on it.
import { useTranslation } from 'react-i18next';
import type { Loan } from '@rora/contracts';
import { Button } from '../../../components/button/Button.tsx';
import type { LoanAction, LoanViewId } from '../api/loans.ts';
import { settlementOf } from '../model/settlement.ts';
import { useCoins, useLoanCoins, useLtv, useMinimumInterest, useRate, useUsd, useWhen } from './figures.tsx';

const ACTIONS: Partial<Record<LoanViewId, LoanAction>> = { market: 'lend', requests: 'cancel', borrowing: 'repay' };

/**
 * A figure's aside on a line of its own (an amount's dollar value, why the debt is above the time run);
 * the space before it parts the two when read aloud. Nothing when there is none.
 */
function Aside({ text, className }: { readonly text: string | null; readonly className: string }) {
  if (text === null) return null;
  return (
    <>
      {' '}
      <span className={className}>{text}</span>
    </>
  );
}

/**
 * A running loan says what is owed and by when: past the grace period the collateral pays it. The
 * debt's dollar value is the one the loan-to-value divides; a debt above the time run says why. Its
 * lender reads what reaches them if it is repaid now: the debt less Rora's fee on the interest.
 */
function RunningFacts({ loan }: { readonly loan: Loan }) {
  const { t } = useTranslation('lending');
  const coins = useLoanCoins();
  const usd = useUsd();
  const when = useWhen();
  const minimum = useMinimumInterest();
  const lender = loan.role === 'lender';
  const figure = lender ? loan.lenderReceivesNow : loan.debtNow;
  return (
    <>
      <div>
        <dt>{t(lender ? 'detail.receiveNow' : 'detail.debtNow')}</dt>
        <dd className="tabular">
          <span className="loan-card__coins">{figure === null ? '—' : coins(figure, loan.asset)}</span>
          {lender ? null : <Aside text={usd(loan.debtUsd)} className="loan-card__usd tabular" />}
          <Aside text={minimum(loan)} className="loan-card__why" />
        </dd>
      </div>
      <div>
        <dt>{t('detail.dueAt')}</dt>
        <dd className="tabular">{when(loan.dueAt)}</dd>
      </div>
    </>
  );
}

/**
 * A repaid loan says what moved: the borrower what they paid, the lender what reached them (the
 * payment less Rora's fee), so "Repaid to me" reads the amount received.
 */
function RepaidFacts({ loan }: { readonly loan: Loan }) {
  const { t } = useTranslation('lending');
  const coins = useLoanCoins();
  const settlement = settlementOf(loan);
  if (loan.role === 'lender') {
    if (settlement === null) return null;
    return (
      <div>
        <dt>{t('detail.lenderReceived.lender')}</dt>
        <dd className="tabular">{coins(settlement.lenderReceived, loan.asset)}</dd>
      </div>
    );
  }
  if (loan.paid === null) return null;
  return (
    <div>
      <dt>{t('detail.paid')}</dt>
      <dd className="tabular">{coins(loan.paid, loan.asset)}</dd>
    </div>
  );
}

export function LoanCard(props: {
  readonly loan: Loan;
  readonly view: LoanViewId;
  readonly onAction: (action: LoanAction, loan: Loan) => void;
  readonly onDetails: (loan: Loan) => void;
}) {
  const { t } = useTranslation('lending');
  const coins = useLoanCoins();
  // The card's name is read aloud as a sentence: the short form (`Loan of 500 USDT`).
  const spoken = useCoins();
  const ltv = useLtv();
  const rate = useRate();
  const usd = useUsd();
  const { loan } = props;
  const principalUsd = usd(loan.principalUsd);
  const collateralUsd = usd(loan.collateralUsd);
  const action = ACTIONS[props.view];
  return (
    <li className="loan-card" aria-label={t('card.label', { amount: spoken(loan.amount, loan.asset) })}>
      <div className="loan-card__main">
        <span className="loan-card__principal">
          <span className="loan-card__amount tabular">{coins(loan.amount, loan.asset)}</span>
          <Aside text={principalUsd} className="loan-card__usd tabular" />
        </span>
        <span className={`loan-status loan-status--${loan.status}`}>{t(`status.${loan.status}`)}</span>
        {loan.marginCall ? <span className="loan-status loan-status--warning">{t('card.marginCall')}</span> : null}
      </div>
      <dl className="loan-card__facts">
        <div>
          <dt>{t('card.rate')}</dt>
          <dd className="tabular">{rate(loan.rateBps)}</dd>
        </div>
        <div>
          <dt>{t('card.term')}</dt>
          <dd className="tabular">{t('card.days', { count: loan.termDays })}</dd>
        </div>
        <div>
          <dt>{t('card.collateral')}</dt>
          <dd className="tabular">
            <span className="loan-card__coins">{coins(loan.collateralAmount, loan.collateralAsset)}</span>
            <Aside text={collateralUsd} className="loan-card__usd tabular" />
          </dd>
        </div>
        <div>
          <dt>{t('card.ltv')}</dt>
          <dd className="tabular">
            {ltv(loan.ltvBps)}
            {/* Why a figure past the margin-call level may stand with no badge: the sweep waits. */}
            <Aside text={loan.priceIsStale ? t('card.priceIsStale') : null} className="loan-card__why" />
          </dd>
        </div>
        {loan.status === 'active' ? <RunningFacts loan={loan} /> : null}
        {loan.status === 'repaid' ? <RepaidFacts loan={loan} /> : null}
      </dl>
      <div className="loan-card__actions">
        <Button variant="secondary" onClick={() => props.onDetails(loan)}>
          {t('card.details')}
        </Button>
        {action ? (
          <Button variant={action === 'cancel' ? 'secondary' : 'primary'} onClick={() => props.onAction(action, loan)}>
            {t(`actions.${action}`)}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
