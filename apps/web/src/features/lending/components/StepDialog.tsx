// Confirming a step that moves money (UI.md): lending (what the lender pays and gets back, and the
// risk), repaying (the debt now beside the available balance that pays it, the collateral returns;
// a balance short of the debt is said before the click, which it disables) or cancelling a request
// (the collateral returns). The Idempotency-Key is made for each opening of the dialog and kept for its retries.
import { useTranslation } from 'react-i18next';
import type { Loan } from '@rora/contracts';
import { Button } from '../../../components/button/Button.tsx';
import { Dialog } from '../../../components/dialog/Dialog.tsx';
import { useIdempotencyKeys } from '../../../lib/api/idempotency.ts';
import { showToast } from '../../../lib/toast/toast-store.ts';
import type { ReactNode } from 'react';
import { useAvailable, useLoan, useLoanStep, type LoanAction } from '../api/loans.ts';
import { repayFunds, type RepayFunds } from '../model/repay-funds.ts';
import { Explained, Figures, useCoins, useLoanCoins, useLtv, useMinimumInterest, useRate, useUsd } from './figures.tsx';
import { useErrorText } from '../../../lib/api/use-error-text.ts';

export interface PendingStep {
  readonly action: LoanAction;
  readonly loan: Loan;
}

function useSummary(step: PendingStep, funds: RepayFunds | null): ReadonlyArray<readonly [string, ReactNode]> {
  const { t } = useTranslation('lending');
  const coins = useLoanCoins();
  const ltvText = useLtv();
  const rate = useRate();
  const usd = useUsd();
  const minimum = useMinimumInterest();
  const { loan } = step;
  const ltv = ltvText(loan.ltvBps);
  const collateral = coins(loan.collateralAmount, loan.collateralAsset);
  if (step.action === 'lend') {
    return [
      [t('lend.pay'), coins(loan.amount, loan.asset)],
      [t('lend.receive'), coins(loan.lenderReceivesAtTerm, loan.asset)],
      [t('card.rate'), `${rate(loan.rateBps)} · ${t('card.days', { count: loan.termDays })}`],
      [t('card.collateral'), collateral],
      [t('card.ltv'), ltv],
      // What the lender pays and what secures it, in dollars: the two figures the loan-to-value
      // above divides, at its prices; '—' for a coin without a price, never $0.00.
      [t('preview.values'), `${usd(loan.debtUsd) ?? '—'} / ${usd(loan.collateralUsd) ?? '—'}`],
    ];
  }
  if (step.action === 'repay') {
    return [
      [t('repay.debt'), loan.debtNow === null ? '—' : coins(loan.debtNow, loan.asset)],
      [
        t('repay.interest'),
        loan.interestNow === null ? '—' : <Explained value={coins(loan.interestNow, loan.asset)} why={minimum(loan)} />,
      ],
      ...(funds ? [[t('repay.available'), coins(funds.available, loan.asset)] as const] : []),
      [t('repay.returns'), collateral],
    ];
  }
  return [[t('cancelStep.returns'), collateral]];
}

export function StepDialog({ step, onClose }: { readonly step: PendingStep | null; readonly onClose: () => void }) {
  const { t } = useTranslation('lending');
  const coins = useCoins();
  // What happened, said where the customer looks: the loan leaves this view once it is done.
  const mutation = useLoanStep((loan, action) =>
    showToast(
      t(`done.${action}`, {
        amount: coins(loan.amount, loan.asset),
        paid: coins(loan.paid ?? loan.debtNow ?? loan.amount, loan.asset),
        collateral: coins(loan.collateralAmount, loan.collateralAsset),
      }),
      'success',
    ),
  );
  const { ofError: errorText } = useErrorText('lending');
  // A retry of an unanswered step reuses its key; once answered (the debt grew, say), the next is new.
  const keys = useIdempotencyKeys();
  // The loan as it stands (refreshed after every attempt): a repayment confirms the debt shown.
  const fresh = useLoan(step?.action === 'repay' ? step.loan.id : null);
  const shown = step && fresh.data ? { ...step, loan: fresh.data } : step;
  // While the debt is read again, the figure shown may be an old one: no confirming it until it is current.
  const refreshing = step?.action === 'repay' && fresh.isFetching;
  // The balance that pays a repayment, beside the debt: short of it, the confirmation says why it is off.
  const balances = useAvailable();
  const funds = shown?.action === 'repay' ? repayFunds(shown.loan, balances.data) : null;
  const short = funds?.missing != null;
  const close = () => {
    mutation.reset();
    onClose();
  };
  const confirm = () => {
    if (!shown) return;
    const request = { action: shown.action, id: shown.loan.id, maxDebt: shown.loan.debtNow };
    mutation.mutate(
      { ...request, key: keys.keyFor(request) },
      { onSuccess: close, onSettled: (_loan, error) => keys.settled(error) },
    );
  };
  const action = step?.action ?? 'lend';
  return (
    <Dialog
      open={step !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={t(`${action === 'cancel' ? 'cancelStep' : action}.title`)}
      closeLabel={t('close')}
      className="loan-dialog"
    >
      {shown ? <StepBody step={shown} funds={funds} /> : null}
      {short && shown ? (
        <p id="repay-short" className="loan-form__error">
          {t('repay.short', { missing: coins(funds.missing!, shown.loan.asset) })}
        </p>
      ) : null}
      {mutation.isError ? (
        <p role="alert" className="loan-form__error">
          {errorText(mutation.error)}
        </p>
      ) : null}
      <div className="loan-dialog__actions">
        <Button variant="secondary" onClick={close} disabled={mutation.isPending}>
          {/* Not "Cancel" beside "Cancel request": the way out must not read like the action. */}
          {t(action === 'cancel' ? 'cancelStep.keep' : 'cancel')}
        </Button>
        <Button
          variant={action === 'cancel' ? 'danger' : 'primary'}
          onClick={confirm}
          loading={mutation.isPending || refreshing}
          disabled={short}
          aria-describedby={short ? 'repay-short' : undefined}
        >
          {t(`${action === 'cancel' ? 'cancelStep' : action}.confirm`)}
        </Button>
      </div>
    </Dialog>
  );
}

function StepBody({ step, funds }: { readonly step: PendingStep; readonly funds: RepayFunds | null }) {
  const { t } = useTranslation('lending');
  const ltv = useLtv();
  const rows = useSummary(step, funds);
  const note = {
    lend: t('lend.risk', { ltv: ltv(step.loan.ltvBps) }),
    repay: t('repay.note'),
    cancel: t('cancelStep.note'),
  }[step.action];
  return (
    <>
      <Figures rows={rows} className="loan-step__summary" />
      {step.action === 'lend' ? <p className="loan-note">{t('lend.early')}</p> : null}
      <p className="loan-note">{note}</p>
    </>
  );
}
