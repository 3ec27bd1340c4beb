// Keyed money requests that lose their database connection (ADR 0024), on the real routes: the
// session of the request is ended (pg_terminate_backend from a trigger) before the effect commits,
// after it commits, or while the answer is stored, and even the key's release may fail. The retry
// with the same key must get the real outcome (the answer of what committed, or a run of its own,
// once), never a replayed 503 nor a 409 that lasts.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { assertLedgerInvariants } from '@rora/ledger';
import { assetScale, parseAmount } from '@rora/money';
import type { TestApp } from '../testing/test-app.ts';
import {
  TEST_PIN,
  coldMove as coldMoveOf,
  coldMovesOf,
  createWalletCustomer,
  fund,
  postWithKey,
  type WalletCustomer,
} from '../modules/wallets/testing/wallet-fixtures.ts';
import {
  approvedCustomer,
  balances,
  createSwapTestApp,
  getQuote,
  placeSwap,
} from '../modules/swap/testing/swap-fixtures.ts';
import { ABANDONED_OWNER } from './idempotency-owner.ts';

let t: TestApp;
let alice: WalletCustomer;
let bob: WalletCustomer;

beforeAll(async () => {
  t = await createSwapTestApp();
  alice = await createWalletCustomer(t);
  bob = await createWalletCustomer(t);
  await fund(t, alice, 'eth', '4');
  // Ends the session that fires it, at once (pg_sleep takes the termination as soon as it is sent).
  await t.database.pool.query(`
    CREATE FUNCTION test_lose_session() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_terminate_backend(pg_backend_pid());
      PERFORM pg_sleep(5);
      RETURN NEW;
    END $$`);
  await t.database.pool.query(`
    CREATE FUNCTION test_slow_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_sleep(3);
      RETURN NEW;
    END $$`);
});
afterEach(async () => {
  await t.database.pool.query('DROP TRIGGER IF EXISTS test_fault ON cold_wallet_moves');
  await t.database.pool.query('DROP TRIGGER IF EXISTS test_fault ON notifications');
  await t.database.pool.query('DROP TRIGGER IF EXISTS test_fault ON wallet_sends');
  await t.database.pool.query('DROP TRIGGER IF EXISTS test_fault ON swaps');
  await t.database.pool.query('DROP TRIGGER IF EXISTS test_fault ON idempotency_keys');
  await assertLedgerInvariants(t.database.db);
});
afterAll(() => t.close());

/** Ends the session of whichever statement writes `table` (as `when` says) until `healed`. */
async function loseSessionOn(table: string, options: { when?: string; event?: 'INSERT' | 'UPDATE' } = {}) {
  const when = options.when ? `WHEN (${options.when})` : '';
  await t.database.pool.query(
    `CREATE TRIGGER test_fault BEFORE ${options.event ?? 'INSERT'} ON ${table} FOR EACH ROW ${when}
     EXECUTE FUNCTION test_lose_session()`,
  );
  return () => t.database.pool.query(`DROP TRIGGER test_fault ON ${table}`);
}

/** The statements that store a key's answer or release it, not the bind of its effect. */
const storeOrRelease = { event: 'UPDATE', when: 'NEW.effect_id IS NOT DISTINCT FROM OLD.effect_id' } as const;

const coldMove = (key: string) => coldMoveOf(t, alice, key);
const moves = () => coldMovesOf(t, alice);
const keyRow = async (userId: string, key: string) =>
  (
    await t.database.pool.query<{ owner_id: string | null; response_status: number | null }>(
      'SELECT owner_id, response_status FROM idempotency_keys WHERE user_id = $1 AND idempotency_key = $2',
      [userId, key],
    )
  ).rows[0];

function expectTryAgain(response: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.headers['retry-after']).toBeDefined();
  expect(JSON.parse(response.body)).toMatchObject({ error: { code: 'service_unavailable' } });
}

describe('a cold move whose database session is lost', () => {
  it('before its effect commits: answers 503, and the retry runs once instead of replaying it', async () => {
    const key = randomUUID();
    const before = await moves();
    const heal = await loseSessionOn('cold_wallet_moves');
    expectTryAgain(await coldMove(key));
    expect(await moves()).toBe(before);
    await heal();
    const retry = await coldMove(key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await moves()).toBe(before + 1);
    const again = await coldMove(key);
    expect([again.statusCode, again.body]).toEqual([200, retry.body]);
  });

  it('after its effect commits: the retry gets the move that committed, not a stored 503', async () => {
    const key = randomUUID();
    const before = await moves();
    const heal = await loseSessionOn('notifications');
    expectTryAgain(await coldMove(key));
    await heal();
    expect(await moves()).toBe(before + 1);
    const retry = await coldMove(key);
    expect([retry.statusCode, retry.headers['idempotent-replayed']], retry.body).toEqual([200, 'true']);
    const { rows } = await t.database.pool.query<{ id: string }>(
      'SELECT m.id FROM cold_wallet_moves m JOIN idempotency_keys k ON k.effect_id = m.id WHERE k.idempotency_key = $1',
      [key],
    );
    expect(retry.json().data.move.id).toBe(rows[0]!.id);
    expect(await moves()).toBe(before + 1);
  });

  it('while its answer is stored, and its key cannot be released either: the retry resolves once the database answers', async () => {
    const key = randomUUID();
    const before = await moves();
    const heal = await loseSessionOn('idempotency_keys', storeOrRelease);
    const first = await coldMove(key);
    // The answer is what happened; only its record is missing.
    expect(first.statusCode, first.body).toBe(200);
    expect(await keyRow(alice.userId, key)).toMatchObject({ response_status: null });
    await heal();
    const retry = await coldMove(key);
    expect([retry.statusCode, retry.headers['idempotent-replayed']], retry.body).toEqual([200, 'true']);
    expect(retry.json().data.move).toEqual(first.json().data.move);
    expect(await moves()).toBe(before + 1);
  });

  it('leaves no key in flight for other processes: it is released as soon as another write succeeds', async () => {
    const key = randomUUID();
    const heal = await loseSessionOn('idempotency_keys', storeOrRelease);
    expect((await coldMove(key)).statusCode).toBe(200);
    expect(await keyRow(alice.userId, key)).toMatchObject({ response_status: null });
    await heal();
    expect((await coldMove(randomUUID())).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await keyRow(alice.userId, key))?.owner_id).toBe(ABANDONED_OWNER));
  });

  it('does not hold the next claimed request while that release is slow (a database frozen meanwhile)', async () => {
    const key = randomUUID();
    const heal = await loseSessionOn('idempotency_keys', storeOrRelease);
    expect((await coldMove(key)).statusCode).toBe(200);
    await heal();
    // The release waits 3 s, as on a database that stopped answering right after the next claim.
    await t.database.pool.query(
      `CREATE TRIGGER test_fault BEFORE UPDATE ON idempotency_keys FOR EACH ROW
       WHEN (NEW.owner_id = '${ABANDONED_OWNER}'::uuid) EXECUTE FUNCTION test_slow_write()`,
    );
    const started = performance.now();
    expect((await coldMove(randomUUID())).statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(2_000);
    await vi.waitFor(async () => expect((await keyRow(alice.userId, key))?.owner_id).toBe(ABANDONED_OWNER), {
      timeout: 5_000,
    });
  });
});

describe('an answer whose storing fails while the database hangs', () => {
  it('is sent after its abandoning has waited 1 s, not for that write to end too', async () => {
    // The answer's storing loses its session (as it passes its deadline); the abandoning after it
    // takes 4 s, as on a database that stays frozen (there: a second deadline, 10 s).
    await t.database.pool.query(`
      CREATE FUNCTION test_lose_then_slow() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.response_status IS NOT NULL THEN
          PERFORM pg_terminate_backend(pg_backend_pid());
          PERFORM pg_sleep(5);
        END IF;
        PERFORM pg_sleep(4);
        RETURN NEW;
      END $$`);
    await t.database.pool.query(
      `CREATE TRIGGER test_fault BEFORE UPDATE ON idempotency_keys FOR EACH ROW
       WHEN (NEW.response_status IS NOT NULL OR NEW.owner_id = '${ABANDONED_OWNER}'::uuid)
       EXECUTE FUNCTION test_lose_then_slow()`,
    );
    const key = randomUUID();
    const first = await coldMove(key);
    expect(first.statusCode, first.body).toBe(200);
    // Sent while the abandoning's 4 s write still runs (a bound of 3 s on the answer's time measured
    // the machine's load too: the move's PIN check alone took seconds on a busy one).
    expect((await keyRow(alice.userId, key))?.owner_id).not.toBe(ABANDONED_OWNER);
    // The abandoning goes on, and ends.
    await vi.waitFor(async () => expect((await keyRow(alice.userId, key))?.owner_id).toBe(ABANDONED_OWNER), {
      timeout: 8_000,
    });
  });
});

/**
 * Retries `key`'s cold move while another session holds `stuck`'s row, as a database that stopped
 * answering that key's abandoning does: the retry must answer `first`'s move, within moments.
 */
async function retryBeside(stuck: string, key: string, first: { json: () => { data: { move: unknown } } }) {
  const holder = await t.database.pool.connect();
  try {
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM idempotency_keys WHERE idempotency_key = $1 FOR UPDATE', [stuck]);
    const started = performance.now();
    const retry = await coldMove(key);
    expect([retry.statusCode, retry.headers['idempotent-replayed']], retry.body).toEqual([200, 'true']);
    expect(retry.json().data.move).toEqual(first.json().data.move);
    expect(performance.now() - started).toBeLessThan(1_500);
  } finally {
    await holder.query('ROLLBACK');
    holder.release();
  }
}

describe('a retry while another key waits to be abandoned', () => {
  it('is answered from its own key at once, not after that abandoning meets a hang', async () => {
    await fund(t, alice, 'eth', '4');
    const key = randomUUID();
    const first = await coldMove(key);
    expect(first.statusCode, first.body).toBe(200);
    const stuck = randomUUID();
    const heal = await loseSessionOn('idempotency_keys', storeOrRelease);
    expect((await coldMove(stuck)).statusCode).toBe(200);
    await heal();
    await retryBeside(stuck, key, first);
    // The next claim that succeeds abandons it.
    expect((await coldMove(randomUUID())).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await keyRow(alice.userId, stuck))?.owner_id).toBe(ABANDONED_OWNER), {
      timeout: 5_000,
    });
  });

  it('whose own key waits too, is resolved from it, not held up by the other', async () => {
    await fund(t, alice, 'eth', '4');
    const before = await moves();
    const heal = await loseSessionOn('idempotency_keys', storeOrRelease);
    const stuck = randomUUID();
    const key = randomUUID();
    expect((await coldMove(stuck)).statusCode).toBe(200);
    const first = await coldMove(key);
    expect(first.statusCode, first.body).toBe(200);
    await heal();
    await retryBeside(stuck, key, first);
    expect(await moves()).toBe(before + 2);
  });
});

describe('a send whose database session is lost after its hold committed', () => {
  it('answers 503; the retry voids the unapproved hold and sends once', async () => {
    const key = randomUUID();
    const body = {
      walletId: alice.wallet('eth').id,
      address: bob.wallet('eth').address,
      amount: '0.25',
      pin: TEST_PIN,
    };
    const send = () =>
      postWithKey(t, { user: alice, url: '/wallet/sendTransaction', body: { ...body, priority: 'fast' }, key });
    const { available } = await balances(t, alice.userId, 'ETH');
    const heal = await loseSessionOn('wallet_sends', {
      event: 'UPDATE',
      when: 'OLD.approved_at IS NULL AND NEW.approved_at IS NOT NULL',
    });
    expectTryAgain(await send());
    await heal();
    const retry = await send();
    expect(retry.statusCode, retry.body).toBe(200);
    expect((await send()).body).toBe(retry.body);
    const { rows } = await t.database.pool.query<{ status: string }>(
      'SELECT status FROM wallet_sends WHERE user_id = $1 ORDER BY created_at',
      [alice.userId],
    );
    expect(rows.map((row) => row.status)).toEqual(['voided', 'posted']);
    expect((await balances(t, alice.userId, 'ETH')).available).toBe(available - parseAmount('0.25', assetScale('ETH')));
  });
});

describe('a swap whose database session is lost', () => {
  it('before it commits: answers 503, and the retry places it once', async () => {
    const user = await approvedCustomer(t, { BTC: '1' });
    const quote = await getQuote(t, user, { from: 'BTC', to: 'ETH', quantity: '0.1' });
    const key = randomUUID();
    const heal = await loseSessionOn('swaps');
    expectTryAgain(await placeSwap(t, user, { quoteId: quote.id }, key));
    await heal();
    const retry = await placeSwap(t, user, { quoteId: quote.id }, key);
    expect(retry.statusCode, retry.body).toBe(201);
    expect((await balances(t, user.userId, 'BTC')).held).toBe(10_000_000n);
  });

  it('while its answer is stored: the retry gets the swap that committed', async () => {
    const user = await approvedCustomer(t, { BTC: '1' });
    const quote = await getQuote(t, user, { from: 'BTC', to: 'ETH', quantity: '0.1' });
    const key = randomUUID();
    const heal = await loseSessionOn('idempotency_keys', storeOrRelease);
    const first = await placeSwap(t, user, { quoteId: quote.id }, key);
    expect(first.statusCode, first.body).toBe(201);
    await heal();
    const retry = await placeSwap(t, user, { quoteId: quote.id }, key);
    expect([retry.statusCode, retry.headers['idempotent-replayed']], retry.body).toEqual([201, 'true']);
    expect(retry.json().data.id).toBe(first.json().data.id);
    expect((await balances(t, user.userId, 'BTC')).held).toBe(10_000_000n);
  });
});
