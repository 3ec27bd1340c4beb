// The audit of reserves on the real app and database: a snapshot after real devnet deposits, its
// totals equal to the ledger's liabilities, reserves read from the devnet with ownership messages
// that verify, each customer's proof verifying in WebCrypto and holding only their own leaves, 404s
// for a snapshot that does not exist and a customer with no leaf, and the public file rebuilding
// the published root.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyMessage, NETWORKS, type NetworkId } from '@rora/chains';
import type { AuditProof, AuditSnapshot, AuditSnapshotDetail } from '@rora/contracts';
import { assertLedgerInvariants } from '@rora/ledger';
import { buildLevels, verifyProof } from '@rora/reserves';
import type { TestApp } from '../../testing/test-app.ts';
import {
  call,
  createWalletCustomer,
  createWalletTestApp,
  fund,
  type WalletCustomer,
} from '../wallets/testing/wallet-fixtures.ts';
import type { ReserveSource } from './reserve-source.ts';
import { createLeavesTable, leavesTable } from './snapshot-writes.ts';
import { sha256Hex, takeSnapshot } from './take-snapshot.ts';

let t: TestApp;
let alice: WalletCustomer;
let bob: WalletCustomer;
let carol: WalletCustomer;
let snapshotId: string;

beforeAll(async () => {
  t = await createWalletTestApp();
  [alice, bob, carol] = [await createWalletCustomer(t), await createWalletCustomer(t), await createWalletCustomer(t)];
  await fund(t, alice, 'btc', '0.5');
  await fund(t, alice, 'eth', '4');
  await fund(t, alice, 'usdt-erc20', '250');
  await fund(t, carol, 'sol', '12');
  // A small chunk level, so proofs read stored upper nodes as well as rebuilt chunks.
  snapshotId = (await t.app.services.audit.snapshot({ chunkLevel: 1 })).id;
});
afterEach(async () => assertLedgerInvariants(t.database.db));
afterAll(() => t?.close());

const data = async <T>(user: WalletCustomer | null, request: string): Promise<T> => {
  const response = await call(t, user, request);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: T }).data;
};

async function ledgerLiabilities(): Promise<Map<string, bigint>> {
  const { rows } = await t.database.pool.query<{ asset: string; total: string }>(
    'SELECT asset, sum(balance)::text AS total FROM ledger_accounts WHERE owner_id IS NOT NULL GROUP BY asset',
  );
  return new Map(rows.map((row) => [row.asset, BigInt(row.total)]));
}

describe('audit snapshots', () => {
  it('publishes per-asset liabilities equal to the ledger, with reserves and coverage', async () => {
    const { items: snapshots } = await data<{ items: AuditSnapshot[] }>(null, 'GET /audit/snapshots');
    expect(snapshots.map((snapshot) => snapshot.id)).toEqual([snapshotId]);
    const [snapshot] = snapshots as [AuditSnapshot];
    expect(snapshot.customerCount).toBe(2);
    expect(snapshot.leafCount).toBe(6);
    const ledger = await ledgerLiabilities();
    for (const asset of snapshot.assets) expect(BigInt(asset.liabilitiesMinor)).toBe(ledger.get(asset.asset));
    const btc = snapshot.assets.find((asset) => asset.asset === 'BTC');
    expect(btc).toMatchObject({ liabilities: '0.5', liabilitiesMinor: '50000000' });
    // The devnet's hot wallet holds its funding and Alice's deposit address holds her coins.
    expect(BigInt(btc?.reservesMinor ?? 0)).toBeGreaterThan(50_000_000n);
    expect(btc?.coverageBps).toBe(Number((BigInt(btc?.reservesMinor ?? 0) * 10_000n) / 50_000_000n));
  });

  it('signs an ownership message for every reserve address, each checking against its address', async () => {
    const detail = await data<AuditSnapshotDetail>(null, `GET /audit/snapshots/${snapshotId}`);
    const deposit = detail.reserves.find((reserve) => reserve.address === alice.wallet('btc').address);
    expect(deposit).toMatchObject({ role: 'deposit', balance: '50000000', scheme: 'bip322-simple' });
    expect(new Set(detail.reserves.map((reserve) => reserve.scheme))).toEqual(
      new Set(['bip322-simple', 'eip191', 'xrp-secp256k1', 'solana-ed25519']),
    );
    for (const reserve of detail.reserves) {
      const chain = NETWORKS[reserve.network as NetworkId].chain;
      expect(reserve.message).toContain(detail.rootHash);
      expect(verifyMessage({ chain, ...reserve }), `${reserve.network} ${reserve.address}`).toBe(true);
      expect(verifyMessage({ chain, ...reserve, message: reserve.message.replace('Rora', 'Roar') })).toBe(false);
    }
  });

  it('gives each customer their own proof, which verifies and adds up to their balances', async () => {
    const proof = await data<AuditProof>(alice, `GET /audit/snapshots/${snapshotId}/proof`);
    expect(proof.customerId).toBe(alice.userId);
    expect(proof.leaves).toHaveLength(3);
    const balance = (asset: string) => proof.balances[proof.snapshot.assets.indexOf(asset)];
    expect([balance('BTC'), balance('ETH'), balance('USDT'), balance('SOL')]).toEqual([
      '50000000',
      '4000000000000000000',
      '250000000',
      '0',
    ]);
    const result = await verifyProof(proof);
    expect(result.failure).toBeNull();
    expect(result.ok).toBe(true);

    const theirs = await data<AuditProof>(carol, `GET /audit/snapshots/${snapshotId}/proof`);
    expect(theirs.customerId).toBe(carol.userId);
    expect(theirs.nonce).not.toBe(proof.nonce);
    const positions = new Set(proof.leaves.map((leaf) => leaf.position));
    expect(theirs.leaves.some((leaf) => positions.has(leaf.position))).toBe(false);
    expect((await verifyProof(theirs)).ok).toBe(true);
  });

  it('answers 404 for a customer with no leaf, a snapshot that does not exist, and 401 signed out', async () => {
    for (const [user, path] of [
      [bob, `/audit/snapshots/${snapshotId}/proof`],
      [alice, `/audit/snapshots/${randomUUID()}/proof`],
      [alice, '/audit/snapshots/not-a-uuid/proof'],
      [null, `/audit/snapshots/${randomUUID()}`],
      [null, `/audit/snapshots/${randomUUID()}/liabilities`],
    ] as const) {
      const response = await call(t, user, `GET ${path}`);
      expect(response.statusCode, `${path}: ${response.body}`).toBe(404);
      expect(response.json().error.code).toBe('resource_not_found');
    }
    const anonymous = await call(t, null, `GET /audit/snapshots/${snapshotId}/proof`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('authentication_required');
  });

  it('serves a public liabilities file that rebuilds the root and names nobody', async () => {
    const response = await call(t, null, `GET /audit/snapshots/${snapshotId}/liabilities`);
    expect(response.statusCode).toBe(200);
    const [header, ...leaves] = response.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(header).toMatchObject({ format: 'rora-liabilities/v1', snapshotId, leafCount: 6 });
    expect(leaves.map((leaf) => leaf.position)).toEqual([0, 1, 2, 3, 4, 5]);
    const levels = buildLevels(
      sha256Hex,
      leaves.map((leaf) => ({ hash: leaf.hash, sums: (leaf.sums as string[]).map(BigInt) })),
    );
    const root = levels.at(-1)?.[0];
    expect(root?.hash).toBe(header.root.hash);
    expect(root?.sums.map(String)).toEqual(header.root.sums);
    for (const customer of [alice, bob, carol]) expect(response.body).not.toContain(customer.userId);
  });

  it('passes the command-line verifier, signatures included, and fails it once tampered', async () => {
    const proof = await data<AuditProof>(alice, `GET /audit/snapshots/${snapshotId}/proof`);
    const folder = await mkdtemp(path.join(tmpdir(), 'rora-proof-'));
    const good = path.join(folder, 'proof.json');
    await writeFile(good, JSON.stringify(proof));
    const run = promisify(execFile);
    const verifier = ['tsx', 'packages/reserves/src/verify.ts'];
    const published = path.join(folder, 'snapshot.json');
    await writeFile(
      published,
      JSON.stringify({ data: await data<AuditSnapshotDetail>(null, `GET /audit/snapshots/${snapshotId}`) }),
    );
    const { stdout } = await run('npx', [...verifier, good, published]);
    expect(stdout).toContain('your balances are included in the published root');
    expect(stdout).not.toContain('FAIL');
    // Without the published snapshot the file only agrees with itself: said, and not a pass.
    const alone = await run('npx', [...verifier, good]).then(
      () => null,
      (error: { code: number; stdout: string }) => error,
    );
    expect(alone?.code).toBe(1);
    expect(alone?.stdout).toContain('Liabilities: NOT checked against a published snapshot');
    expect(alone?.stdout).not.toContain('FAIL');

    const tampered = structuredClone(proof);
    tampered.leaves[0]!.amounts[0] = String(BigInt(tampered.leaves[0]!.amounts[0]!) + 1n);
    tampered.balances[0] = String(BigInt(tampered.balances[0]!) + 1n);
    const bad = path.join(folder, 'tampered.json');
    await writeFile(bad, JSON.stringify(tampered));
    const failed = await run('npx', [...verifier, bad]).then(
      () => null,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toMatch(/FAIL root leaf 0 .*root_hash_mismatch/);
  });

  it('fails the command-line verifier on a proof relabelled to another snapshot, naming the check', async () => {
    const proof = await data<AuditProof>(alice, `GET /audit/snapshots/${snapshotId}/proof`);
    const published = await data<AuditSnapshotDetail>(null, `GET /audit/snapshots/${snapshotId}`);
    const folder = await mkdtemp(path.join(tmpdir(), 'rora-proof-'));
    const write = async (name: string, json: unknown) => {
      const file = path.join(folder, name);
      await writeFile(file, JSON.stringify(json));
      return file;
    };
    const good = await write('proof.json', proof);
    const snapshot = await write('snapshot.json', { data: published });
    // Another snapshot's id and the next day: the root, and so every hash of the walk, is unchanged.
    const relabelled = await write('relabelled.json', {
      ...proof,
      snapshot: {
        ...proof.snapshot,
        id: randomUUID(),
        takenAt: new Date(Date.parse(proof.snapshot.takenAt) + 86_400_000).toISOString(),
      },
    });
    const verify = (...files: string[]) =>
      promisify(execFile)('npx', ['tsx', 'packages/reserves/src/verify.ts', ...files]).then(
        ({ stdout }) => ({ code: 0, stdout }),
        (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
      );

    const checked = await verify(good, snapshot);
    expect(checked.code, checked.stdout).toBe(0);
    expect(checked.stdout).toContain(`ok   snapshot id ${snapshotId} (published snapshot)`);
    expect(checked.stdout).toContain('your balances are included in the published root');

    // Against the published snapshot, and without it against what the reserve addresses signed.
    for (const [against, source] of [
      [[snapshot], 'published snapshot'],
      [[], 'signed reserve messages'],
    ] as const) {
      const failed = await verify(relabelled, ...against);
      expect(failed.code, failed.stdout).toBe(1);
      expect(failed.stdout).toMatch(/ok {3}root leaf 0 /);
      expect(failed.stdout).toMatch(
        new RegExp(`FAIL snapshot id {2}<- the proof says \\S+; the (\\d+ )?${source}: ${snapshotId}`),
      );
      expect(failed.stdout).toMatch(/FAIL taken at {2}<- /);
      expect(failed.stdout).toContain('Liabilities: NOT verified: the proof is labelled with another snapshot');
      expect(failed.stdout).not.toContain('your balances are included');
    }
  });

  it('leaves nothing behind when a snapshot fails after writing its leaves', async () => {
    const { rows: before } = await t.database.pool.query('SELECT id FROM audit_snapshots');
    const failing: ReserveSource = {
      holdings: async () => [
        { asset: 'BTC', network: 'btc', address: 'bc1qexample', role: 'hot', balance: 1n, key: { path: 'm/0' } },
      ],
      sign: async () => {
        throw new Error('signer unreachable');
      },
    };
    await expect(takeSnapshot({ pool: t.database.pool, clock: t.clock, reserves: failing })).rejects.toThrow(
      'signer unreachable',
    );
    const { rows: after } = await t.database.pool.query('SELECT id FROM audit_snapshots');
    expect(after).toHaveLength(before.length);
    // Every audit_leaves_* table is an attached partition: the failed snapshot's table was dropped.
    const { rows: loose } = await t.database.pool.query(`
      SELECT c.relname FROM pg_class c LEFT JOIN pg_inherits i ON i.inhrelid = c.oid
       WHERE c.relkind = 'r' AND c.relname LIKE 'audit\\_leaves\\_%' AND i.inhrelid IS NULL`);
    expect(loose).toEqual([]);
  });

  it('clears what a snapshot killed mid-way left before taking the next one', async () => {
    const abandoned = randomUUID();
    await t.database.pool.query(
      `INSERT INTO audit_snapshots (id, status, taken_at, transfer_seq, pg_snapshot, assets, scales, secret,
         chunk_level, customer_count, leaf_count)
       VALUES ($1, 'building', now(), 0, '1:1:', ARRAY['BTC'], ARRAY[8], repeat('a', 64), 10, 1, 3)`,
      [abandoned],
    );
    const client = await t.database.pool.connect();
    try {
      await createLeavesTable(client, abandoned);
    } finally {
      client.release();
    }
    const next = await t.app.services.audit.snapshot({ chunkLevel: 1 });
    const { rows } = await t.database.pool.query('SELECT id, status FROM audit_snapshots WHERE id = ANY($1)', [
      [abandoned, next.id],
    ]);
    expect(rows).toEqual([{ id: next.id, status: 'published' }]);
    const { rows: tables } = await t.database.pool.query('SELECT to_regclass($1) AS name', [leavesTable(abandoned)]);
    expect(tables[0].name).toBeNull();
  });

  it('takes snapshots asked for at once one after another, on a pool smaller than their number', async () => {
    // A snapshot waiting for the lock used to keep a connection: two waiting on a pool of three held
    // the connection the running one still needed, until the pool's wait failed it (ADR 0064).
    const pool = new pg.Pool({ ...t.database.pool.options, max: 3, connectionTimeoutMillis: 2_000 });
    pool.on('error', () => undefined);
    const noReserves: ReserveSource = { holdings: async () => [], sign: async () => null };
    try {
      const taken = await Promise.all(
        Array.from({ length: 4 }, () => takeSnapshot({ pool, clock: t.clock, reserves: noReserves, chunkLevel: 1 })),
      );
      expect(new Set(taken.map((each) => each.id)).size).toBe(4);
      const { rows } = await t.database.pool.query<{ status: string }>(
        'SELECT status FROM audit_snapshots WHERE id = ANY($1)',
        [taken.map((each) => each.id)],
      );
      expect(rows.map((row) => row.status)).toEqual(['published', 'published', 'published', 'published']);
    } finally {
      await pool.end();
    }
  });
});

describe('the list of snapshots', () => {
  it('pages like every list, newest first, and refuses a page number that is not plain digits', async () => {
    const { rows } = await t.database.pool.query<{ id: string }>(
      `SELECT id FROM audit_snapshots WHERE status = 'published' ORDER BY taken_at DESC, id DESC`,
    );
    expect(rows.length).toBeGreaterThan(2);
    const first = await data<{ items: AuditSnapshot[]; total: number }>(null, 'GET /audit/snapshots?page=1&limit=2');
    expect(first).toMatchObject({ page: 1, limit: 2, total: rows.length });
    expect(first.items.map((snapshot) => snapshot.id)).toEqual([rows[0]?.id, rows[1]?.id]);
    const second = await data<{ items: AuditSnapshot[] }>(null, 'GET /audit/snapshots?page=2&limit=2');
    expect(second.items[0]?.id).toBe(rows[2]?.id);
    const tooMany = await call(t, null, 'GET /audit/snapshots?limit=101');
    expect(tooMany.statusCode).toBe(400);
    for (const page of ['0x10', '1e1', '%205', '5.0', '%2B5']) {
      const response = await call(t, null, `GET /audit/snapshots?page=${page}`);
      expect(response.statusCode, page).toBe(400);
      expect(response.json().error.code, page).toBe('query_number_must_be_decimal_digits');
    }
  });
});

describe('the public liabilities file', () => {
  const fromAddress = (remoteAddress: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/audit/snapshots/${snapshotId}/liabilities`, remoteAddress });

  it('is read from PostgreSQL once per snapshot, then served as kept', async () => {
    const first = await fromAddress('203.0.113.10');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toContain('immutable');
    let checkouts = 0;
    const count = () => (checkouts += 1);
    t.database.pool.on('acquire', count);
    try {
      for (const address of ['203.0.113.11', '203.0.113.12', '203.0.113.13']) {
        const again = await fromAddress(address);
        expect(again.statusCode).toBe(200);
        expect(again.body).toBe(first.body);
      }
    } finally {
      t.database.pool.off('acquire', count);
    }
    expect(checkouts).toBe(0);
  });

  it('answers 429 too_many_requests past 10 downloads a minute from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await fromAddress('203.0.113.20')).statusCode);
    expect(statuses).toEqual(Array(10).fill(200));
    const over = await fromAddress('203.0.113.20');
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('too_many_requests');
    expect((await fromAddress('203.0.113.21')).statusCode).toBe(200);
  });
});

describe('a customer’s proof', () => {
  it('answers 429 too_many_requests past 30 proofs a minute for one customer, and serves another', async () => {
    const proofOf = (customer: WalletCustomer) => call(t, customer, `GET /audit/snapshots/${snapshotId}/proof`);
    // Earlier tests asked for some of Carol's proofs in this minute already.
    let over = await proofOf(carol);
    for (let asked = 1; over.statusCode === 200 && asked <= 30; asked += 1) over = await proofOf(carol);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('too_many_requests');
    expect((await proofOf(alice)).statusCode).toBe(200);
  });
});
