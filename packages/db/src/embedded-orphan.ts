// The embedded PostgreSQL outlives a parent killed with SIGKILL (the package starts it as a process of
// its own) and keeps its data folder locked (postmaster.pid), so the next start could not take it.
// Before a start, a server left running on our data folder is stopped cleanly (SIGINT: fast shutdown,
// everything committed is kept). A lock file whose process is gone is left to PostgreSQL, which
// replaces a stale one itself; one whose pid now names another program (the pid was reused, as after
// a container restart) would make PostgreSQL refuse to start, so it is removed. A watchdog stops the
// server when its parent dies, where `sh` exists.
import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

/** The first lines of postmaster.pid (PostgreSQL's miscadmin.h LOCK_FILE_LINE_*). */
export interface LockFile {
  pid: number;
  dataDir: string;
  port: number;
}

const FAST_SHUTDOWN_WAIT_MS = 60_000;
const IMMEDIATE_SHUTDOWN_WAIT_MS = 10_000;

/** The lock file of a PostgreSQL data folder, or null when there is none (or it is not one). */
export async function readLockFile(dataDir: string): Promise<LockFile | null> {
  return readFile(lockFilePath(dataDir), 'utf8').then(parseLockFile, () => null);
}

/** readLockFile for synchronous callers (exit handlers). */
export function readLockFileSync(dataDir: string): LockFile | null {
  try {
    return parseLockFile(readFileSync(lockFilePath(dataDir), 'utf8'));
  } catch {
    return null;
  }
}

const lockFilePath = (dataDir: string) => path.join(dataDir, 'postmaster.pid');

function parseLockFile(text: string): LockFile | null {
  const [pid, dir, , port] = text.split('\n');
  const parsed = { pid: Number(pid), dataDir: dir ?? '', port: Number(port) };
  return Number.isInteger(parsed.pid) && parsed.pid > 0 ? parsed : null;
}

/**
 * Whether a process runs. An orphan that exited stays a zombie until its new parent reaps it, which
 * a container's init may never do: on Linux, a zombie counts as gone.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    // /proc/<pid>/stat: "pid (name) state ..."; the name may hold spaces and parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/** The command line of a process: /proc on Linux, `ps` elsewhere; null when it cannot be read. */
async function commandLine(pid: number): Promise<string[] | null> {
  try {
    return (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').filter(Boolean);
  } catch {
    try {
      const { stdout } = await promisify(execFile)('ps', ['-o', 'command=', '-p', String(pid)]);
      return stdout.trim() ? stdout.trim().split(/\s+/) : null;
    } catch {
      return null;
    }
  }
}

/** Whether `pid` is a postgres server running on `dataDir` (its `-D` argument); null: cannot tell. */
async function isPostgresOf(pid: number, dataDir: string): Promise<boolean | null> {
  const args = await commandLine(pid);
  if (!args) return null;
  if (!path.basename(args[0] ?? '').startsWith('postgres') || !args.includes('-D')) return false;
  const dir = args[args.indexOf('-D') + 1];
  return dir !== undefined && path.resolve(dir) === path.resolve(dataDir);
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isAlive(pid);
}

/**
 * Stops a PostgreSQL left running on `dataDir` by a process that died without stopping it. Returns
 * what it found, for the log. Throws when such a server does not stop.
 */
export async function stopOrphanedServer(dataDir: string): Promise<'none' | 'stale-lock' | 'stopped'> {
  const lock = await readLockFile(dataDir);
  if (!lock) return 'none';
  if (!isAlive(lock.pid)) return 'stale-lock';
  const ours = await isPostgresOf(lock.pid, dataDir);
  if (ours === false) {
    await rm(path.join(dataDir, 'postmaster.pid'), { force: true });
    return 'stale-lock';
  }
  // null: alive, but its command line cannot be read; PostgreSQL's own check then decides.
  if (ours === null) return 'stale-lock';
  process.kill(lock.pid, 'SIGINT');
  if (await waitForExit(lock.pid, FAST_SHUTDOWN_WAIT_MS)) return 'stopped';
  // Fast shutdown waits for a checkpoint; one that hangs is stopped at once (recovery on next start).
  process.kill(lock.pid, 'SIGQUIT');
  if (await waitForExit(lock.pid, IMMEDIATE_SHUTDOWN_WAIT_MS)) return 'stopped';
  throw new Error(`PostgreSQL (pid ${lock.pid}) still runs on ${dataDir} and does not stop`);
}

/**
 * Starts a detached `sh` that stops the server (SIGINT) once this process is gone, so a SIGKILLed
 * parent does not leave it running; it ends by itself when the server stops first. Returns its stop.
 */
export function watchParent(serverPid: number): () => void {
  const parent = process.pid;
  const script = `while kill -0 ${parent} && kill -0 ${serverPid}; do sleep 1; done 2>/dev/null; kill -0 ${parent} 2>/dev/null || kill -INT ${serverPid} 2>/dev/null`;
  try {
    const watchdog = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
    watchdog.on('error', () => undefined);
    watchdog.unref();
    return () => void (watchdog.exitCode === null && watchdog.kill());
  } catch {
    return () => undefined;
  }
}
