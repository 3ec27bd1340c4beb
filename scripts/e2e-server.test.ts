// The journeys' server (e2e-server.ts) leaves nothing behind when Playwright stops it: Playwright
// sends SIGTERM to the whole process group (npx, tsx and the server), and tsx passes its own on, so
// the server may hear it twice. Its database (with DATABASE_URL) and its data folder must be gone.
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

function dataFolders(): Set<string> {
  mkdirSync(testData, { recursive: true });
  return new Set(readdirSync(testData));
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

/** Starts the journeys' server with these databases' prefix; resolves once it serves. */
async function startServer(prefix: string) {
  const port = await freePort();
  const server = spawn('npx tsx scripts/e2e-server.ts', {
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
  while (!said.includes('e2e server at')) {
    if (Date.now() > end || server.exitCode !== null) throw new Error(`the server did not start:\n${said}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { server, closed, said: () => said };
}

describe('the journeys’ server', () => {
  it('removes its database and data folder when its process group is sent SIGTERM', async () => {
    const prefix = `rora_e2e_stop_${process.pid}`;
    const before = dataFolders();
    const { server, closed, said } = await startServer(prefix);
    const folders = [...dataFolders()].filter((name) => !before.has(name));
    expect(folders).toHaveLength(1);
    if (process.env.DATABASE_URL) expect(await databasesNamed(prefix)).toHaveLength(1);

    // The signal once to every process of the group, then again while the server is stopping: the
    // relayed copy arrives apart from the first only at times, so it is sent apart here.
    process.kill(-server.pid!, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {
      // Every process of the group has ended already.
    }
    await closed;

    expect(dataFolders().has(folders[0]!), `the data folder is left; the server said:\n${said()}`).toBe(false);
    if (process.env.DATABASE_URL) expect(await databasesNamed(prefix)).toEqual([]);
  }, 120_000);

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
        process.kill(-server.pid!, 'SIGTERM');
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
