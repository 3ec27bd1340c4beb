// Abandoning a claim whose INSERT got no answer (idempotency-store.ts), on real PostgreSQL, in each
// order the two statements can reach the server: the INSERT committed before, commits after (it was
// still waiting in the server's queue), or never does; never a key another claim holds, nor a row
// for a customer gone. The INSERT in progress meanwhile is in idempotency-late-claim.test.ts.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { ABANDONED_OWNER } from './idempotency-owner.ts';
import { createIdempotencyStore, type IdempotencyRequest, type IdempotencyStore } from './idempotency-store.ts';

let database: TestDatabase;
let store: IdempotencyStore;
let userId: string;
const OWNER = randomUUID();

beforeAll(async () => {
  database = await createTestDatabase();
  store = createIdempotencyStore(database.db, OWNER);
  const { rows } = await database.pool.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, kyc_status) VALUES ('abandon@example.com', 'x', 'approved') RETURNING id`,
  );
  userId = rows[0]!.id;
});
afterAll(async () => database?.destroy());

function attempt(key: string, user = userId): IdempotencyRequest {
  return {
    id: randomUUID(),
    userId: user,
    key,
    method: 'POST',
    path: '/api/v1/coldwallet',
    requestHash: createHash('sha256').update(key).digest(),
    now: new Date(),
  };
}

async function rowsOf(key: string) {
  const { rows } = await database.pool.query<{ id: string; owner_id: string }>(
    'SELECT id, owner_id FROM idempotency_keys WHERE idempotency_key = $1',
    [key],
  );
  return rows;
}

describe('abandoning a claim whose INSERT got no answer', () => {
  it('gives up the row when that INSERT had committed, not a key another claim holds nor a customer gone', async () => {
    const claim = attempt(randomUUID());
    expect(await store.claim(claim)).toBe(claim.id);
    const taken = randomUUID();
    const [lost, holder] = [attempt(taken), attempt(taken)];
    expect(await store.claim(holder)).toBe(holder.id);
    const ghost = attempt(randomUUID(), randomUUID());
    await store.abandon([], [claim, lost, ghost]);
    expect(await rowsOf(claim.key)).toEqual([{ id: claim.id, owner_id: ABANDONED_OWNER }]);
    expect(await rowsOf(taken)).toEqual([{ id: holder.id, owner_id: OWNER }]);
    expect(await rowsOf(ghost.key)).toEqual([]);
  });

  it('leaves no key to this process when that INSERT lands after it', async () => {
    const claim = attempt(randomUUID());
    await store.abandon([], [claim]);
    // The INSERT the server read late finds the key taken: it claims nothing.
    expect(await store.claim(claim)).toBeNull();
    expect(await rowsOf(claim.key)).toEqual([{ id: claim.id, owner_id: ABANDONED_OWNER }]);
  });

  it('takes two attempts at one free key in one write, and neither INSERT claims it later', async () => {
    const key = randomUUID();
    const [first, second] = [attempt(key), attempt(key)];
    await store.abandon([], [first, second]);
    expect(await rowsOf(key)).toEqual([{ id: first.id, owner_id: ABANDONED_OWNER }]);
    expect([await store.claim(second), await store.claim(first)]).toEqual([null, null]);
  });
});
