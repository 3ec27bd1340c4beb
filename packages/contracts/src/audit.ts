// Audit of reserves (spec §1, §2 /dashboard/account/audit; issue 18): published snapshots of what
// Rora owes its customers (the root and per-asset totals of a Merkle sum tree) and what it holds on
// chain (addresses, balances, signed ownership messages), each customer's inclusion proof, and the
// public liabilities file anyone can rebuild the root from. The proof's shape is @rora/reserves'
// LiabilityProof; its verification runs in the browser.
import { z } from 'zod';
import type { ErrorCode } from './errors/index.ts';
import { envelope, type AccountCall } from './user.ts';

const minorUnits = z.string().regex(/^\d+$/);
const hash = z.string().regex(/^[0-9a-f]{64}$/);

export const auditSnapshotIdParamsSchema = z.object({ id: z.uuid({ error: 'resource_not_found' }) });

/** One asset of a snapshot: what is owed, what is held, and how well the one covers the other. */
export const auditAssetSchema = z.object({
  asset: z.string(),
  /** Minor units per whole coin, as a power of ten (8 for BTC). */
  scale: z.number().int(),
  /** Customer liabilities at the snapshot (decimal, in the coin). */
  liabilities: z.string(),
  /** On-chain balances of Rora's addresses at the snapshot (decimal, in the coin). */
  reserves: z.string(),
  liabilitiesMinor: minorUnits,
  reservesMinor: minorUnits,
  /** Reserves over liabilities in basis points (10000 = 100 %), rounded down; null when nothing is owed. */
  coverageBps: z.number().int().nullable(),
  addressCount: z.number().int(),
});
export type AuditAsset = z.infer<typeof auditAssetSchema>;

export const auditSnapshotSchema = z.object({
  id: z.uuid(),
  takenAt: z.iso.datetime(),
  publishedAt: z.iso.datetime(),
  ledgerPosition: z.object({ transferSeq: minorUnits, pgSnapshot: z.string() }),
  rootHash: hash,
  customerCount: z.number().int(),
  leafCount: z.number().int(),
  assets: z.array(auditAssetSchema),
});
export type AuditSnapshot = z.infer<typeof auditSnapshotSchema>;

export const auditReserveAddressSchema = z.object({
  asset: z.string(),
  network: z.string(),
  address: z.string(),
  role: z.enum(['hot', 'deposit', 'omnibus', 'cold']),
  balance: minorUnits,
  message: z.string(),
  scheme: z.string(),
  signature: z.string(),
  publicKey: z.string().nullable(),
});
export type AuditReserveAddress = z.infer<typeof auditReserveAddressSchema>;

export const auditSnapshotDetailSchema = auditSnapshotSchema.extend({
  root: z.object({ hash, sums: z.array(minorUnits) }),
  reserves: z.array(auditReserveAddressSchema),
});
export type AuditSnapshotDetail = z.infer<typeof auditSnapshotDetailSchema>;

const proofNodeSchema = z.object({ hash, sums: z.array(minorUnits) });

/** @rora/reserves' LiabilityProof. */
export const auditProofSchema = z.object({
  format: z.literal('rora-liability-proof/v1'),
  snapshot: z.object({
    id: z.uuid(),
    takenAt: z.iso.datetime(),
    ledgerPosition: z.object({ transferSeq: minorUnits, pgSnapshot: z.string() }),
    assets: z.array(z.string()),
    scales: z.array(z.number().int()),
    root: proofNodeSchema,
  }),
  customerId: z.uuid(),
  nonce: hash,
  balances: z.array(minorUnits),
  leaves: z.array(
    z.object({
      index: z.number().int(),
      position: z.number().int(),
      amounts: z.array(minorUnits),
      path: z.array(proofNodeSchema.extend({ side: z.enum(['left', 'right']) })),
    }),
  ),
  reserves: z.array(auditReserveAddressSchema),
});
export type AuditProof = z.infer<typeof auditProofSchema>;

export const auditSnapshotListResponseSchema = envelope(z.object({ snapshots: z.array(auditSnapshotSchema) }));
export const auditSnapshotDetailResponseSchema = envelope(auditSnapshotDetailSchema);
export const auditProofResponseSchema = envelope(auditProofSchema);

const signedIn: ErrorCode[] = ['authentication_required', 'session_expired'];

export const auditCalls = {
  listSnapshots: { method: 'GET', path: '/audit/snapshots', auth: false, errors: [] },
  snapshot: { method: 'GET', path: '/audit/snapshots/{id}', auth: false, errors: ['resource_not_found'] },
  /** The signed-in customer's own leaves; 404 when the snapshot does not exist or holds none of theirs. */
  proof: {
    method: 'GET',
    path: '/audit/snapshots/{id}/proof',
    auth: true,
    errors: [...signedIn, 'resource_not_found'],
  },
  /** JSON lines: a header, then one `{ position, hash, sums }` per leaf. No identities. */
  liabilities: {
    method: 'GET',
    path: '/audit/snapshots/{id}/liabilities',
    auth: false,
    errors: ['resource_not_found'],
  },
} as const satisfies Record<string, AccountCall>;

/** Development only: POST /dev/audit/snapshot takes and publishes a snapshot now. */
export const auditSnapshotTakenResponseSchema = envelope(
  z.object({ id: z.uuid(), customerCount: z.number().int(), leafCount: z.number().int(), rootHash: hash }),
);
