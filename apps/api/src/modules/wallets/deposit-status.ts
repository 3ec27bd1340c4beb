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
    blockHash?: string | null;
    failureReason?: string | null;
  };
}

export function nextDepositStatus(
  current: { status: DepositStatus; confirmations: number; blockHash?: string | null },
  report: Pick<ChainTransaction, 'status' | 'confirmations' | 'blockHeight' | 'blockHash' | 'failureReason'>,
): DepositStatusChange {
  const same = { status: current.status, changed: false, patch: {} };
  if (current.status === 'credited' || current.status === 'failed') return same;
  const block = {
    confirmations: report.confirmations,
    blockHeight: report.blockHeight ?? null,
    // Chains read through a node name the block, so a reorganisation can tell which deposits it took.
    ...(report.blockHash === undefined ? {} : { blockHash: report.blockHash }),
  };
  switch (report.status) {
    case 'pending':
      return same;
    case 'confirming': {
      const changed =
        current.status !== 'confirming' ||
        current.confirmations !== report.confirmations ||
        (report.blockHash !== undefined && current.blockHash !== report.blockHash);
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
