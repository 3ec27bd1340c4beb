// `npx tsx scripts/bench-fee-row.ts [--seconds N] [--sessions N]`: what one shared row costs the
// market shards (ADR 0046). Every shard's batch that settles a sell ends by crediting the USDT fee
// account, locking its row from the ledger's statements to the commit; so batches of all shards
// pass that row one at a time. Here N sessions each commit a loop of short transactions that
// update a row and commit, first all the same row, then each its own, on a scratch database of
// DATABASE_URL's server (default the local one). The first figure bounds the batches per second
// that all shards together can settle through one fee row; the second is what separate rows allow.
import pg from 'pg';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const seconds = option('seconds', 5);
const sessions = option('sessions', 2);
const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const scratch = `rora_bench_fee_row_${process.pid}`;

async function loop(url: string, row: (session: number) => number): Promise<number> {
  const clients = await Promise.all(
    Array.from({ length: sessions }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  let commits = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    clients.map(async (client, session) => {
      while (performance.now() < deadline) {
        await client.query('BEGIN');
        await client.query('UPDATE fee_rows SET balance = balance + 1 WHERE id = $1', [row(session)]);
        await client.query('COMMIT');
        commits += 1;
      }
    }),
  );
  await Promise.all(clients.map((client) => client.end()));
  return commits / seconds;
}

const admin = new pg.Client({ connectionString: server.href });
await admin.connect();
await admin.query(`CREATE DATABASE ${scratch}`);
try {
  const url = new URL(server.href);
  url.pathname = `/${scratch}`;
  const setup = new pg.Client({ connectionString: url.href });
  await setup.connect();
  await setup.query('CREATE TABLE fee_rows (id int PRIMARY KEY, balance bigint NOT NULL DEFAULT 0)');
  await setup.query('INSERT INTO fee_rows (id) SELECT generate_series(0, $1::int)', [sessions]);
  await setup.end();
  const shared = await loop(url.href, () => 0);
  const separate = await loop(url.href, (session) => session + 1);
  console.log(
    `${sessions} sessions, ${seconds} s each: one shared row ${Math.round(shared)} commits/s, ` +
      `a row each ${Math.round(separate)} commits/s (ratio ${(separate / shared).toFixed(2)})`,
  );
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
  await admin.end();
}
