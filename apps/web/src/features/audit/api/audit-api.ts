// The audit calls (issue 18): GET /audit/snapshots (published, newest first), one snapshot by id
// (a proof file may be older than the page's list), and the signed-in customer's own proof of a
// snapshot, fetched when they ask to verify or download it.
import { useQuery } from '@tanstack/react-query';
import { auditApi, type AuditProof, type AuditSnapshot } from '@rora/contracts';
import { callApi } from '../../../lib/api/client.ts';
import { resourceKeys } from '../../../lib/api/resources/keys.ts';

export const auditKey = resourceKeys.audit;
/** A month of daily snapshots. */
const SNAPSHOTS_SHOWN = 30;

export function useAuditSnapshots() {
  return useQuery({
    queryKey: [...auditKey, 'snapshots'],
    // The newest page; "Verify" asks for an older proof file's snapshot by its id (fetchPublishedRoot).
    queryFn: ({ signal }) => callApi(auditApi.listSnapshots, { query: { limit: SNAPSHOTS_SHOWN }, signal }),
  });
}

export function fetchProof(snapshotId: string): Promise<AuditProof> {
  return callApi(auditApi.proof, { params: { id: snapshotId } });
}

/**
 * The root published for a snapshot: from the snapshots the page lists, else asked of the API (a
 * proof file kept from an older snapshot); null when Rora published no snapshot under that id.
 */
export async function fetchPublishedRoot(listed: readonly AuditSnapshot[], snapshotId: string): Promise<string | null> {
  const shown = listed.find((snapshot) => snapshot.id === snapshotId);
  if (shown) return shown.rootHash;
  try {
    return (await callApi(auditApi.snapshot, { params: { id: snapshotId } })).rootHash;
  } catch (failure) {
    if ((failure as { code?: string }).code === 'resource_not_found') return null;
    throw failure;
  }
}
