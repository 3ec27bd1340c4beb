// The ledger movements of each loan step, built from the loan (pure). Ids derive from the loan's id
// and the leg, so a step rerun after a crash names the same transfers and the ledger replays them
// instead of moving money twice. Per asset each batch sums to zero by construction (double entry).
import type { HoldInput, LedgerOp } from '@rora/ledger';
import type { AssetSymbol } from '@rora/money';
import { derivedId } from '../../lib/derived-id.ts';
import type { LoanRow } from './lending.repository.ts';
import type { Repayment, Seizure } from './loan-math.ts';

/** A UUID-shaped id (version 8) from the loan's id and a leg: the same inputs, the same id. */
export function loanLegId(loanId: string, leg: string): string {
  return derivedId('loan', loanId, leg);
}

const asset = (symbol: string) => symbol as AssetSymbol;

/** Posting a request: the collateral leaves available into held (the hold's id is the loan's). */
export function collateralHold(loan: LoanRow): HoldInput {
  return {
    id: loan.id,
    owner: loan.borrowerId,
    asset: asset(loan.collateralAsset),
    amount: loan.collateral,
    code: 'loan_collateral',
    metadata: { loanId: loan.id },
  };
}

/** Lending: the held collateral into the borrower's escrow, the principal from lender to borrower. */
export function fundingOps(loan: LoanRow, lenderId: string): LedgerOp[] {
  const metadata = { loanId: loan.id };
  return [
    {
      op: 'post',
      id: loanLegId(loan.id, 'escrow'),
      holdId: loan.id,
      credit: { owner: loan.borrowerId, kind: 'loan_escrow' },
      amount: loan.collateral,
      code: 'loan_collateral',
      metadata,
    },
    {
      op: 'transfer',
      id: loanLegId(loan.id, 'principal'),
      asset: asset(loan.asset),
      debit: { owner: lenderId, kind: 'available' },
      credit: { owner: loan.borrowerId, kind: 'available' },
      amount: loan.principal,
      code: 'loan_funding',
      metadata,
    },
  ];
}

function release(loan: LoanRow, amount: bigint): LedgerOp[] {
  if (amount === 0n) return [];
  return [
    {
      op: 'transfer',
      id: loanLegId(loan.id, 'release'),
      asset: asset(loan.collateralAsset),
      debit: { owner: loan.borrowerId, kind: 'loan_escrow' },
      credit: { owner: loan.borrowerId, kind: 'available' },
      amount,
      code: 'loan_collateral_release',
      metadata: { loanId: loan.id },
    },
  ];
}

/** Repaying: the debt from the borrower (the lender's part and the fee), the collateral back. */
export function repaymentOps(loan: LoanRow, repayment: Repayment): LedgerOp[] {
  if (!loan.lenderId) throw new Error(`loan ${loan.id} has no lender to repay`);
  const metadata = { loanId: loan.id };
  const borrower = { owner: loan.borrowerId, kind: 'available' } as const;
  const fee: LedgerOp[] =
    repayment.fee > 0n
      ? [
          {
            op: 'transfer',
            id: loanLegId(loan.id, 'fee'),
            asset: asset(loan.asset),
            debit: borrower,
            credit: { system: 'fees' },
            amount: repayment.fee,
            code: 'loan_fee',
            metadata,
          },
        ]
      : [];
  return [
    {
      op: 'transfer',
      id: loanLegId(loan.id, 'repay'),
      asset: asset(loan.asset),
      debit: borrower,
      credit: { owner: loan.lenderId, kind: 'available' },
      amount: repayment.lenderReceives,
      code: 'loan_repayment',
      metadata,
    },
    ...fee,
    ...release(loan, loan.collateral),
  ];
}

/** Liquidating (or closing an overdue loan): collateral worth the debt and penalty to the lender, the rest back. */
export function seizureOps(loan: LoanRow, seizure: Seizure): LedgerOp[] {
  if (!loan.lenderId) throw new Error(`loan ${loan.id} has no lender to pay`);
  const seized: LedgerOp[] =
    seizure.seized > 0n
      ? [
          {
            op: 'transfer',
            id: loanLegId(loan.id, 'seize'),
            asset: asset(loan.collateralAsset),
            debit: { owner: loan.borrowerId, kind: 'loan_escrow' },
            credit: { owner: loan.lenderId, kind: 'available' },
            amount: seizure.seized,
            code: 'loan_collateral_seizure',
            metadata: { loanId: loan.id },
          },
        ]
      : [];
  return [...seized, ...release(loan, seizure.returned)];
}
