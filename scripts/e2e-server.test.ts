// The journeys' server (e2e-server.ts) leaves nothing behind when Playwright stops it: Playwright
// sends SIGTERM to the whole process group, here twice, so the server may hear it more than once,
// and even when the server's event loop is held up as the signal comes (a busy machine: the tsx
// command then killed it with SIGKILL before it cleaned up). Its database (with DATABASE_URL) and
// its data folder must be gone.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const testData = path.join(root, '.test-data');
const webDist = mkdtempSync(path.join(os.tmpdir(), 'rora-e2e-dist-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Rora</title>');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  return port;
}

/** The e2e servers' data folders: other test files' embedded databases live beside them. */
function dataFolders(): Set<string> {
  mkdirSync(testData, { recursive: true });
  return new Set(readdirSync(testData).filter((name) => name.startsWith('e2e-')));
}

async function databasesNamed(prefix: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [prefix],
    );
    return rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
}

/** As Playwright runs it (apps/web/playwright.config.ts). */
const COMMAND = `"${process.execPath}" --import tsx scripts/e2e-server.ts`;

/**
 * Starts the journeys' server with these databases' prefix in a process group of its own, as
 * Playwright does; resolves once it serves, with the pid of the server's own process.
 */
async function startServer(prefix: string) {
  const port = await freePort();
  const server = spawn(COMMAND, {
    cwd: root,
    shell: true,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      E2E_PORT: String(port),
      E2E_HOOK_PORT: String(await freePort()),
      E2E_WEB_DIST: webDist,
      E2E_DATABASE_PREFIX: prefix,
    },
  });
  let said = '';
  server.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const closed = once(server, 'close');
  const end = Date.now() + 90_000;
  let ready: RegExpExecArray | null = null;
  while (!(ready = /e2e server at \S+ \(pid (\d+)\)/.exec(said))) {
    if (Date.now() > end || server.exitCode !== null) {
      stopGroup(server.pid!, 'SIGKILL');
      throw new Error(`the server did not start:\n${said}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { server, pid: Number(ready[1]), closed, said: () => said };
}

function stopGroup(leader: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-leader, signal);
  } catch {
    // Every process of the group has ended already.
  }
}

/**
 * SIGTERM to the server's process group, then again 300 ms later while it is stopping; with
 * `heldUpMs`, the server's process is paused (SIGSTOP) from before the first signal until that long
 * after it, as a busy machine may hold its event loop. Resolves once the group has ended.
 */
async function sigtermTwice(started: Awaited<ReturnType<typeof startServer>>, heldUpMs = 0): Promise<void> {
  const { server, pid, closed } = started;
  if (heldUpMs > 0) process.kill(pid, 'SIGSTOP');
  stopGroup(server.pid!, 'SIGTERM');
  if (heldUpMs > 0) {
    await new Promise((resolve) => setTimeout(resolve, heldUpMs));
    process.kill(pid, 'SIGCONT');
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  stopGroup(server.pid!, 'SIGTERM');
  await closed;
}

describe('the journeys’ server', () => {
  // Held up: the tsx command, which ran the server until now, SIGKILLed it 60 ms after a signal the
  // server had not acknowledged; under load that was seen once in three runs of the whole suite.
  for (const heldUpMs of [0, 500]) {
    const how = heldUpMs > 0 ? ', even with its event loop held up as the signal comes' : '';
    it(`removes its database and data folder when its process group is sent SIGTERM${how}`, async () => {
      const prefix = `rora_e2e_stop_${process.pid}_${heldUpMs}`;
      const before = dataFolders();
      const started = await startServer(prefix);
      try {
        const folders = [...dataFolders()].filter((name) => !before.has(name));
        expect(folders).toHaveLength(1);
        if (process.env.DATABASE_URL) expect(await databasesNamed(prefix)).toHaveLength(1);

        await sigtermTwice(started, heldUpMs);

        const said = started.said();
        expect(dataFolders().has(folders[0]!), `the data folder is left; the server said:\n${said}`).toBe(false);
        if (process.env.DATABASE_URL) expect(await databasesNamed(prefix)).toEqual([]);
      } finally {
        stopGroup(started.server.pid!, 'SIGKILL');
      }
    }, 120_000);
  }

  // A server killed with SIGKILL (Playwright's, after its grace period) cleans nothing up: the next
  // one drops what such servers left, and nothing of a run that may still be going.
  it.runIf(process.env.DATABASE_URL)(
    'drops the old databases a killed server left, not a young one nor one in use',
    async () => {
      const prefix = `rora_e2e_sweep_${process.pid}`;
      const [old, young, used] = ['aaaaaaaaaa', 'bbbbbbbbbb', 'cccccccccc'].map((tail) => `${prefix}_${tail}`);
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        for (const name of [old!, young!, used!]) await admin.query(`CREATE DATABASE ${name}`);
        // Four hours old, as the server reads a database's age: its PG_VERSION file's time.
        const { rows } = await admin.query<{ dir: string; oid: number; datname: string }>(
          `SELECT current_setting('data_directory') AS dir, oid, datname FROM pg_database WHERE datname = ANY($1)`,
          [[old, used]],
        );
        const then = new Date(Date.now() - 4 * 60 * 60_000);
        for (const row of rows) utimesSync(path.join(row.dir, 'base', String(row.oid), 'PG_VERSION'), then, then);
        const url = new URL(process.env.DATABASE_URL!);
        url.pathname = `/${used}`;
        // A session on it, as a server still running keeps its pool's.
        const user = new pg.Client({ connectionString: url.toString() });
        await user.connect();

        const { server, closed } = await startServer(prefix);
        const left = await databasesNamed(prefix);
        stopGroup(server.pid!, 'SIGTERM');
        await closed;
        await user.end();

        expect(left.filter((name) => name !== old && name !== young && name !== used)).toHaveLength(1);
        expect(left).not.toContain(old);
        expect(left).toEqual(expect.arrayContaining([young, used]));
      } finally {
        for (const name of [old!, young!, used!])
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
        await admin.end();
      }
    },
    120_000,
  );
});
