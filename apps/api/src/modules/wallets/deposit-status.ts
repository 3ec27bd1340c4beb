// What a chain report does to a deposit: pure, so every edge is tested without a database. A
// deposit only moves forward (pending -> confirming -> credited, or -> failed); a credited or failed
// deposit ignores every later report.
import type { ChainTransaction } from '@rora/chains';
import type { schema } from '@rora/db';

type DepositStatus = schema.DepositStatus;

export interface DepositStatusChange {
  /** The status after the report. */
  readonly status: DepositStatus;
  readonly changed: boolean;
  readonly patch: {
    status?: DepositStatus;
    confirmations?: number;
    blockHeight?: number | null;
    failureReason?: string | null;
  };
}

export function nextDepositStatus(
  current: { status: DepositStatus; confirmations: number },
  report: Pick<ChainTransaction, 'status' | 'confirmations' | 'blockHeight' | 'failureReason'>,
): DepositStatusChange {
  const same = { status: current.status, changed: false, patch: {} };
  if (current.status === 'credited' || current.status === 'failed') return same;
  const block = { confirmations: report.confirmations, blockHeight: report.blockHeight ?? null };
  switch (report.status) {
    case 'pending':
      return same;
    case 'confirming': {
      const changed = current.status !== 'confirming' || current.confirmations !== report.confirmations;
      return { status: 'confirming', changed, patch: changed ? { status: 'confirming', ...block } : {} };
    }
    case 'confirmed':
      return { status: 'credited', changed: true, patch: { status: 'credited', ...block } };
    case 'failed':
    case 'replaced':
      return {
        status: 'failed',
        changed: true,
        patch: { status: 'failed', failureReason: report.failureReason ?? report.status },
      };
  }
}
