// Rows and WAL written per order, from PostgreSQL's statistics: inserts, updates and the share of
// updates written in place (HOT: the row's new version on its own page, no index entries). A
// backend reports its counts at most once a second, and within a second of going idle, so each
// snapshot is taken after a pause in the load (`settle`). The baseline's own table is left out;
// everything else the server writes meanwhile (the worker, the market maker) counts. The WAL is
// the whole server's: full-page images are the pages written whole, on their first change after a
// checkpoint (a random key touches a new page far more often than an ordered one).
import type pg from 'pg';

export interface Rows {
  inserts: number;
  updates: number;
  hot: number;
}

/** Rows by table. */
export type TableRows = Map<string, Rows>;

export async function tableRows(pool: pg.Pool, exclude: string): Promise<TableRows> {
  const { rows } = await pool.query<{ relname: string; inserts: string; updates: string; hot: string }>(
    `SELECT relname, n_tup_ins AS inserts, n_tup_upd AS updates, n_tup_hot_upd AS hot
       FROM pg_stat_user_tables WHERE relname <> $1`,
    [exclude],
  );
  return new Map(
    rows.map((row) => [
      row.relname,
      { inserts: Number(row.inserts), updates: Number(row.updates), hot: Number(row.hot) },
    ]),
  );
}

const NO_ROWS: Rows = { inserts: 0, updates: 0, hot: 0 };

/** `a` plus `b` times `sign` (1 to add, -1 to subtract), count by count. */
const rowsPlus = (a: Rows, b: Rows, sign: 1 | -1): Rows => ({
  inserts: a.inserts + sign * b.inserts,
  updates: a.updates + sign * b.updates,
  hot: a.hot + sign * b.hot,
});

/** What each table wrote between two counts; tables that wrote nothing are left out. */
export function rowsBetween(before: TableRows, after: TableRows): TableRows {
  const written: TableRows = new Map();
  for (const [table, rows] of after) {
    const change = rowsPlus(rows, before.get(table) ?? NO_ROWS, -1);
    if (change.inserts + change.updates > 0) written.set(table, change);
  }
  return written;
}

/** Two counts of rows by table, added. */
export function rowsAdded(a: TableRows, b: TableRows): TableRows {
  const sum: TableRows = new Map(a);
  for (const [table, rows] of b) sum.set(table, rowsPlus(sum.get(table) ?? NO_ROWS, rows, 1));
  return sum;
}

export function totalRows(written: TableRows): Rows {
  let total = NO_ROWS;
  for (const rows of written.values()) total = rowsPlus(total, rows, 1);
  return total;
}

/** The server's write-ahead log so far (pg_stat_wal: the whole server, every database). */
export interface Wal {
  records: number;
  fullPages: number;
  bytes: number;
}

export async function walSoFar(pool: pg.Pool): Promise<Wal> {
  const { rows } = await pool.query<{ records: string; fpi: string; bytes: string }>(
    'SELECT wal_records AS records, wal_fpi AS fpi, wal_bytes AS bytes FROM pg_stat_wal',
  );
  const row = rows[0]!;
  return { records: Number(row.records), fullPages: Number(row.fpi), bytes: Number(row.bytes) };
}

export const walBetween = (before: Wal, after: Wal): Wal => ({
  records: after.records - before.records,
  fullPages: after.fullPages - before.fullPages,
  bytes: after.bytes - before.bytes,
});

export const walAdded = (a: Wal, b: Wal): Wal => ({
  records: a.records + b.records,
  fullPages: a.fullPages + b.fullPages,
  bytes: a.bytes + b.bytes,
});

/** Long enough for every backend to report its counts once the load has stopped. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 1_500));
