// The audit calls (issue 18): GET /audit/snapshots (published, newest first), one snapshot by id
// (a proof file may be older than the page's list), and the signed-in customer's own proof of a
// snapshot, fetched when they ask to verify or download it.
import { useQuery } from '@tanstack/react-query';
import { auditApi, type AuditProof, type AuditSnapshot } from '@rora/contracts';
import type { SnapshotLabel } from '@rora/reserves';
import { callApi } from '../../../lib/api/client.ts';
import { resourceKeys } from '../../../lib/api/resources/keys.ts';

export const auditKey = resourceKeys.audit;
/** A month of daily snapshots. */
const SNAPSHOTS_SHOWN = 30;

export function useAuditSnapshots() {
  return useQuery({
    queryKey: [...auditKey, 'snapshots'],
    // The newest page; "Verify" asks for an older proof file's snapshot by its id (fetchPublishedLabel).
    queryFn: ({ signal }) => callApi(auditApi.listSnapshots, { query: { limit: SNAPSHOTS_SHOWN }, signal }),
  });
}

export function fetchProof(snapshotId: string): Promise<AuditProof> {
  return callApi(auditApi.proof, { params: { id: snapshotId } });
}

/**
 * The snapshot published under an id (its time and root): from the snapshots the page lists, else
 * asked of the API (a proof file kept from an older snapshot); null when Rora published none.
 */
export async function fetchPublishedLabel(
  listed: readonly AuditSnapshot[],
  snapshotId: string,
): Promise<SnapshotLabel | null> {
  const labelOf = ({ id, takenAt, rootHash }: AuditSnapshot): SnapshotLabel => ({ id, takenAt, rootHash });
  const shown = listed.find((snapshot) => snapshot.id === snapshotId);
  if (shown) return labelOf(shown);
  try {
    return labelOf(await callApi(auditApi.snapshot, { params: { id: snapshotId } }));
  } catch (failure) {
    if ((failure as { code?: string }).code === 'resource_not_found') return null;
    throw failure;
  }
}
