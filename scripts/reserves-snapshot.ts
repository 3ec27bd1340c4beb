// `npm run reserves:snapshot`: asks the running Rora for an audit snapshot now, as the daily job
// does, and prints it when published. The job runs in the server's worker (pg-boss queue
// `snapshot-reserves`) because the reserves are read from the chains that process talks to (the
// in-process devnet in the sandbox). Connects to DATABASE_URL, or else to the embedded PostgreSQL
// that `npm start` runs under RORA_DATA_DIR/pg. Exit 0: published. Exit 1: not within the timeout.
// Exit 2: no database.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { EMBEDDED_PASSWORD, isProcessAlive, readLockFile } from '@rora/db';

const JOB = 'snapshot-reserves';
const TIMEOUT_MS = Number(process.env.RESERVES_SNAPSHOT_TIMEOUT_MS ?? 300_000);

async function databaseUrl(): Promise<string | null> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const lock = await readLockFile(path.resolve(process.env.RORA_DATA_DIR || '.data', 'pg'));
  if (!lock || !Number.isInteger(lock.port) || !isProcessAlive(lock.pid)) return null;
  return `postgres://postgres:${EMBEDDED_PASSWORD}@127.0.0.1:${lock.port}/postgres`;
}

interface Published {
  id: string;
  taken_at: Date;
  root_hash: string;
  customer_count: number;
  leaf_count: number;
}

async function waitForSnapshot(pool: pg.Pool, after: Date): Promise<Published | null> {
  for (const deadline = Date.now() + TIMEOUT_MS; Date.now() < deadline;) {
    const { rows } = await pool.query<Published>(
      `SELECT id, taken_at, root_hash, customer_count, leaf_count FROM audit_snapshots
        WHERE status = 'published' AND published_at >= $1 ORDER BY published_at DESC LIMIT 1`,
      [after],
    );
    if (rows[0]) return rows[0];
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return null;
}

async function main(): Promise<number> {
  const url = await databaseUrl();
  if (!url) {
    console.error('No database: set DATABASE_URL or start Rora (npm start), whose worker takes the snapshot.');
    return 2;
  }
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const boss = new PgBoss({ connectionString: url, max: 1, application_name: 'rora-reserves-snapshot' });
  try {
    const { rows } = await pool.query<{ now: Date }>('SELECT now()');
    await boss.start();
    await boss.send(JOB, {});
    console.log('Asked the worker for an audit snapshot; waiting for it to be published…');
    const published = await waitForSnapshot(pool, rows[0]!.now);
    if (!published) {
      console.error(`No snapshot was published within ${TIMEOUT_MS / 1000} s: is a Rora worker running?`);
      return 1;
    }
    console.log(
      `Published ${published.id}: ${published.customer_count} customers, ${published.leaf_count} leaves, ` +
        `root ${published.root_hash}, taken at ${published.taken_at.toISOString()}`,
    );
    return 0;
  } finally {
    await boss.stop({ graceful: false }).catch(() => undefined);
    await pool.end();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await main();
}
