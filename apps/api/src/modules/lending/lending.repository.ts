// SQL of the lending module: loans, their events (timeline, idempotency effects, notifications to
// send) and the views. Amounts are numeric(78,0) in SQL and bigint here; a row is locked FOR UPDATE
// by the step that changes it, so two steps on one loan run one after the other.
import { sql, type SQL } from 'drizzle-orm';
import type { LoanEventType, LoanStatus } from '@rora/contracts';
import type { Db, Tx } from '@rora/db';

type Handle = Db | Tx;

export interface LoanRow {
  id: string;
  borrowerId: string;
  lenderId: string | null;
  asset: string;
  principal: bigint;
  rateBps: number;
  termDays: number;
  collateralAsset: string;
  collateral: bigint;
  status: LoanStatus;
  initialLtvBps: number;
  createdAt: Date;
  fundedAt: Date | null;
  dueAt: Date | null;
  closedAt: Date | null;
  marginCalledAt: Date | null;
  paid: bigint | null;
  fee: bigint | null;
  collateralSeized: bigint | null;
  collateralReturned: bigint | null;
  /**
   * Settled from the collateral (liquidated or closed): the debt then and the penalty on it, in minor
   * units of `asset` (the loan's coin, not the collateral's). Null otherwise, and for a loan settled
   * before they were recorded (migration 0106).
   */
  debtSettled: bigint | null;
  penalty: bigint | null;
  /**
   * What the seized collateral was worth then, in minor units of `asset`, rounded down: below
   * debtSettled + penalty when all of it was seized and fell short. Null as debtSettled is, and for
   * a loan settled before it was recorded (migration 0108).
   */
  collateralWorth: bigint | null;
}

export interface LoanEventRow {
  id: string;
  loanId: string;
  type: LoanEventType;
  at: Date;
  ltvBps: number | null;
  notify: boolean;
}

type RawLoan = Record<string, unknown>;

const big = (value: unknown): bigint | null => (value === null || value === undefined ? null : BigInt(String(value)));
const date = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(value as string);

const LOAN_COLUMNS = sql.raw(`l.id, l.borrower_id, l.lender_id, l.asset, l.principal::text, l.rate_bps, l.term_days,
  l.collateral_asset, l.collateral::text, l.status, l.initial_ltv_bps, l.created_at, l.funded_at, l.due_at,
  l.closed_at, l.margin_called_at, l.paid::text, l.fee::text, l.collateral_seized::text, l.collateral_returned::text,
  l.debt_settled::text, l.penalty::text, l.collateral_worth::text`);

export function toLoanRow(row: RawLoan): LoanRow {
  return {
    id: row.id as string,
    borrowerId: row.borrower_id as string,
    lenderId: (row.lender_id as string | null) ?? null,
    asset: row.asset as string,
    principal: BigInt(row.principal as string),
    rateBps: Number(row.rate_bps),
    termDays: Number(row.term_days),
    collateralAsset: row.collateral_asset as string,
    collateral: BigInt(row.collateral as string),
    status: row.status as LoanStatus,
    initialLtvBps: Number(row.initial_ltv_bps),
    createdAt: new Date(row.created_at as string),
    fundedAt: date(row.funded_at),
    dueAt: date(row.due_at),
    closedAt: date(row.closed_at),
    marginCalledAt: date(row.margin_called_at),
    paid: big(row.paid),
    fee: big(row.fee),
    collateralSeized: big(row.collateral_seized),
    collateralReturned: big(row.collateral_returned),
    debtSettled: big(row.debt_settled),
    penalty: big(row.penalty),
    collateralWorth: big(row.collateral_worth),
  };
}

export async function insertLoan(tx: Tx, loan: LoanRow): Promise<void> {
  await tx.execute(sql`
    INSERT INTO loans (id, borrower_id, asset, principal, rate_bps, term_days, collateral_asset, collateral,
                       status, initial_ltv_bps, created_at)
    VALUES (${loan.id}, ${loan.borrowerId}, ${loan.asset}, ${loan.principal.toString()}::numeric, ${loan.rateBps},
            ${loan.termDays}, ${loan.collateralAsset}, ${loan.collateral.toString()}::numeric, 'open',
            ${loan.initialLtvBps}, ${loan.createdAt.toISOString()}::timestamptz)`);
}

/** The loan, locked until the transaction ends; null when there is none with that id. */
export async function lockLoan(tx: Tx, id: string): Promise<LoanRow | null> {
  const { rows } = await tx.execute<RawLoan>(sql`SELECT ${LOAN_COLUMNS} FROM loans l WHERE l.id = ${id} FOR UPDATE`);
  return rows[0] ? toLoanRow(rows[0]) : null;
}

export async function findLoan(db: Handle, id: string): Promise<LoanRow | null> {
  const { rows } = await db.execute<RawLoan>(sql`SELECT ${LOAN_COLUMNS} FROM loans l WHERE l.id = ${id}`);
  return rows[0] ? toLoanRow(rows[0]) : null;
}

/** Writes the loan's changing columns (the trigger refuses anything else); lender and dates are written once. */
export async function saveLoan(tx: Tx, loan: LoanRow): Promise<void> {
  const amount = (value: bigint | null) => (value === null ? null : value.toString());
  const at = (value: Date | null) => (value === null ? null : value.toISOString());
  await tx.execute(sql`
    UPDATE loans SET status = ${loan.status}, lender_id = coalesce(lender_id, ${loan.lenderId}::uuid),
           funded_at = coalesce(funded_at, ${at(loan.fundedAt)}::timestamptz),
           due_at = coalesce(due_at, ${at(loan.dueAt)}::timestamptz), closed_at = ${at(loan.closedAt)}::timestamptz,
           margin_called_at = ${at(loan.marginCalledAt)}::timestamptz, paid = ${amount(loan.paid)}::numeric,
           fee = ${amount(loan.fee)}::numeric, collateral_seized = ${amount(loan.collateralSeized)}::numeric,
           collateral_returned = ${amount(loan.collateralReturned)}::numeric,
           debt_settled = ${amount(loan.debtSettled)}::numeric, penalty = ${amount(loan.penalty)}::numeric,
           collateral_worth = ${amount(loan.collateralWorth)}::numeric
     WHERE id = ${loan.id}`);
}

export async function insertEvent(tx: Tx, event: LoanEventRow): Promise<void> {
  await tx.execute(sql`
    INSERT INTO loan_events (id, loan_id, type, at, ltv_bps, notify)
    VALUES (${event.id}, ${event.loanId}, ${event.type}, ${event.at.toISOString()}::timestamptz, ${event.ltvBps},
            ${event.notify})`);
}

function toEvent(row: Record<string, unknown>): LoanEventRow {
  return {
    id: row.id as string,
    loanId: row.loan_id as string,
    type: row.type as LoanEventType,
    at: new Date(row.at as string),
    ltvBps: row.ltv_bps === null ? null : Number(row.ltv_bps),
    notify: Boolean(row.notify),
  };
}

export async function eventsOf(db: Handle, loanIds: readonly string[]): Promise<Map<string, LoanEventRow[]>> {
  const byLoan = new Map<string, LoanEventRow[]>();
  if (loanIds.length === 0) return byLoan;
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    SELECT id, loan_id, type, at, ltv_bps, notify FROM loan_events
     WHERE loan_id = ANY(${`{${loanIds.join(',')}}`}::uuid[]) ORDER BY seq`);
  for (const row of rows) {
    const event = toEvent(row);
    byLoan.set(event.loanId, [...(byLoan.get(event.loanId) ?? []), event]);
  }
  return byLoan;
}

export async function findEvent(db: Handle, id: string): Promise<LoanEventRow | null> {
  const { rows } = await db.execute<Record<string, unknown>>(
    sql`SELECT id, loan_id, type, at, ltv_bps, notify FROM loan_events WHERE id = ${id}`,
  );
  return rows[0] ? toEvent(rows[0]) : null;
}

/** Records that every party of an event was told: true for the one caller that records it. */
export async function markNotified(db: Db, eventId: string, at: Date): Promise<boolean> {
  const { rows } = await db.execute(sql`
    UPDATE loan_events SET notified_at = ${at.toISOString()}::timestamptz
     WHERE id = ${eventId} AND notify AND notified_at IS NULL RETURNING id`);
  return rows.length > 0;
}

export async function isNotified(db: Db, eventId: string): Promise<boolean> {
  const { rows } = await db.execute(sql`SELECT 1 FROM loan_events WHERE id = ${eventId} AND notified_at IS NOT NULL`);
  return rows.length > 0;
}

export async function unnotifiedEvents(db: Db, limit: number, before: Date): Promise<LoanEventRow[]> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    SELECT id, loan_id, type, at, ltv_bps, notify FROM loan_events
     WHERE notify AND notified_at IS NULL AND at <= ${before.toISOString()}::timestamptz ORDER BY seq LIMIT ${limit}`);
  return rows.map(toEvent);
}

export async function emailOf(db: Db, userId: string): Promise<string | null> {
  const { rows } = await db.execute<{ email: string }>(sql`SELECT email FROM users WHERE id = ${userId}::uuid`);
  return rows[0]?.email ?? null;
}

export interface LoanPage {
  items: LoanRow[];
  total: number;
}

/** One page of loans matching `where` (a condition on `l`), in `order`. */
export async function pageLoans(
  db: Db,
  query: { where: SQL; order: SQL; limit: number; offset: number },
): Promise<LoanPage> {
  const { rows } = await db.execute<RawLoan & { total: string }>(sql`
    SELECT ${LOAN_COLUMNS}, count(*) OVER () AS total FROM loans l
     WHERE ${query.where} ORDER BY ${query.order} LIMIT ${query.limit} OFFSET ${query.offset}`);
  return { items: rows.map(toLoanRow), total: rows[0] ? Number(rows[0].total) : 0 };
}

/** Every running loan `borrowerId` borrowed (loans_borrower_idx), on the caller's transaction. */
export async function runningLoansOf(db: Handle, borrowerId: string): Promise<LoanRow[]> {
  const { rows } = await db.execute<RawLoan>(sql`
    SELECT ${LOAN_COLUMNS} FROM loans l WHERE l.borrower_id = ${borrowerId} AND l.status = 'active'`);
  return rows.map(toLoanRow);
}

/** Per asset, the principal of the running loans `lenderId` funded (loans_lender_idx), on the caller's transaction. */
export async function runningLentByAsset(db: Handle, lenderId: string): Promise<Map<string, bigint>> {
  const { rows } = await db.execute<{ asset: string; lent: string }>(sql`
    SELECT asset, sum(principal)::text AS lent FROM loans
     WHERE lender_id = ${lenderId} AND status = 'active' GROUP BY asset`);
  return new Map(rows.map((row) => [row.asset, BigInt(row.lent)]));
}
