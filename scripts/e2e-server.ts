// The server the browser journeys run against: the real product (startServer) on a throwaway data
// folder, or on a fresh database when DATABASE_URL points at a PostgreSQL, with the dev routes on.
//   E2E_PORT       port of the app (required)
//   E2E_BLOCKED=1  place loopback visitors in a blocked country (KP) for the country-popup test
//   E2E_WEB_DIST   the built web app to serve (apps/web/dist, built first if missing)
//   E2E_HOOK_PORT  also serve a dev-only hook on 127.0.0.1 that the tests call to make something
//                  happen server-side: POST /notify {token, message} notifies that session's user.
// Everything it created is removed on SIGINT/SIGTERM. Run it as `node --import tsx`, not under the
// tsx command: that one relays a signal to the script and kills it with SIGKILL when the script has
// not acknowledged it within 30 ms twice, which a busy machine or a stop under way easily misses,
// and the database and data folder were left behind.
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { isProcessAlive, readLockFileSync } from '@rora/db';
import { loadConfig } from '../apps/api/src/config.ts';
import { startServer, type RunningServer } from '../apps/api/src/server.ts';

const port = process.env.E2E_PORT;
if (!port) throw new Error('E2E_PORT is required');
const blocked = process.env.E2E_BLOCKED === '1';
const webDist = path.resolve(process.env.E2E_WEB_DIST ?? 'apps/web/dist');

/** Older than any run of the journeys (CI's hard limit is 90 minutes): one killed before it cleaned up. */
const STALE_DATABASE_MS = 3 * 60 * 60_000;

/**
 * Drops databases of earlier servers that were killed before they could (SIGKILL): named as this
 * server names them, older than STALE_DATABASE_MS, with no session. A server of a run still going
 * keeps its pool's sessions, and is younger anyway. Skipped where the role may not read the files.
 */
async function sweepStaleDatabases(admin: pg.Client, prefix: string): Promise<void> {
  const { rows } = await admin
    .query<{ datname: string }>(
      `SELECT d.datname FROM pg_database d
        WHERE d.datname ~ ('^' || $1 || '_[0-9a-f]{10}$')
          AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.datid = d.oid)
          AND (pg_stat_file('base/' || d.oid || '/PG_VERSION')).modification < now() - $2 * interval '1 millisecond'`,
      [prefix, STALE_DATABASE_MS],
    )
    .catch(() => ({ rows: [] }));
  for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
}

async function freshDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const prefix = process.env.E2E_DATABASE_PREFIX ?? 'rora_e2e';
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await sweepStaleDatabases(admin, prefix);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

function readJson(request: http.IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      try {
        resolve(JSON.parse(text || '{}') as Record<string, unknown>);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

/** Dev-only: lets a browser test cause a notification for the user of a session token. */
function startHook(server: RunningServer, hookPort: number): http.Server {
  const hook = http.createServer((request, response) => {
    const reply = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.method !== 'POST' || request.url !== '/notify') return void reply(404, { error: 'not found' });
    void readJson(request)
      .then(async (body) => {
        const identity = await server.app.services.sessions.authenticate(String(body.token ?? ''));
        if (identity === null || identity === 'expired') return reply(401, { error: 'unknown session' });
        const message = String(body.message ?? 'Test notification');
        const notification = await server.app.services.notifications.notify(identity.userId, {
          kind: 'e2e_test',
          message,
        });
        reply(201, notification);
      })
      .catch((error: unknown) => reply(500, { error: String(error) }));
  });
  hook.listen(hookPort, '127.0.0.1');
  return hook;
}

/** How long the server has to stop before its database and folder are removed all the same. */
const STOP_WAIT_MS = 8_000;

/** Removes data folders of earlier runs that were killed before they could clean up. */
function sweepStaleDataDirs(parent: string): void {
  const tenMinutesAgo = Date.now() - 10 * 60_000;
  for (const name of readdirSync(parent).filter((entry) => entry.startsWith('e2e-'))) {
    const dir = path.join(parent, name);
    const lock = readLockFileSync(path.join(dir, 'pg'));
    if (statSync(dir).mtimeMs < tenMinutesAgo && !(lock && isProcessAlive(lock.pid)))
      rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (!existsSync(path.join(webDist, 'index.html'))) execSync('npm run build:web', { stdio: 'inherit' });
  // Inside the repo's ignored .test-data, readable by the unprivileged user PostgreSQL runs as.
  mkdirSync(path.resolve('.test-data'), { recursive: true });
  sweepStaleDataDirs(path.resolve('.test-data'));
  const dataDir = mkdtempSync(path.resolve('.test-data', 'e2e-'));
  chmodSync(dataDir, 0o755);
  const database = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : undefined;
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    PORT: port,
    HOST: '127.0.0.1',
    RORA_DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    DEV_ROUTES: 'true',
    WEB_DIST_DIR: webDist,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // Each test presents its own client address (X-Forwarded-For from loopback), so per-address
    // rate limits see separate customers, as they would behind a real proxy.
    TRUST_PROXY: '127.0.0.1',
    ...(blocked ? { GEOIP_LOCAL_COUNTRY: 'KP', BLOCKED_COUNTRIES: 'KP,IR,SY,CU' } : {}),
  });
  const server = await startServer({ config, log: () => undefined });
  const hook = process.env.E2E_HOOK_PORT ? startHook(server, Number(process.env.E2E_HOOK_PORT)) : undefined;
  console.log(`e2e server${blocked ? ' (blocked country)' : ''} at ${server.url} (pid ${process.pid})`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    hook?.close();
    // Bounded, so the database is dropped (FORCE ends any session left) and the folder removed well
    // before Playwright's SIGKILL (gracefulShutdown, 15 s), however long the server takes to stop.
    const started = performance.now();
    const stopped = await Promise.race([
      server.stop().then(
        () => true,
        () => true,
      ),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), STOP_WAIT_MS).unref()),
    ]);
    if (!stopped)
      console.error(`e2e server: still stopping after ${Math.round(performance.now() - started)} ms; cleaning up`);
    await database?.drop().catch(() => undefined);
    try {
      // A file written while the folder is removed fails the removal (ENOTEMPTY): try again shortly.
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    } catch (error) {
      console.error(`e2e server: could not remove ${dataDir}: ${(error as Error).message}`);
      process.exit(1);
    }
    process.exit(0);
  };
  // `on`, not `once`: a second signal (Playwright's to the group, then another) with no listener
  // left would kill the server mid-cleanup (its database and data folder were left behind).
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error('e2e server failed to start:', error);
  process.exit(1);
});
