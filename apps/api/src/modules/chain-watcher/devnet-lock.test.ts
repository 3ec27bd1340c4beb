// A reader takes the devnet over only once it has seen the lock free twice in a row: an owner whose
// lock connection was cut takes it again at its next write, and must find no reader in its place.
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnetLockIsFree, lockFreeTwice, takeDevnetLock } from './devnet-lock.ts';

let database: TestDatabase;
let other: TestDatabase;
beforeAll(async () => {
  [database, other] = await Promise.all([createTestDatabase(), createTestDatabase()]);
});
afterAll(async () => {
  await Promise.all([database?.close(), other?.close()]);
});

describe('the devnet lock seen from a reader', () => {
  it('is free only when no session of this database holds it', async () => {
    expect(await devnetLockIsFree(database.pool)).toBe(true);
    const held = await takeDevnetLock(other.pool, 0);
    // Another database's devnet lock is its own.
    expect(await devnetLockIsFree(database.pool)).toBe(true);
    await held?.release();
    const owner = await takeDevnetLock(database.pool, 0);
    expect(owner).not.toBeNull();
    expect(await devnetLockIsFree(database.pool)).toBe(false);
    await owner?.release();
    expect(await devnetLockIsFree(database.pool)).toBe(true);
  });

  it('is taken over only after two tries in a row find it free, not when the owner took it back between', async () => {
    const ownerGone = lockFreeTwice(database.pool);
    const owner = await takeDevnetLock(database.pool, 0);
    expect(await ownerGone()).toBe(false);
    // The owner's connection is cut: the lock is free for a moment, and it takes it again.
    await owner?.release();
    expect(await ownerGone()).toBe(false);
    const back = await takeDevnetLock(database.pool, 0);
    expect(await ownerGone()).toBe(false);
    await back?.release();
    // The owner is gone for good: the second free try in a row says so.
    expect(await ownerGone()).toBe(false);
    expect(await ownerGone()).toBe(true);
  });
});
