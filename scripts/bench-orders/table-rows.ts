// Rows written per order, from PostgreSQL's table statistics: inserts, updates and the share of
// updates written in place (HOT: the row's new version on its own page, no index entries). A
// backend reports its counts at most once a second, and within a second of going idle, so each
// snapshot is taken after a pause in the load (`settle`). The baseline's own table is left out;
// everything else the server writes meanwhile (the worker, the market maker) counts.
import type pg from 'pg';

export interface TableRows {
  inserts: number;
  updates: number;
  hot: number;
}

export async function tableRows(pool: pg.Pool, exclude: string): Promise<TableRows> {
  const { rows } = await pool.query<{ inserts: string; updates: string; hot: string }>(
    `SELECT coalesce(sum(n_tup_ins), 0) AS inserts, coalesce(sum(n_tup_upd), 0) AS updates,
            coalesce(sum(n_tup_hot_upd), 0) AS hot
       FROM pg_stat_user_tables WHERE relname <> $1`,
    [exclude],
  );
  const row = rows[0]!;
  return { inserts: Number(row.inserts), updates: Number(row.updates), hot: Number(row.hot) };
}

export const rowsBetween = (before: TableRows, after: TableRows): TableRows => ({
  inserts: after.inserts - before.inserts,
  updates: after.updates - before.updates,
  hot: after.hot - before.hot,
});

/** Long enough for every backend to report its counts once the load has stopped. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 1_500));
