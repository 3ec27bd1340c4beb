// A writer's lock is a lease (ADR 0067): a live writer keeps it however long it holds it, and one that
// hangs (here: its event loop blocked, as a stopped process or a frozen host would be) loses it to the
// database after WRITER_LEASE_MS, so another process can take its shard over; the hung writer finds
// its lock gone when it wakes. The holder trusts its lease for WRITER_TRUST_MS after a renewal, by
// its own clock: a stall past that puts the lease in doubt the moment it wakes, before its client
// has read anything, and a renewal then settles it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '@rora/db';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { takeWriterLock, WRITER_LEASE_MS, WRITER_PING_MS, WRITER_TRUST_MS } from './writer-lock.ts';

let database: TestDatabase;
let first: Database;
let second: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  first = connectDatabase(database.url, { max: 2 });
  second = connectDatabase(database.url, { max: 2 });
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  await database?.destroy();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Blocks this thread, timers and sockets included, as a process stopped with SIGSTOP would be. */
function hang(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

describe("the writer lock's lease", () => {
  it('is renewed while its writer runs: held past the lease, and no other process can take it', async () => {
    const lock = (await takeWriterLock(first.pool, 20))!;
    try {
      await pause(WRITER_LEASE_MS + 1_500);
      expect(lock.held()).toBe(true);
      expect(await takeWriterLock(second.pool, 20)).toBeNull();
    } finally {
      await lock.release();
    }
  });

  it('runs out when its writer hangs: another process takes the shard, and the writer knows it lost it', async () => {
    const lock = (await takeWriterLock(first.pool, 21))!;
    hang(WRITER_LEASE_MS + 1_000);
    // At once: its client has not yet read that the server ended the session.
    expect(lock.held()).toBe(false);
    const taken = await takeWriterLock(second.pool, 21);
    try {
      expect(taken).not.toBeNull();
      expect(taken!.pid).not.toBe(lock.pid);
      expect(lock.held()).toBe(false);
      // The woken writer's lock session is gone: a take from it finds the lock held by the other.
      expect(await takeWriterLock(first.pool, 21)).toBeNull();
    } finally {
      await taken?.release();
      await lock.release();
    }
  });

  it('is in doubt after a stall past its margin, and held again once a renewal shows it outlived it', async () => {
    const lock = (await takeWriterLock(first.pool, 22))!;
    try {
      expect(await lock.renew()).toBe(true);
      hang(WRITER_TRUST_MS + 500);
      expect([lock.held(), lock.lost()]).toEqual([false, false]);
      // The session answered: it lasted all along, and the lock with it.
      expect(await lock.renew()).toBe(true);
      expect(lock.held()).toBe(true);
      expect(await takeWriterLock(second.pool, 22)).toBeNull();
    } finally {
      await lock.release();
    }
  });

  it('is held through a stall shorter than its margin', async () => {
    const lock = (await takeWriterLock(first.pool, 23))!;
    try {
      expect(await lock.renew()).toBe(true);
      hang(WRITER_TRUST_MS - WRITER_PING_MS);
      expect(lock.held()).toBe(true);
    } finally {
      await lock.release();
    }
  });

  it('is not held once given back, and a renewal does not bring it back', async () => {
    const lock = (await takeWriterLock(first.pool, 24))!;
    await lock.release();
    expect([lock.held(), lock.lost(), await lock.renew()]).toEqual([false, true, false]);
  });
});
