// PostgreSQL that stops answering a request's statement (ADR 0071), on the real routes: another
// session holds what the statement needs, as a hung server or a network partition keeps it waiting.
// The request answers 503 with Retry-After once the statement's deadline passes, instead of waiting
// as long as the hang; the pool then serves the next request; a money request whose COMMIT got no
// answer is found out by its Idempotency-Key: undone by the server with its closed connection (the
// retry runs once), or committed later (try again while the COMMIT hangs, then the answer of what
// committed, once); and the ledger's invariants hold.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '@rora/ledger';
import { DEADLINE_MESSAGE } from '../../plugins/errors.ts';
import type { TestApp } from '../../testing/test-app.ts';
import {
  coldMove as coldMoveOf,
  coldMovesOf,
  createWalletCustomer,
  createWalletTestApp,
  fund,
  inject,
  type WalletCustomer,
} from '../wallets/testing/wallet-fixtures.ts';

/** Above KEY_LOCK_WAIT_MS (2 s), as production's 10 s is: a retry's wait for its key row ends first. */
const DEADLINE_MS = 3_000;
/** Generous: a shared two-core machine may be slow, never by a second deadline. */
const SLACK_MS = 2_500;
const HANG_LOCK = 7_100_072;

let t: TestApp;
let alice: WalletCustomer;
let holder: pg.PoolClient | undefined;

beforeAll(async () => {
  t = await createWalletTestApp({ queryDeadlineMs: DEADLINE_MS });
  alice = await createWalletCustomer(t);
  await fund(t, alice, 'eth', '4');
  // Waits, inside whichever transaction fires it, for as long as the test holds HANG_LOCK. With
  // TG_ARGV[0] 'deaf' it stops checking that its client is still there (client.ts), as a server
  // frozen mid-COMMIT does not check before it goes on: its COMMIT then completes when let go.
  await t.database.pool.query(`
    CREATE FUNCTION test_hang() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_ARGV[0] = 'deaf' THEN PERFORM set_config('client_connection_check_interval', '0', true); END IF;
      PERFORM pg_advisory_xact_lock(${HANG_LOCK});
      RETURN NEW;
    END $$`);
});
afterEach(async () => {
  await letGo();
  await t.database.pool.query('DROP TRIGGER IF EXISTS test_hang ON cold_wallet_moves');
  await assertLedgerInvariants(t.database.db);
});
afterAll(() => t.close());

/** Another session holds `statement`'s lock (in a transaction) until `letGo`. */
async function hold(statement: string): Promise<void> {
  holder = await t.database.pool.connect();
  await holder.query('BEGIN');
  await holder.query(statement);
}

async function letGo(): Promise<void> {
  await holder?.query('ROLLBACK');
  holder?.release();
  holder = undefined;
}

async function timed<T>(work: Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = performance.now();
  const answer = await work;
  return { answer, ms: performance.now() - started };
}

function expectDeadline(response: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  expect(JSON.parse(response.body)).toEqual({
    error: { code: 'service_unavailable', message: DEADLINE_MESSAGE },
    data: [{ code: 'service_unavailable', message: DEADLINE_MESSAGE }],
  });
}

const lent = () => t.database.pool.totalCount - t.database.pool.idleCount;

const listWallets = () => inject(t, { user: alice, request: 'GET /wallet' });

const coldMove = (key: string) => coldMoveOf(t, alice, key);
const moves = () => coldMovesOf(t, alice);

describe('a read the database does not answer', () => {
  it('answers 503 with Retry-After after the deadline, and the next request is served', async () => {
    await hold('LOCK TABLE ledger_accounts IN ACCESS EXCLUSIVE MODE');
    const { answer, ms } = await timed(listWallets());
    expectDeadline(answer);
    expect(ms).toBeGreaterThanOrEqual(DEADLINE_MS - 100);
    expect(ms).toBeLessThan(DEADLINE_MS + SLACK_MS);
    await letGo();
    const next = await listWallets();
    expect(next.statusCode, next.body).toBe(200);
    expect(lent()).toBe(0);
  });
});

/** At COMMIT: a deferred constraint trigger runs there, and waits for the lock the test holds. */
async function hangCommits(how: 'checking' | 'deaf'): Promise<void> {
  await t.database.pool.query(`
    CREATE CONSTRAINT TRIGGER test_hang AFTER INSERT ON cold_wallet_moves
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION test_hang('${how}')`);
  await hold(`SELECT pg_advisory_xact_lock(${HANG_LOCK})`);
}

/** Backends of this database waiting for HANG_LOCK, the holder's aside. */
const hanging = async () =>
  (
    await t.database.pool.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND NOT l.granted AND a.datname = current_database()`,
    )
  ).rows[0]!.count;

describe('a money request whose COMMIT the database does not answer', () => {
  it('answers 503; the server ends that COMMIT with its closed connection, and the retry runs the move once', async () => {
    const before = await moves();
    await hangCommits('checking');
    const key = randomUUID();
    const { answer, ms } = await timed(coldMove(key));
    expectDeadline(answer);
    expect(ms).toBeLessThan(DEADLINE_MS + SLACK_MS);
    // The lock is still held: only the closed connection ends that backend, and its transaction.
    for (let tries = 0; (await hanging()) > 0 && tries < 250; tries += 1) await sleep(20);
    expect(await hanging()).toBe(0);
    expect(await moves()).toBe(before);
    await letGo();
    await t.database.pool.query('DROP TRIGGER test_hang ON cold_wallet_moves');
    const retry = await coldMove(key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await moves()).toBe(before + 1);
    const again = await coldMove(key);
    expect([again.statusCode, again.body]).toEqual([200, retry.body]);
  });

  it('answers 503 to a COMMIT that goes through later; its retry is told to try again meanwhile, then gets that move, once', async () => {
    const before = await moves();
    await hangCommits('deaf');
    const key = randomUUID();
    const { answer, ms } = await timed(coldMove(key));
    expectDeadline(answer);
    expect(ms).toBeLessThan(DEADLINE_MS + SLACK_MS);

    // The COMMIT still waits on the server: the retry must neither run the move again nor say it failed.
    // On this process it first marks the key abandoned, on the row the COMMIT holds: try again.
    const during = await timed(coldMove(key));
    expectDeadline(during.answer);
    expect(during.ms).toBeLessThan(DEADLINE_MS + SLACK_MS);
    expect(await moves()).toBe(before);

    // The database answers again: that COMMIT goes through, though its client was gone.
    await letGo();
    for (let tries = 0; (await moves()) === before && tries < 200; tries += 1) await sleep(25);
    expect(await moves()).toBe(before + 1);
    const retry = await coldMove(key);
    expect([retry.statusCode, retry.headers['idempotent-replayed']], retry.body).toEqual([200, 'true']);
    const { rows } = await t.database.pool.query<{ id: string }>(
      'SELECT m.id FROM cold_wallet_moves m JOIN idempotency_keys k ON k.effect_id = m.id WHERE k.idempotency_key = $1',
      [key],
    );
    expect(retry.json().data.move.id).toBe(rows[0]!.id);
    expect(await moves()).toBe(before + 1);
    expect(lent()).toBe(0);
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
