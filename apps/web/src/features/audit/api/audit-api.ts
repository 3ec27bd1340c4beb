// The audit calls (issue 18): GET /audit/snapshots (published, newest first) and the signed-in
// customer's own proof of a snapshot, fetched when they ask to verify or download it.
import { useQuery } from '@tanstack/react-query';
import { auditApi, type AuditProof } from '@rora/contracts';
import { callApi } from '../../../lib/api/client.ts';
import { resourceKeys } from '../../../lib/api/resources/keys.ts';

export const auditKey = resourceKeys.audit;
/** A month of daily snapshots. */
const SNAPSHOTS_SHOWN = 30;

export function useAuditSnapshots() {
  return useQuery({
    queryKey: [...auditKey, 'snapshots'],
    // The newest page: "Verify" checks a proof against the snapshots listed here.
    queryFn: ({ signal }) => callApi(auditApi.listSnapshots, { query: { limit: SNAPSHOTS_SHOWN }, signal }),
  });
}

export function fetchProof(snapshotId: string): Promise<AuditProof> {
  return callApi(auditApi.proof, { params: { id: snapshotId } });
}
