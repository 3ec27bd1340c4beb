// The on-ramp tables' queries: purchases and the webhook receipts. Amounts are numeric(78,0) decimal
// strings in the database and bigint here.
import { and, asc, eq, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@rora/db';

const { onrampPurchases: purchases, onrampWebhookReceipts: receipts } = schema;
type Handle = Db | Tx;

export interface PurchaseRow {
  id: string;
  userId: string;
  provider: string;
  providerReference: string;
  asset: string;
  fiatCurrency: string;
  fiatAmount: bigint;
  providerFee: bigint;
  cryptoAmount: bigint;
  widgetUrl: string;
  status: 'pending' | 'completed' | 'failed' | 'expired';
  failureReason: string | null;
  createdAt: Date;
  expiresAt: Date;
  settledAt: Date | null;
  notifiedAt: Date | null;
}

function toPurchase(row: typeof purchases.$inferSelect): PurchaseRow {
  return {
    ...row,
    fiatAmount: BigInt(row.fiatAmount),
    providerFee: BigInt(row.providerFee),
    cryptoAmount: BigInt(row.cryptoAmount),
  };
}

export async function insertPurchase(db: Handle, row: Omit<PurchaseRow, 'settledAt' | 'notifiedAt'>): Promise<void> {
  await db.insert(purchases).values({
    ...row,
    fiatAmount: row.fiatAmount.toString(),
    providerFee: row.providerFee.toString(),
    cryptoAmount: row.cryptoAmount.toString(),
  });
}

export async function findPurchase(db: Handle, userId: string, id: string): Promise<PurchaseRow | null> {
  const [row] = await db
    .select()
    .from(purchases)
    .where(and(eq(purchases.id, id), eq(purchases.userId, userId)));
  return row ? toPurchase(row) : null;
}

/** The purchase a provider's webhook names, locked until the transaction ends. */
export async function lockPurchase(tx: Tx, provider: string, id: string): Promise<PurchaseRow | null> {
  const [row] = await tx
    .select()
    .from(purchases)
    .where(and(eq(purchases.id, id), eq(purchases.provider, provider)))
    .for('update');
  return row ? toPurchase(row) : null;
}

export async function settlePurchase(
  tx: Tx,
  id: string,
  outcome: { status: 'completed' } | { status: 'failed' | 'expired'; reason: string },
  now: Date,
): Promise<PurchaseRow> {
  const [row] = await tx
    .update(purchases)
    .set({
      status: outcome.status,
      settledAt: now,
      failureReason: outcome.status === 'completed' ? null : outcome.reason,
      // An expired purchase is not announced; a completed or failed one is (once, claimed later).
      notifiedAt: outcome.status === 'expired' ? now : null,
    })
    .where(eq(purchases.id, id))
    .returning();
  if (!row) throw new Error(`purchase ${id} vanished while settled`);
  return toPurchase(row);
}

/**
 * Records a verified delivery; false when this exact signed delivery was received before (a replay).
 * Runs in the caller's transaction, so a refused delivery leaves no receipt.
 */
export async function recordReceipt(
  tx: Tx,
  receipt: { provider: string; signature: string; eventId: string; purchaseId: string | null; now: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(receipts)
    .values({
      provider: receipt.provider,
      signature: receipt.signature,
      eventId: receipt.eventId,
      purchaseId: receipt.purchaseId,
      outcome: 'ignored',
      receivedAt: receipt.now,
    })
    .onConflictDoNothing({ target: receipts.signature })
    .returning({ id: receipts.id });
  return rows.length === 1;
}

export async function setReceiptOutcome(tx: Tx, signature: string, outcome: 'applied' | 'duplicate' | 'ignored') {
  await tx.update(receipts).set({ outcome }).where(eq(receipts.signature, signature));
}

/** Records that the customer was told of the settled purchase: true for the single caller that set it. */
export async function markNotified(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(purchases)
    .set({ notifiedAt: now })
    .where(and(eq(purchases.id, id), isNull(purchases.notifiedAt), ne(purchases.status, 'pending')))
    .returning({ id: purchases.id });
  return rows.length === 1;
}

/** Completed or failed purchases whose customer was not told yet. */
export async function unnotifiedPurchases(db: Db, limit: number, settledBefore: Date): Promise<PurchaseRow[]> {
  const rows = await db
    .select()
    .from(purchases)
    .where(
      and(
        sql`${purchases.status} IN ('completed', 'failed')`,
        isNull(purchases.notifiedAt),
        lte(purchases.settledAt, settledBefore),
      ),
    )
    .orderBy(asc(purchases.settledAt))
    .limit(limit);
  return rows.map(toPurchase);
}

/** Marks pending purchases whose widget expired before `before` as expired; answers how many. */
export async function expirePurchases(db: Db, before: Date, now: Date): Promise<number> {
  const rows = await db
    .update(purchases)
    .set({ status: 'expired', failureReason: 'expired', settledAt: now, notifiedAt: now })
    .where(and(eq(purchases.status, 'pending'), lt(purchases.expiresAt, before)))
    .returning({ id: purchases.id });
  return rows.length;
}
