// The sandbox provider's own records (onramp_sandbox_sessions), as a hosted provider keeps them on its
// side: the widget session, the card's outcome, and the delivery of the webhook until it is answered.
import { and, asc, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { schema, type Db } from '@rora/db';

const { onrampSandboxSessions: sessions } = schema;
export type SandboxSession = typeof sessions.$inferSelect;

export async function insertSession(
  db: Db,
  session: Pick<
    SandboxSession,
    'id' | 'externalReference' | 'asset' | 'fiatCurrency' | 'fiatAmount' | 'cryptoAmount' | 'createdAt' | 'expiresAt'
  >,
): Promise<void> {
  await db.insert(sessions).values({ ...session, status: 'open' });
}

export async function findSession(db: Db, id: string): Promise<SandboxSession | null> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
  return row ?? null;
}

/**
 * Records the card's outcome on an open, unexpired session; null when it is no longer open. The
 * webhook goes out at once; the retry time covers a delivery that never reports back.
 */
export async function decideSession(
  db: Db,
  id: string,
  decision: { status: 'approved' | 'declined'; cardLast4: string; declineCode: string | null; eventId: string },
  now: Date,
): Promise<SandboxSession | null> {
  const [row] = await db
    .update(sessions)
    .set({ ...decision, decidedAt: now, nextDeliveryAt: new Date(now.getTime() + 60_000) })
    .where(and(eq(sessions.id, id), eq(sessions.status, 'open'), gt(sessions.expiresAt, now)))
    .returning();
  return row ?? null;
}

/** Decided sessions whose webhook is not acknowledged yet and is due again, claimed for this caller. */
export async function claimDueDeliveries(db: Db, now: Date, limit: number): Promise<SandboxSession[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(sessions)
      .where(and(isNotNull(sessions.decidedAt), isNull(sessions.deliveredAt), lte(sessions.nextDeliveryAt, now)))
      .orderBy(asc(sessions.nextDeliveryAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return rows;
    // Pushed back while this caller delivers, so another ticker does not deliver the same one at once.
    const later = new Date(now.getTime() + 60_000);
    for (const row of rows) await tx.update(sessions).set({ nextDeliveryAt: later }).where(eq(sessions.id, row.id));
    return rows;
  });
}

export async function markDelivered(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ deliveredAt: now, nextDeliveryAt: null, deliveryAttempts: sql`${sessions.deliveryAttempts} + 1` })
    .where(eq(sessions.id, id));
}

export async function markDeliveryFailed(db: Db, id: string, nextAt: Date | null): Promise<void> {
  await db
    .update(sessions)
    .set({ nextDeliveryAt: nextAt, deliveryAttempts: sql`${sessions.deliveryAttempts} + 1` })
    .where(eq(sessions.id, id));
}
