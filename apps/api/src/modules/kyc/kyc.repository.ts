// SQL of the KYC context. Every change of users.kyc_status goes through `recordTransition`, which
// writes the status and its kyc_status_events row together and only if the status is still `from`.
import { and, asc, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { KycIdentity, KycRejectionReason, KycStatus } from '@rora/contracts';
import { schema, type Db, type Tx } from '@rora/db';

const { users, kycApplications, kycDocuments, kycStatusEvents, identityWebhookEvents } = schema;

export type Executor = Db | Tx;
export type ApplicationRow = typeof kycApplications.$inferSelect;
export type DocumentRow = typeof kycDocuments.$inferSelect;
export type Actor = 'customer' | 'identity_provider' | 'system';

export interface LockedCustomer {
  status: KycStatus;
  email: string;
}

/**
 * Locks the customer's row for the rest of the transaction: KYC changes of one customer run one at a
 * time. FOR NO KEY UPDATE, the lock an update of the row takes: rows that only refer to the customer
 * (sessions, orders, idempotency keys, whose foreign keys take KEY SHARE) are still written meanwhile,
 * also while a submission waits for the identity provider.
 */
export async function lockCustomer(tx: Tx, userId: string): Promise<LockedCustomer | null> {
  const [row] = await tx
    .select({ status: users.kycStatus, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return row ? { status: row.status as KycStatus, email: row.email } : null;
}

export async function findCustomerStatus(db: Executor, userId: string): Promise<KycStatus | null> {
  const [row] = await db.select({ status: users.kycStatus }).from(users).where(eq(users.id, userId));
  return (row?.status as KycStatus | undefined) ?? null;
}

export async function findApplication(db: Executor, userId: string): Promise<ApplicationRow | null> {
  const [row] = await db.select().from(kycApplications).where(eq(kycApplications.userId, userId));
  return row ?? null;
}

export async function ensureApplication(tx: Tx, userId: string, now: Date): Promise<ApplicationRow> {
  await tx.insert(kycApplications).values({ userId, createdAt: now, updatedAt: now }).onConflictDoNothing();
  return (await findApplication(tx, userId))!;
}

export async function saveIdentity(
  tx: Tx,
  options: { userId: string; identity: KycIdentity; now: Date },
): Promise<void> {
  const { identity, now } = options;
  await tx
    .update(kycApplications)
    .set({
      fullName: identity.fullName,
      dateOfBirth: identity.dateOfBirth,
      address: identity.address,
      city: identity.city,
      country: identity.country,
      currency: identity.currency,
      privacyPolicyAgreedAt: now,
      identityUpdatedAt: now,
      updatedAt: now,
    })
    .where(eq(kycApplications.userId, options.userId));
}

export async function setItemsToFix(tx: Tx, options: { userId: string; items: string[]; now: Date }): Promise<void> {
  await tx
    .update(kycApplications)
    .set({ itemsToFix: options.items, updatedAt: options.now })
    .where(eq(kycApplications.userId, options.userId));
}

export async function currentDocuments(db: Executor, userId: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(kycDocuments)
    .where(and(eq(kycDocuments.userId, userId), isNull(kycDocuments.supersededAt)))
    .orderBy(asc(kycDocuments.createdAt));
}

export async function findOwnDocument(
  db: Executor,
  options: { userId: string; documentId: string },
): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(kycDocuments)
    .where(and(eq(kycDocuments.id, options.documentId), eq(kycDocuments.userId, options.userId)));
  return row ?? null;
}

/** How many documents the customer uploaded since `since` (replaced ones included). */
export async function countDocumentsSince(db: Executor, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(kycDocuments)
    .where(and(eq(kycDocuments.userId, userId), gte(kycDocuments.createdAt, since)));
  return row?.count ?? 0;
}

/** Files the new document of its kind; the one it replaces stays on record, superseded. */
export async function replaceDocument(tx: Tx, document: typeof kycDocuments.$inferInsert): Promise<DocumentRow> {
  await tx
    .update(kycDocuments)
    .set({ supersededAt: document.createdAt })
    .where(
      and(
        eq(kycDocuments.userId, document.userId),
        eq(kycDocuments.kind, document.kind),
        isNull(kycDocuments.supersededAt),
      ),
    );
  const [row] = await tx.insert(kycDocuments).values(document).returning();
  return row!;
}

export interface Transition {
  userId: string;
  from: KycStatus;
  to: KycStatus;
  actor: Actor;
  actorId: string;
  reasons?: KycRejectionReason[];
  now: Date;
}

export async function recordTransition(tx: Tx, transition: Transition): Promise<void> {
  const updated = await tx
    .update(users)
    .set({ kycStatus: transition.to, updatedAt: transition.now })
    .where(and(eq(users.id, transition.userId), eq(users.kycStatus, transition.from)))
    .returning({ id: users.id });
  if (updated.length !== 1) throw new Error(`KYC status of ${transition.userId} was not ${transition.from}`);
  await tx.insert(kycStatusEvents).values({
    userId: transition.userId,
    fromStatus: transition.from,
    toStatus: transition.to,
    actor: transition.actor,
    actorId: transition.actorId,
    reasons: transition.reasons ?? [],
    createdAt: transition.now,
  });
}

export async function markSubmitted(
  tx: Tx,
  options: { userId: string; provider: string; reference: string; now: Date },
): Promise<void> {
  await tx
    .update(kycApplications)
    .set({
      provider: options.provider,
      providerReference: options.reference,
      submittedAt: options.now,
      submissionCount: sql`${kycApplications.submissionCount} + 1`,
      itemsToFix: [],
      updatedAt: options.now,
    })
    .where(eq(kycApplications.userId, options.userId));
}

export async function markDecided(
  tx: Tx,
  options: { userId: string; outcome: 'approved' | 'rejected'; reasons: KycRejectionReason[]; now: Date },
): Promise<void> {
  const rejected = options.outcome === 'rejected';
  await tx
    .update(kycApplications)
    .set({
      decidedAt: options.now,
      ...(rejected
        ? {
            rejectionReasons: options.reasons,
            rejectedAt: options.now,
            itemsToFix: [...new Set(options.reasons.map((reason) => reason.item))],
          }
        : {}),
      updatedAt: options.now,
    })
    .where(eq(kycApplications.userId, options.userId));
}

export async function findApplicationByReference(tx: Tx, reference: string): Promise<ApplicationRow | null> {
  const [row] = await tx.select().from(kycApplications).where(eq(kycApplications.providerReference, reference));
  return row ?? null;
}

/**
 * Records a webhook delivery once. Answers `new` the first time an event arrives, `redelivery` for
 * the same event signed anew (the provider retrying), `replay` for the very same signed delivery.
 */
export async function recordWebhookReceipt(
  tx: Tx,
  options: { provider: string; eventId: string; signatureHash: Buffer; now: Date },
): Promise<'new' | 'redelivery' | 'replay'> {
  const inserted = await tx
    .insert(identityWebhookEvents)
    .values({
      provider: options.provider,
      eventId: options.eventId,
      signatureHash: options.signatureHash,
      receivedAt: options.now,
    })
    .onConflictDoNothing()
    .returning({ eventId: identityWebhookEvents.eventId });
  if (inserted.length === 1) return 'new';
  const [seen] = await tx
    .select({ eventId: identityWebhookEvents.eventId })
    .from(identityWebhookEvents)
    .where(eq(identityWebhookEvents.signatureHash, options.signatureHash));
  return seen ? 'replay' : 'redelivery';
}

export async function statusHistory(db: Executor, userId: string) {
  return db.select().from(kycStatusEvents).where(eq(kycStatusEvents.userId, userId)).orderBy(desc(kycStatusEvents.id));
}
