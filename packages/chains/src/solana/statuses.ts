// getSignatureStatuses, checked: one entry per signature asked, null when the node knows none (with
// `searchTransactionHistory`, also in its history), else the slot, confirmations (null once rooted),
// the error (null on success) and the commitment reached.
import { asCount, asRecord } from '../json-post.ts';
import { NodeError } from '../utxo/rpc-client.ts';
import type { SolanaRpc } from './rpc.ts';

export interface SignatureStatus {
  readonly slot: number;
  readonly confirmations: number | null;
  /** The transaction's error, as JSON text; null when it succeeded. */
  readonly err: string | null;
  readonly confirmationStatus: 'processed' | 'confirmed' | 'finalized';
}

const COMMITMENTS = new Set(['processed', 'confirmed', 'finalized']);

export async function signatureStatuses(rpc: SolanaRpc, txids: readonly string[]): Promise<(SignatureStatus | null)[]> {
  const answer = asRecord(
    await rpc.call('getSignatureStatuses', [txids, { searchTransactionHistory: true }]),
    'getSignatureStatuses',
  );
  if (!Array.isArray(answer.value) || answer.value.length !== txids.length) {
    throw new NodeError('malformed', 'getSignatureStatuses: not one status per signature');
  }
  return answer.value.map((value: unknown) => {
    if (value === null) return null;
    const status = asRecord(value, 'A signature status');
    if (!COMMITMENTS.has(status.confirmationStatus as string)) {
      throw new NodeError('malformed', 'A signature status has no confirmation status');
    }
    return {
      slot: asCount(status.slot, 'A status slot'),
      confirmations: status.confirmations === null ? null : asCount(status.confirmations, 'Confirmations'),
      err: status.err === null || status.err === undefined ? null : JSON.stringify(status.err).slice(0, 200),
      confirmationStatus: status.confirmationStatus as SignatureStatus['confirmationStatus'],
    };
  });
}
