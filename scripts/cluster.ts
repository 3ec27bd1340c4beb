// `npm run cluster`: the topology of deploy/ on this machine. Three API processes on ports 3001-3003
// and one standalone worker, all on one PostgreSQL: the system's on 127.0.0.1:5432 when it answers
// (database `rora_cluster`), else an embedded one under .data/cluster-pg. The markets are split into
// two shards (ADR 0046), each with its own sequencer and commit chain: api-1 writes shard 0, api-2
// shard 1, and api-3 writes none at start but may take either over when its writer dies; every
// replica takes every order and forwards it to its market's shard writer (ADR 0045). Live events go
// over NATS when it answers on 4222, else PostgreSQL; rate limits are shared through Redis when it
// answers on 6379. A process that dies (kill -9, a crash) is started again after 1 s, doubling up to
// 30 s, unless it died 5 times within 2 minutes; one that exits 0 (`kill <pid>`: it stops cleanly on
// SIGTERM) stays stopped (cluster-children.ts). Ctrl-C stops everything: a process still there 10 s
// after SIGTERM (one stopped with SIGSTOP, say) is killed, and a second Ctrl-C kills at once.
// Options: --port N (first API port, default 3001), --apis N (default 3), --shards N (default 2),
// --no-build (serve the web app as last built). Every process logs JSON lines at LOG_LEVEL (info: a
// line per request).
import { spawn, spawnSync } from 'node:child_process';
import { createConnection } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { MARKET_DEFINITIONS, pairSlug } from '@rora/contracts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '@rora/db';
import { stopChildren, supervise, type NamedChild } from './cluster-children.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const firstPort = option('port', 3001);
const apiCount = option('apis', 3);
const shardCount = option('shards', 2);

/** The markets dealt round the shards in listing order, so the busiest (listed first) are apart. */
const marketShards = Object.keys(MARKET_DEFINITIONS)
  .map((symbol, index) => `${pairSlug(symbol)}:${index % shardCount}`)
  .join(',');

/**
 * The shards API process `index` may write: with more than one API, the last is the spare (all,
 * taking over whichever writer dies) and the others share the shards round the table.
 */
function sequencerShards(index: number): string {
  const writers = apiCount - 1;
  if (writers < 1 || index === writers) return 'all';
  const own = Array.from({ length: shardCount }, (_, shard) => shard).filter((shard) => shard % writers === index);
  return own.length > 0 ? own.join(',') : 'none';
}

/** Whether something answers on the port, and its first bytes start with `banner` if given. */
function answers(port: number, banner?: { send?: string; expect: string }): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.setTimeout(1_000, () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
    socket.once('connect', () => {
      if (!banner) return (socket.destroy(), resolve(true));
      if (banner.send) socket.write(banner.send);
      socket.once('data', (data) => (socket.destroy(), resolve(data.toString().startsWith(banner.expect))));
    });
  });
}

async function database(): Promise<{ url: string; embedded?: EmbeddedDatabase; where: string }> {
  const system = 'postgres://postgres@127.0.0.1:5432';
  if (await answers(5432)) {
    const admin = new pg.Client({ connectionString: `${system}/postgres` });
    try {
      await admin.connect();
      const { rowCount } = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'rora_cluster'`);
      if (rowCount === 0) await admin.query('CREATE DATABASE rora_cluster');
      return { url: `${system}/rora_cluster`, where: 'the system PostgreSQL (database rora_cluster)' };
    } catch {
      // Not ours to use (a password, another user): fall back to the embedded one.
    } finally {
      await admin.end().catch(() => undefined);
    }
  }
  const dataDir = path.join(root, '.data', 'cluster-pg');
  const embedded = await startEmbeddedPostgres({ dataDir, restart: { say: (line) => say(`[postgres] ${line}`) } });
  return { url: embedded.adminUrl, embedded, where: `an embedded PostgreSQL (data in ${dataDir})` };
}

const children: NamedChild[] = [];
let embedded: EmbeddedDatabase | undefined;
let stopping = false;

const say = (line: string) => void process.stdout.write(`${line}\n`);

/**
 * Starts a process, prefixing its output, and starts it again whenever it dies (supervise); resolves
 * once a line matches `ready`.
 */
function start(name: string, entry: string, env: NodeJS.ProcessEnv, ready: RegExp): Promise<void> {
  if (stopping) return Promise.reject(new Error('stopping'));
  const spawnChild = () =>
    spawn(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', entry], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  return new Promise((resolve, reject) => {
    const relay = (line: string) => {
      say(`[${name}] ${line}`);
      if (ready.test(line)) resolve();
    };
    const supervised = supervise(name, spawnChild, { onLine: relay, say });
    children.push(supervised);
    // One that dies before it is first ready fails the start: a broken config stops the cluster at
    // once, not after a crash loop.
    supervised.child.once('exit', () => reject(new Error(`${name} exited before it was ready`)));
  });
}

async function main(): Promise<void> {
  if (!args.includes('--no-build')) {
    const build = spawnSync('npm', ['run', '--silent', 'build:web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the web app did not build');
  }
  const db = await database();
  embedded = db.embedded;
  const nats = await answers(4222, { expect: 'INFO' });
  const redis = await answers(6379, { send: 'PING\r\n', expect: '+PONG' });
  const env: NodeJS.ProcessEnv = {
    DATABASE_URL: db.url,
    RUN_WORKER: 'false',
    ORDER_SHARDS: String(shardCount),
    MARKET_SHARDS: marketShards,
    EVENT_BUS: nats ? 'nats' : 'postgres',
    ...(nats ? { NATS_URL: 'nats://127.0.0.1:4222' } : {}),
    ...(redis ? { RATE_LIMIT_REDIS_URL: 'redis://127.0.0.1:6379' } : {}),
    HOST: '127.0.0.1',
    // One data folder for every process (RORA_DATA_DIR, ./.data unless given): they share its
    // webhook secrets and the fee quotes' key (webhook-secrets.ts), so a send checks on any API the
    // quote another API signed (ADR 0080).
    RORA_DATA_DIR: path.resolve(root, process.env.RORA_DATA_DIR ?? '.data'),
  };
  // One after another: the first applies the migrations and seeds; each takes its shards' locks.
  for (let index = 0; index < apiCount; index += 1) {
    const port = String(firstPort + index);
    const shards = { PORT: port, SEQUENCER_SHARDS: sequencerShards(index) };
    await start(`api-${index + 1}`, 'apps/api/src/main.ts', { ...env, ...shards }, /Rora is running at/);
  }
  await start(
    'worker',
    'apps/api/src/worker-main.ts',
    { ...env, SEQUENCER_SHARDS: 'none' },
    /worker (started|running)/i,
  );
  const urls = Array.from({ length: apiCount }, (_, index) => `http://127.0.0.1:${firstPort + index}`);
  const writes = (index: number) =>
    sequencerShards(index) === 'all' && apiCount > 1
      ? 'spare: takes over a shard whose writer dies'
      : `writes shards ${sequencerShards(index)}`;
  console.log(`
Rora cluster running on ${db.where}:
  ${urls.map((url, index) => `api-${index + 1}  ${url}  (${writes(index)})`).join('\n  ')}
  worker  every job and timer
  ${shardCount} market shards: ${marketShards}
  live events over ${nats ? 'NATS (127.0.0.1:4222)' : 'PostgreSQL LISTEN/NOTIFY'}; rate limits ${redis ? 'in Redis (127.0.0.1:6379)' : 'per process'}
Kill api-2 (kill -9 ${children[1]?.child.pid ?? children[0]!.child.pid}) and the spare takes its shard's markets over within a second or so;
api-2 is started again a second later, standing by for its shard. A process that dies is restarted;
one stopped with SIGTERM (kill ${children[1]?.child.pid ?? children[0]!.child.pid}) exits 0 and stays stopped.
Ctrl-C stops everything (a second Ctrl-C kills at once).
`);
}

/**
 * A second signal within this long of the first is the same Ctrl-C arriving twice: the terminal sends
 * it to the whole process group, and tsx, the script's parent, passes it on again when the script has
 * not told it in time (30 ms on a busy machine). Only a later one means "kill now".
 */
const SAME_SIGNAL_MS = 2_000;
let stoppingSince = 0;

/** Stops every child (SIGKILL after a grace period, or at once on a later signal) and the embedded PostgreSQL. */
async function stop(code: number): Promise<void> {
  if (stopping) {
    if (Date.now() - stoppingSince < SAME_SIGNAL_MS) return;
    for (const { child } of children) child.kill('SIGKILL');
    return;
  }
  stopping = true;
  stoppingSince = Date.now();
  // Its PostgreSQL dying from now on (the same signal sent to all of the cluster) is part of the stop.
  embedded?.haltRestarts();
  await stopChildren(children, { say });
  await embedded?.stop();
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));
main().catch(async (error: unknown) => {
  if (stopping) return;
  console.error('The cluster did not start:', (error as Error).message);
  await stop(1);
});
