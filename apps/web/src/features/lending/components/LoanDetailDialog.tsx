// One loan in full: its figures now, its dates and its timeline (posted, funded, margin call,
// repaid or settled from the collateral), refreshed live. A settled loan says what its collateral
// was worth and, when all of it fell short of the debt and penalty, how much it covered.
import { useTranslation } from 'react-i18next';
import type { Loan } from '@rora/contracts';
import { Dialog } from '../../../components/dialog/Dialog.tsx';
import { ErrorState } from '../../../components/error-state/ErrorState.tsx';
import { Skeleton } from '../../../components/skeleton/Skeleton.tsx';
import { useLoan } from '../api/loans.ts';
import { collateralCoverOf, settlementOf } from '../model/settlement.ts';
import type { ReactNode } from 'react';
import { Explained, Figures, useLoanCoins, useLtv, useMinimumInterest, useRate, useUsd, useWhen } from './figures.tsx';

function Details({ loan }: { readonly loan: Loan }) {
  const { t } = useTranslation('lending');
  const coins = useLoanCoins();
  const ltv = useLtv();
  const rate = useRate();
  const when = useWhen();
  const usd = useUsd();
  const minimum = useMinimumInterest();
  const settled = loan.collateralSeized !== null;
  const settlement = settlementOf(loan);
  const cover = collateralCoverOf(loan);
  const running = loan.status === 'active';
  const rows: Array<readonly [string, ReactNode]> = [
    [t('detail.status'), t(`status.${loan.status}`)],
    [t('detail.role'), t(`detail.roles.${loan.role}`)],
    [t('detail.amount'), coins(loan.amount, loan.asset)],
    [t('card.rate'), `${rate(loan.rateBps)} · ${t('card.days', { count: loan.termDays })}`],
    [t('card.collateral'), coins(loan.collateralAmount, loan.collateralAsset)],
    [t('card.ltv'), ltv(loan.ltvBps)],
    // The two dollar figures the loan-to-value above divides, at its prices: the loan of a request,
    // the debt now of a running loan; '—' for a coin without a price.
    [
      t(running ? 'detail.debtValues' : 'preview.values'),
      `${usd(loan.debtUsd) ?? '—'} / ${usd(loan.collateralUsd) ?? '—'}`,
    ],
    ...(running && loan.debtNow !== null
      ? [[t('detail.debtNow'), <Explained value={coins(loan.debtNow, loan.asset)} why={minimum(loan)} />] as const]
      : []),
    // The lender gets the debt less Rora's fee on its interest, not the debt.
    ...(running && loan.role === 'lender' && loan.lenderReceivesNow !== null
      ? [[t('detail.receiveNow'), coins(loan.lenderReceivesNow, loan.asset)] as const]
      : []),
    ...(loan.status === 'repaid' && loan.paid ? [[t('detail.paid'), coins(loan.paid, loan.asset)] as const] : []),
    ...(settlement
      ? [
          [t('detail.fee'), coins(settlement.fee, loan.asset)] as const,
          [t(`detail.lenderReceived.${loan.role}`), coins(settlement.lenderReceived, loan.asset)] as const,
        ]
      : []),
    [t('preview.repayment'), coins(loan.repaymentAtTerm, loan.asset)],
    [t('detail.dueAt'), when(loan.dueAt)],
    [t('detail.graceEndsAt'), when(loan.graceEndsAt)],
  ];
  // Settled from the collateral: what it paid for, in the loan's coin. A loan settled before these
  // were recorded has none, and shows no row rather than a figure worked out after the fact.
  if (loan.debtSettled !== null && loan.penalty !== null) {
    rows.push([t('detail.debtSettled'), coins(loan.debtSettled, loan.asset)]);
    rows.push([t('detail.penalty'), coins(loan.penalty, loan.asset)]);
  }
  if (settled) {
    rows.push([t('detail.seized'), coins(loan.collateralSeized ?? '0', loan.collateralAsset)]);
    rows.push([t('detail.returned'), coins(loan.collateralReturned ?? '0', loan.collateralAsset)]);
  }
  if (cover) rows.push([t('detail.collateralWorth'), coins(cover.worth, loan.asset)]);
  return (
    <>
      <Figures rows={rows} />
      {cover?.missing ? (
        <p className="loan-note loan-note--warning">
          {t('detail.shortfall', {
            covered: coins(cover.worth, loan.asset),
            owed: coins(cover.owed, loan.asset),
            missing: coins(cover.missing, loan.asset),
          })}
        </p>
      ) : null}
      <h3 className="loan-timeline__title">{t('detail.timeline')}</h3>
      <ol className="loan-timeline">
        {loan.timeline.map((event, index) => (
          <li key={`${event.type}-${index}`}>
            <span className="loan-timeline__what">
              {t(`timeline.${event.type}`)}
              {event.ltvBps === null ? '' : ` · ${ltv(event.ltvBps)}`}
            </span>
            <time dateTime={event.at}>{when(event.at)}</time>
          </li>
        ))}
      </ol>
    </>
  );
}

export function LoanDetailDialog({
  loanId,
  onClose,
}: {
  readonly loanId: string | null;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('lending');
  const query = useLoan(loanId);
  return (
    <Dialog
      open={loanId !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('detail.title')}
      closeLabel={t('close')}
      className="loan-dialog"
    >
      {query.isPending ? <Skeleton height="12rem" /> : null}
      {query.isError ? <ErrorState onRetry={() => void query.refetch()} /> : null}
      {query.data ? <Details loan={query.data} /> : null}
    </Dialog>
  );
}
