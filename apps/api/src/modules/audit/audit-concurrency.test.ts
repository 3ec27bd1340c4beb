// A snapshot taken while 50 clients trade, send, withdraw, stake and deposit equals the ledger at its
// position, on real PostgreSQL: every customer's leaves add up, per asset, to the replay of exactly
// the transfers the snapshot's PostgreSQL snapshot saw, and the published totals to their sum.
// Transfers committed after the position (which the snapshot must not count) are proven to exist.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants, createLedger, isLedgerError, type LedgerOp } from '@rora/ledger';
import { createTestCustomer, fundCustomer } from '@rora/ledger/testing';
import type { AssetSymbol } from '@rora/money';
import { Prng } from '../../testing/prng.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const CLIENTS = 50;
const seed = Number(process.env.TEST_SEED ?? Date.now() % 1_000_000);
const ledger = createLedger();
let t: TestApp;
let customers: string[];

beforeAll(async () => {
  t = await createTestApp();
  customers = [];
  for (let i = 0; i < CLIENTS; i += 1) {
    const owner = await createTestCustomer(t.database.db);
    await fundCustomer(t.database.db, { owner, asset: 'BTC', amount: 100_000_000n });
    await fundCustomer(t.database.db, { owner, asset: 'USDT', amount: 50_000_000_000n });
    customers.push(owner);
  }
});
afterAll(() => t?.close());

type Random = Prng;

/** One client's next operation: a trade, a send, a withdrawal, a stake or a deposit. */
function nextOps(random: Random, me: string): LedgerOp[] {
  const peer = customers[random.below(CLIENTS)] as string;
  const amount = BigInt(1 + random.below(50_000));
  const asset: AssetSymbol = random.below(2) === 0 ? 'BTC' : 'USDT';
  const other: AssetSymbol = asset === 'BTC' ? 'USDT' : 'BTC';
  const [a, b] = [randomUUID(), randomUUID()];
  switch (random.below(5)) {
    case 0: // a trade: both sides held, then each hold posted to the other side
      if (peer === me) return [];
      return [
        { op: 'hold', id: a, owner: me, asset, amount, code: 'order_hold' },
        { op: 'hold', id: b, owner: peer, asset: other, amount: amount * 3n, code: 'order_hold' },
        { op: 'post', id: randomUUID(), holdId: a, credit: { owner: peer, kind: 'available' }, amount, code: 'trade' },
        {
          op: 'post',
          id: randomUUID(),
          holdId: b,
          credit: { owner: me, kind: 'available' },
          amount: amount * 3n,
          code: 'trade',
        },
      ];
    case 1:
      if (peer === me) return [];
      return [
        {
          op: 'transfer',
          id: a,
          asset,
          amount,
          code: 'internal_transfer',
          debit: { owner: me, kind: 'available' },
          credit: { owner: peer, kind: 'available' },
        },
      ];
    case 2: // a send out: held, then posted to the outside world
      return [
        { op: 'hold', id: a, owner: me, asset, amount, code: 'withdrawal_hold' },
        { op: 'post', id: b, holdId: a, credit: { system: 'external_world' }, amount, code: 'withdrawal' },
      ];
    case 3:
      return [
        {
          op: 'transfer',
          id: a,
          asset,
          amount,
          code: 'stake',
          debit: { owner: me, kind: 'available' },
          credit: { owner: me, kind: 'staked' },
        },
      ];
    default:
      return [
        {
          op: 'transfer',
          id: a,
          asset,
          amount,
          code: 'deposit',
          debit: { system: 'external_world' },
          credit: { owner: me, kind: 'available' },
        },
      ];
  }
}

async function client(index: number, stop: { now: boolean }, done: { count: number }): Promise<void> {
  const random = new Prng(seed + index);
  const me = customers[index] as string;
  while (!stop.now) {
    const ops = nextOps(random, me);
    if (ops.length === 0) continue;
    try {
      await t.database.db.transaction((tx) => ledger.apply(tx, ops));
      done.count += 1;
    } catch (error) {
      if (!isLedgerError(error)) throw error;
    }
  }
}

/** Per owner and asset: the balance replayed from the transfers visible in `pgSnapshot`. */
async function replayAt(pgSnapshot: string): Promise<Map<string, bigint>> {
  const { rows } = await t.database.pool.query<{ owner: string; asset: string; balance: string }>(
    `WITH visible AS (
       SELECT debit_account_id, credit_account_id, amount FROM ledger_transfers
        WHERE pg_visible_in_snapshot(xmin::text::xid8, $1::pg_snapshot))
     SELECT a.owner_id::text AS owner, a.asset,
            sum(CASE WHEN v.credit_account_id = a.id THEN v.amount ELSE -v.amount END)::text AS balance
       FROM ledger_accounts a JOIN visible v ON a.id IN (v.debit_account_id, v.credit_account_id)
      WHERE a.owner_id IS NOT NULL GROUP BY a.owner_id, a.asset`,
    [pgSnapshot],
  );
  return new Map(rows.map((row) => [`${row.owner}|${row.asset}`, BigInt(row.balance)]));
}

describe(`a snapshot under concurrent writes (seed ${seed}, replay with TEST_SEED)`, () => {
  it('equals the ledger replayed at its position, while 50 clients keep committing', async () => {
    const stop = { now: false };
    const done = { count: 0 };
    const clients = Array.from({ length: CLIENTS }, (_, index) => client(index, stop, done));
    while (done.count < 200) await new Promise((resolve) => setTimeout(resolve, 10));
    const snapshot = await t.app.services.audit.snapshot({ chunkLevel: 3 }).finally(async () => {
      const afterSnapshot = done.count;
      while (done.count < afterSnapshot + 100) await new Promise((resolve) => setTimeout(resolve, 10));
      stop.now = true;
      await Promise.all(clients);
    });

    const { rows } = await t.database.pool.query<{ pg_snapshot: string; assets: string[]; root_sums: string[] }>(
      'SELECT pg_snapshot, assets, root_sums::text[] FROM audit_snapshots WHERE id = $1',
      [snapshot.id],
    );
    const { pg_snapshot: pgSnapshot, assets, root_sums: rootSums } = rows[0]!;
    const replayed = await replayAt(pgSnapshot);
    const leaves = await t.database.pool.query<{ owner: string; amounts: string }>(
      'SELECT owner_id::text AS owner, amounts FROM audit_leaves WHERE snapshot_id = $1',
      [snapshot.id],
    );
    const fromLeaves = new Map<string, bigint>();
    for (const leaf of leaves.rows) {
      leaf.amounts.split(',').forEach((amount, asset) => {
        const key = `${leaf.owner}|${assets[asset]}`;
        fromLeaves.set(key, (fromLeaves.get(key) ?? 0n) + BigInt(amount));
      });
    }
    const nonZero = (map: Map<string, bigint>) => new Map([...map].filter(([, value]) => value !== 0n));
    expect(nonZero(fromLeaves)).toEqual(nonZero(replayed));
    assets.forEach((asset, index) => {
      const total = [...replayed].filter(([key]) => key.endsWith(`|${asset}`)).reduce((sum, [, v]) => sum + v, 0n);
      expect(BigInt(rootSums[index]!), asset).toBe(total);
    });

    // The clients really wrote past the position: transfers the snapshot must not (and did not) count.
    const unseen = await t.database.pool.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM ledger_transfers WHERE NOT pg_visible_in_snapshot(xmin::text::xid8, $1::pg_snapshot)',
      [pgSnapshot],
    );
    expect(Number(unseen.rows[0]!.n)).toBeGreaterThan(0);
    expect(snapshot.customerCount).toBe(CLIENTS);
    await assertLedgerInvariants(t.database.db);
  });
});
