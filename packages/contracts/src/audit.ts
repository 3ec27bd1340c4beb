// Audit of reserves (spec §1, §2 /dashboard/account/audit; issue 18): published snapshots of what
// Rora owes its customers (the root and per-asset totals of a Merkle sum tree) and what it holds on
// chain (addresses, balances, signed ownership messages), each customer's inclusion proof, and the
// public liabilities file anyone can rebuild the root from. The proof's shape is @rora/reserves'
// LiabilityProof; its verification runs in the browser.
import { z as zod } from 'zod';
import type { ErrorCode } from './errors/index.ts';
import { pageInfoSchema, pageQuerySchema } from './schemas/common.ts';
import { envelope, type AccountCall } from './user.ts';

const minorUnits = zod.string().regex(/^\d+$/);
const hash = zod.string().regex(/^[0-9a-f]{64}$/);

export const auditSnapshotIdParamsSchema = zod.object({ id: zod.uuid({ error: 'resource_not_found' }) });

/** One asset of a snapshot: what is owed, what is held, and how well the one covers the other. */
export const auditAssetSchema = zod.object({
  asset: zod.string(),
  /** Minor units per whole coin, as a power of ten (8 for BTC). */
  scale: zod.number().int(),
  /** Customer liabilities at the snapshot (decimal, in the coin). */
  liabilities: zod.string(),
  /** On-chain balances of Rora's addresses at the snapshot (decimal, in the coin). */
  reserves: zod.string(),
  liabilitiesMinor: minorUnits,
  reservesMinor: minorUnits,
  /** Reserves over liabilities in basis points (10000 = 100 %), rounded down; null when nothing is owed. */
  coverageBps: zod.number().int().nullable(),
  addressCount: zod.number().int(),
});
export type AuditAsset = zod.infer<typeof auditAssetSchema>;

export const auditSnapshotSchema = zod.object({
  id: zod.uuid(),
  takenAt: zod.iso.datetime(),
  publishedAt: zod.iso.datetime(),
  ledgerPosition: zod.object({ transferSeq: minorUnits, pgSnapshot: zod.string() }),
  rootHash: hash,
  customerCount: zod.number().int(),
  leafCount: zod.number().int(),
  assets: zod.array(auditAssetSchema),
});
export type AuditSnapshot = zod.infer<typeof auditSnapshotSchema>;

export const auditReserveAddressSchema = zod.object({
  asset: zod.string(),
  network: zod.string(),
  address: zod.string(),
  role: zod.enum(['hot', 'deposit', 'omnibus', 'cold']),
  balance: minorUnits,
  message: zod.string(),
  scheme: zod.string(),
  signature: zod.string(),
  publicKey: zod.string().nullable(),
});
export type AuditReserveAddress = zod.infer<typeof auditReserveAddressSchema>;

export const auditSnapshotDetailSchema = auditSnapshotSchema.extend({
  root: zod.object({ hash, sums: zod.array(minorUnits) }),
  reserves: zod.array(auditReserveAddressSchema),
});
export type AuditSnapshotDetail = zod.infer<typeof auditSnapshotDetailSchema>;

const proofNodeSchema = zod.object({ hash, sums: zod.array(minorUnits) });

/** @rora/reserves' LiabilityProof. */
export const auditProofSchema = zod.object({
  format: zod.literal('rora-liability-proof/v1'),
  snapshot: zod.object({
    id: zod.uuid(),
    takenAt: zod.iso.datetime(),
    ledgerPosition: zod.object({ transferSeq: minorUnits, pgSnapshot: zod.string() }),
    assets: zod.array(zod.string()),
    scales: zod.array(zod.number().int()),
    root: proofNodeSchema,
  }),
  customerId: zod.uuid(),
  nonce: hash,
  balances: zod.array(minorUnits),
  leaves: zod.array(
    zod.object({
      index: zod.number().int(),
      position: zod.number().int(),
      amounts: zod.array(minorUnits),
      path: zod.array(proofNodeSchema.extend({ side: zod.enum(['left', 'right']) })),
    }),
  ),
  reserves: zod.array(auditReserveAddressSchema),
});
export type AuditProof = zod.infer<typeof auditProofSchema>;

/** GET /audit/snapshots: `?page&limit` like every list, newest first. */
export const auditSnapshotListQuerySchema = pageQuerySchema;
export const auditSnapshotListSchema = pageInfoSchema.extend({ items: zod.array(auditSnapshotSchema) });
export type AuditSnapshotList = zod.infer<typeof auditSnapshotListSchema>;
export const auditSnapshotListResponseSchema = envelope(auditSnapshotListSchema);
export const auditSnapshotDetailResponseSchema = envelope(auditSnapshotDetailSchema);
export const auditProofResponseSchema = envelope(auditProofSchema);

const signedIn: ErrorCode[] = ['authentication_required', 'session_expired'];

export const auditCalls = {
  listSnapshots: {
    method: 'GET',
    path: '/audit/snapshots',
    auth: false,
    errors: ['query_number_must_be_decimal_digits', 'too_many_requests'],
  },
  snapshot: {
    method: 'GET',
    path: '/audit/snapshots/{id}',
    auth: false,
    errors: ['resource_not_found', 'too_many_requests'],
  },
  /** The signed-in customer's own leaves; 404 when the snapshot does not exist or holds none of theirs. */
  proof: {
    method: 'GET',
    path: '/audit/snapshots/{id}/proof',
    auth: true,
    errors: [...signedIn, 'resource_not_found', 'too_many_requests'],
  },
  /** JSON lines: a header, then one `{ position, hash, sums }` per leaf. No identities. */
  liabilities: {
    method: 'GET',
    path: '/audit/snapshots/{id}/liabilities',
    auth: false,
    errors: ['resource_not_found', 'too_many_requests'],
  },
} as const satisfies Record<string, AccountCall>;

/** Development only: POST /dev/audit/snapshot takes and publishes a snapshot now. */
export const auditSnapshotTakenResponseSchema = envelope(
  zod.object({ id: zod.uuid(), customerCount: zod.number().int(), leafCount: zod.number().int(), rootHash: hash }),
);
