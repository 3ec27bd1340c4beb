// The audit calls (issue 18): GET /audit/snapshots (published, newest first) and the signed-in
// customer's own proof of a snapshot, fetched when they ask to verify or download it.
import { useQuery } from '@tanstack/react-query';
import type { AuditProof, AuditSnapshot } from '@rora/contracts';
import { apiRequest } from '../../../lib/api/client.ts';
import { resourceKeys } from '../../../lib/api/resources/keys.ts';

export const auditKey = resourceKeys.audit;

export function useAuditSnapshots() {
  return useQuery({
    queryKey: [...auditKey, 'snapshots'],
    queryFn: ({ signal }) => apiRequest<{ snapshots: AuditSnapshot[] }>('/audit/snapshots', { signal }),
  });
}

export function fetchProof(snapshotId: string): Promise<AuditProof> {
  return apiRequest<AuditProof>(`/audit/snapshots/${encodeURIComponent(snapshotId)}/proof`);
}
