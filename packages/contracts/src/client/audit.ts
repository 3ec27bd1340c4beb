// The audit calls with their schemas, for clients (api-call.ts). Schema-free at run time: a client
// bundle carries each call's method and path, never zod; calls.test.ts checks them against the API's table.
import { typedCall, type EnvelopeData } from '../api-call.ts';
import type {
  auditProofSchema,
  auditSnapshotDetailResponseSchema,
  auditSnapshotIdParamsSchema,
  auditSnapshotListQuerySchema,
  auditSnapshotListResponseSchema,
} from '../index.ts';

/** The same calls with their schemas, for clients (api-call.ts). */
export const auditApi = {
  listSnapshots: typedCall<{
    query: typeof auditSnapshotListQuerySchema;
    response: EnvelopeData<typeof auditSnapshotListResponseSchema>;
  }>({
    method: 'GET',
    path: '/audit/snapshots',
  }),
  snapshot: typedCall<{
    params: typeof auditSnapshotIdParamsSchema;
    response: EnvelopeData<typeof auditSnapshotDetailResponseSchema>;
  }>({
    method: 'GET',
    path: '/audit/snapshots/{id}',
  }),
  proof: typedCall<{ params: typeof auditSnapshotIdParamsSchema; response: typeof auditProofSchema }>({
    method: 'GET',
    path: '/audit/snapshots/{id}/proof',
  }),
};
