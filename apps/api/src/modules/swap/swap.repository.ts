// The swap tables' queries. Amounts are numeric(78,0) and come back as decimal strings; the rows
// below turn them into bigint once, here. Locks: a quote and a swap are locked FOR UPDATE by the
// transaction that uses or settles them, so two requests (or two workers) take turns.
import { and, asc, count, desc, eq, isNotNull, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@rora/db';

const { swapQuotes, swaps } = schema;
type Handle = Db | Tx;

export interface QuoteRow {
  id: string;
  userId: string;
  fromAsset: string;
  toAsset: string;
  quantity: bigint;
  fee: bigint;
  converted: bigint;
  dust: bigint;
  receive: bigint;
  spread: bigint;
  spreadBps: number;
  feeBps: number;
  referenceRate: string;
  rate: string;
  route: string;
  usdValue: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

export interface SwapRow {
  id: string;
  userId: string;
  quoteId: string;
  fromAsset: string;
  toAsset: string;
  quantity: bigint;
  fee: bigint;
  converted: bigint;
  dust: bigint;
  receive: bigint;
  rate: string;
  status: 'in_progress' | 'completed' | 'failed';
  dueAt: Date;
  createdAt: Date;
  settledAt: Date | null;
  failureReason: string | null;
  attempts: number;
  notifiedAt: Date | null;
}

type AmountKeys = 'quantity' | 'fee' | 'converted' | 'dust' | 'receive';
const amounts = <T extends Record<AmountKeys, string>>(row: T) => ({
  quantity: BigInt(row.quantity),
  fee: BigInt(row.fee),
  converted: BigInt(row.converted),
  dust: BigInt(row.dust),
  receive: BigInt(row.receive),
});

function toQuote(row: typeof swapQuotes.$inferSelect): QuoteRow {
  return { ...row, ...amounts(row), spread: BigInt(row.spread) };
}

function toSwap(row: typeof swaps.$inferSelect): SwapRow {
  return { ...row, ...amounts(row) };
}

const text = (value: bigint) => value.toString();

export async function insertQuote(db: Handle, quote: Omit<QuoteRow, 'usedAt'>): Promise<void> {
  await db.insert(swapQuotes).values({
    ...quote,
    quantity: text(quote.quantity),
    fee: text(quote.fee),
    converted: text(quote.converted),
    dust: text(quote.dust),
    receive: text(quote.receive),
    spread: text(quote.spread),
  });
}

/** The customer's quote, locked until the transaction ends. */
export async function lockQuote(tx: Tx, userId: string, id: string): Promise<QuoteRow | null> {
  const [row] = await tx
    .select()
    .from(swapQuotes)
    .where(and(eq(swapQuotes.id, id), eq(swapQuotes.userId, userId)))
    .for('update');
  return row ? toQuote(row) : null;
}

export async function markQuoteUsed(tx: Tx, id: string, now: Date): Promise<void> {
  await tx.update(swapQuotes).set({ usedAt: now }).where(eq(swapQuotes.id, id));
}

export async function insertSwap(tx: Tx, swap: Omit<SwapRow, 'attempts' | 'notifiedAt'>): Promise<void> {
  await tx.insert(swaps).values({
    ...swap,
    quantity: text(swap.quantity),
    fee: text(swap.fee),
    converted: text(swap.converted),
    dust: text(swap.dust),
    receive: text(swap.receive),
  });
}

export async function findSwap(db: Handle, userId: string, id: string): Promise<SwapRow | null> {
  const [row] = await db
    .select()
    .from(swaps)
    .where(and(eq(swaps.id, id), eq(swaps.userId, userId)));
  return row ? toSwap(row) : null;
}

export async function pageSwaps(
  db: Handle,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ items: SwapRow[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(swaps)
      .where(eq(swaps.userId, userId))
      .orderBy(desc(swaps.createdAt), desc(swaps.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(swaps).where(eq(swaps.userId, userId)),
  ]);
  return { items: rows.map(toSwap), total: totals?.total ?? 0 };
}

/** The swap, locked for its settlement: a second settler waits, then sees it settled. */
export async function lockSwap(tx: Tx, id: string): Promise<SwapRow | null> {
  const [row] = await tx.select().from(swaps).where(eq(swaps.id, id)).for('update');
  return row ? toSwap(row) : null;
}

export async function settleSwap(
  tx: Tx,
  id: string,
  outcome: { status: 'completed' } | { status: 'failed'; reason: string },
  now: Date,
): Promise<SwapRow> {
  const [row] = await tx
    .update(swaps)
    .set({ status: outcome.status, settledAt: now, failureReason: outcome.status === 'failed' ? outcome.reason : null })
    .where(and(eq(swaps.id, id), eq(swaps.status, 'in_progress')))
    .returning();
  if (!row) throw new Error(`swap ${id} was not in progress when settled`);
  return toSwap(row);
}

export async function countFailedAttempt(db: Db, id: string): Promise<void> {
  await db
    .update(swaps)
    .set({ attempts: sql`${swaps.attempts} + 1` })
    .where(eq(swaps.id, id));
}

/** Records that the customer was told of the settled swap: true for the single caller that set it. */
export async function markNotified(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(swaps)
    .set({ notifiedAt: now })
    .where(and(eq(swaps.id, id), isNull(swaps.notifiedAt), ne(swaps.status, 'in_progress')))
    .returning({ id: swaps.id });
  return rows.length === 1;
}

/** Ids of swaps due for settlement, oldest due first. */
export async function dueSwapIds(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: swaps.id })
    .from(swaps)
    .where(and(eq(swaps.status, 'in_progress'), lte(swaps.dueAt, now)))
    .orderBy(asc(swaps.dueAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Settled swaps whose customer was not told yet (a crash between settling and notifying). */
export async function unnotifiedSwaps(db: Db, limit: number, settledBefore: Date): Promise<SwapRow[]> {
  const rows = await db
    .select()
    .from(swaps)
    .where(
      and(
        ne(swaps.status, 'in_progress'),
        isNull(swaps.notifiedAt),
        isNotNull(swaps.settledAt),
        lte(swaps.settledAt, settledBefore),
      ),
    )
    .orderBy(asc(swaps.settledAt))
    .limit(limit);
  return rows.map(toSwap);
}

/** Deletes quotes never used that expired before `before`; they back no swap. */
export async function purgeUnusedQuotes(db: Db, before: Date): Promise<number> {
  const result = await db.delete(swapQuotes).where(and(isNull(swapQuotes.usedAt), lt(swapQuotes.expiresAt, before)));
  return result.rowCount ?? 0;
}
