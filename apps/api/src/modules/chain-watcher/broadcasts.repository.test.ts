// XRP sequences in chain_broadcasts (ADR 0040): kept in 0091's (nonce_scope, nonce) columns, so the
// unique index that guards EVM nonces guards them too. A live transaction's sequence is never given
// to another; one that expired unseen gives it up; a re-signed transaction on its own sequence is an
// update of its own record, and one on a new sequence collides with nothing.
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import type { NonceStore, StoredBroadcast } from '@rora/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock.ts';
import { createBroadcastStore } from './broadcasts.repository.ts';

const SCOPE = 'xrp:rHotWalletAddressOfThisTest';

const signed = (id: string, nonce: number, validUntil: number, txid = `${id}-${nonce}`): StoredBroadcast => ({
  network: 'xrp',
  id,
  fingerprint: `["rDestination","1000000",null]`,
  txid,
  raw: `raw-${txid}`,
  to: 'rDestination',
  amount: 1_000_000n,
  fee: 12n,
  nonceScope: SCOPE,
  nonce,
  validUntil,
});

describe('XRP sequences in the broadcast store', () => {
  let database: TestDatabase;
  let store: NonceStore;
  const holders = async (nonce: number) =>
    (
      await database.db.execute<{ id: string }>(
        sql`SELECT id FROM chain_broadcasts WHERE nonce_scope = ${SCOPE} AND nonce = ${nonce} ORDER BY id`,
      )
    ).rows.map((row) => row.id);

  beforeAll(async () => {
    database = await createTestDatabase();
    store = createBroadcastStore(database.db, systemClock);
  });
  afterAll(async () => database.destroy());

  it('refuses a second live transaction on a sequence, with or without a validated height', async () => {
    await store.save(signed('live-a', 10, 120), { validatedHeight: 100 });
    await expect(store.save(signed('live-b', 10, 125), { validatedHeight: 105 })).rejects.toThrow();
    await expect(store.save(signed('live-c', 10, 125))).rejects.toThrow();
    expect(await holders(10)).toEqual(['live-a']);
    expect(await store.find('xrp', 'live-b')).toBeNull();
  });

  it('gives the sequence of a transaction that expired unseen to the next one, keeping its record', async () => {
    await store.save(signed('expired-a', 20, 200), { validatedHeight: 180 });
    await store.save(signed('expired-b', 20, 220), { validatedHeight: 200 });
    expect(await holders(20)).toEqual(['expired-b']);
    const old = await store.find('xrp', 'expired-a');
    expect(old).toMatchObject({ txid: 'expired-a-20', validUntil: 200 });
    expect(old?.nonce).toBeUndefined();
    expect(old?.nonceScope).toBeUndefined();
  });

  it('replaces an expired transaction on the same sequence as an update of its own record', async () => {
    const first = signed('same', 30, 300);
    await store.save(first, { validatedHeight: 280 });
    const again = signed('same', 30, 320, 'same-30-again');
    expect(await store.replace(first, again, { validatedHeight: 300 })).toBe(true);
    expect(await holders(30)).toEqual(['same']);
    expect(await store.find('xrp', 'same')).toMatchObject({ txid: 'same-30-again', nonce: 30, validUntil: 320 });
    // The first is no longer stored: a second replacement of it changes nothing.
    expect(await store.replace(first, signed('same', 31, 330, 'same-31'), { validatedHeight: 300 })).toBe(false);
  });

  it('replaces an expired transaction on a new sequence without colliding, freeing only expired holders', async () => {
    const first = signed('moved', 40, 400);
    await store.save(first, { validatedHeight: 380 });
    expect(await store.replace(first, signed('moved', 41, 420), { validatedHeight: 400 })).toBe(true);
    expect(await holders(40)).toEqual([]);
    expect(await holders(41)).toEqual(['moved']);
    // Onto a sequence an expired transaction of another id holds: it gives the sequence up.
    await store.save(signed('stale', 42, 405), { validatedHeight: 390 });
    const moved = (await store.find('xrp', 'moved'))!;
    expect(await store.replace(moved, signed('moved', 42, 430), { validatedHeight: 410 })).toBe(true);
    expect(await holders(42)).toEqual(['moved']);
    // Onto one a live transaction holds: refused, and nothing changed.
    await store.save(signed('fresh', 43, 440), { validatedHeight: 410 });
    const current = (await store.find('xrp', 'moved'))!;
    await expect(store.replace(current, signed('moved', 43, 450), { validatedHeight: 420 })).rejects.toThrow();
    expect(await holders(43)).toEqual(['fresh']);
    expect(await store.find('xrp', 'moved')).toMatchObject({ nonce: 42, txid: current.txid });
  });
});
