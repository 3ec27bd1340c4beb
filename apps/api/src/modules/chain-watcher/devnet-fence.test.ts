// An owner whose lock connection was cut, while another process took the devnet, wrote a block and
// let it go, must not take the lock back and write from its stale memory over that block (ADR 0083):
// the owner generation tells it someone held the lock between, and it steps down.
import { createDevnet, DevnetRunElsewhereError, type Devnet } from '@rora/chains';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevnetKeeper } from './devnet-keeper.ts';
import { renewingDevnetLock, takeDevnetLock } from './devnet-lock.ts';

let database: TestDatabase;
const clock = { now: () => new Date('2026-01-01T00:00:00Z') };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

async function terminateLockBackend() {
  await database.pool.query(
    `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND classid = 7261 AND objid = 96
       AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
}

async function tableHeight(chain: string): Promise<number> {
  const { rows } = await database.pool.query<{ height: string }>('SELECT height FROM devnet_chains WHERE chain = $1', [
    chain,
  ]);
  return Number(rows[0]?.height ?? -1);
}

const until = async (done: () => boolean) => {
  for (const deadline = Date.now() + 10_000; !done();) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('the devnet lock taken again after a cut connection', () => {
  it('is fenced: another taker between makes the renewal fail as displaced, and lets the lock go', async () => {
    const first = await takeDevnetLock(database.pool, 0);
    expect(first).not.toBeNull();
    const displaced: Error[] = [];
    const held = renewingDevnetLock(database.pool, first!, { displaced: (error) => displaced.push(error), waitMs: 0 });
    await terminateLockBackend();
    await until(() => first!.lost());
    const other = await takeDevnetLock(database.pool, 0);
    expect(other).not.toBeNull();
    await other!.release();

    await expect(held.connection()).rejects.toThrow(/another process owned the devnet meanwhile/);
    expect(displaced).toHaveLength(1);
    await expect(held.connection()).rejects.toThrow(/owned the devnet meanwhile/);
    // The fenced owner kept nothing: the lock is free for whoever comes.
    const next = await takeDevnetLock(database.pool, 0);
    expect(next).not.toBeNull();
    await next!.release();
  });

  it('is taken again as before when nobody held it between', async () => {
    const first = await takeDevnetLock(database.pool, 0);
    const displaced: Error[] = [];
    const held = renewingDevnetLock(database.pool, first!, { displaced: (error) => displaced.push(error), waitMs: 0 });
    await terminateLockBackend();
    await until(() => first!.lost());
    const client = await held.connection();
    expect((await client.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    expect(displaced).toEqual([]);
    await held.release();
  });
});

describe('an owner displaced by a process that wrote and left while its connection was cut', () => {
  it('steps down at its next write instead of writing over the other owner’s block', async () => {
    const devnetA: Devnet = createDevnet({ clock });
    const keeperA = new DevnetKeeper({ db: database.db, takeoverMs: 60_000 }, devnetA);
    expect(await keeperA.open()).toBe('owner');
    devnetA.mineBlock('btc');
    await devnetA.flush();
    const start = await tableHeight('btc');
    expect(start).toBe(devnetA.chain('btc').height);

    await terminateLockBackend();
    // B takes the devnet (A's session is gone), mines a block of its own, and closes.
    const devnetB: Devnet = createDevnet({ clock });
    const keeperB = new DevnetKeeper({ db: database.db, takeoverMs: 60_000 }, devnetB);
    expect(await keeperB.open()).toBe('owner');
    const blockB = devnetB.mineBlock('btc');
    await devnetB.flush();
    await keeperB.close();
    expect(await tableHeight('btc')).toBe(start + 1);
    const { rows: before } = await database.pool.query<{ hash: string }>(
      'SELECT hash FROM devnet_blocks WHERE chain = $1 AND height = $2',
      ['btc', start + 1],
    );
    expect(before).toEqual([{ hash: blockB.hash }]);

    // A mines from its stale memory: the write finds the lock free but the generation moved.
    devnetA.mineBlock('btc');
    devnetA.mineBlock('btc');
    await expect(devnetA.flush()).rejects.toBeInstanceOf(DevnetRunElsewhereError);
    expect(keeperA.reader()).toBe(true);
    expect(await tableHeight('btc')).toBe(start + 1);
    const { rows: after } = await database.pool.query<{ hash: string }>(
      'SELECT hash FROM devnet_blocks WHERE chain = $1 AND height > $2 ORDER BY height',
      ['btc', start],
    );
    expect(after).toEqual([{ hash: blockB.hash }]);
    // Stepped down, it reads the tables as a reader: B's block is its chain now.
    await until(() => devnetA.chain('btc').height === start + 1);
    await keeperA.close();
  });
});
