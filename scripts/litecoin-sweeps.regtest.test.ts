// Sweeps on a real litecoind in regtest (ADR 0049): deposits to two customers' addresses are credited,
// then consolidated into the hot wallet by transactions the signer process signs with the deposit keys
// it derives (and only to its own hot wallet); the network fee is booked to fee_result, the customers'
// balances do not move, and `npm run ledger:check` finds the chain and the ledger in agreement.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { UtxoKeySigner, coinsToMinor } from '@rora/chains';
import {
  REGTEST_HOT_KEY,
  REGTEST_LTC,
  REGTEST_LTC_DEPOSIT_XPRV,
  regtestAvailable,
  startRegtestNode,
  type RegtestNode,
} from '@rora/chains/testing';
import { freePort } from '@rora/db';
import { assertLedgerInvariants } from '@rora/ledger';
import type { TestApp } from '../apps/api/src/testing/test-app.ts';
import { balances, ltcAdapter, regtestEnv, scan } from '../apps/api/src/modules/chain-watcher/testing/regtest-app.ts';
import {
  importSignerKey,
  signerEnv,
  startSignerProcess,
  type SignerProcess,
} from '../apps/api/src/modules/chain-watcher/testing/signer-process.ts';
import {
  createWalletCustomer,
  createWalletTestApp,
  type WalletCustomer,
} from '../apps/api/src/modules/wallets/testing/wallet-fixtures.ts';
import { ledgerCheck } from './ledger-check.ts';

const HOT_ADDRESS = new UtxoKeySigner({ network: 'ltc', params: REGTEST_LTC, wif: REGTEST_HOT_KEY }).addressFor('ltc');

type SweepRow = {
  from_address: string;
  to_address: string;
  amount: string;
  fee: string;
  txid: string;
  status: string;
};

describe.skipIf(!regtestAvailable('litecoin-sweeps'))('Litecoin deposit addresses swept by the signer', () => {
  let node: RegtestNode;
  let t: TestApp;
  let signer: SignerProcess;
  let alice: WalletCustomer;
  let bob: WalletCustomer;
  let cold: string;

  beforeAll(async () => {
    node = await startRegtestNode();
    const port = await freePort();
    const { CHAINS_LTC_HOT_KEY: _inApi, ...nodeEnv } = regtestEnv(node);
    const secret = 'regtest-signer-secret-0123456789abcdef';
    cold = await node.rpc.call<string>('getnewaddress', ['', 'bech32'], 'miner');
    const treasury = { TREASURY_HOT_CEILINGS: 'ltc:1', TREASURY_COLD_ADDRESSES: `ltc:${cold}` };
    t = await createWalletTestApp({
      env: {
        ...nodeEnv,
        ...treasury,
        SIGNER_URL: `http://127.0.0.1:${port}`,
        SIGNER_SECRET: secret,
        CHAINS_LTC_HOT_ADDRESS: HOT_ADDRESS,
      },
    });
    const env = {
      ...signerEnv(t.database.url, port),
      SIGNER_SECRET: secret,
      SIGNER_LTC_DEPOSIT_XPRV: REGTEST_LTC_DEPOSIT_XPRV,
      SIGNER_COLD_ADDRESSES: `ltc:${cold}`,
    };
    await importSignerKey(env, 'ltc', REGTEST_HOT_KEY);
    signer = await startSignerProcess(env);
    await ltcAdapter(t).prepare();
    alice = await createWalletCustomer(t);
    bob = await createWalletCustomer(t);
    await scan(t);
  });
  afterEach(async () => assertLedgerInvariants(t.database.db));
  afterAll(async () => {
    await signer?.kill();
    await t?.close();
    await node?.stop();
  });

  const sweeps = async () =>
    (
      await t.database.db.execute<SweepRow>(sql`
        SELECT from_address, to_address, amount::text, fee::text, txid, status FROM chain_sweeps
         WHERE kind = 'sweep' ORDER BY from_address`)
    ).rows;
  const feeResult = async () =>
    (
      await t.database.db.execute<{ balance: string }>(sql`
        SELECT COALESCE(SUM(balance), 0)::text AS balance FROM ledger_accounts
         WHERE owner_id IS NULL AND kind = 'fee_result' AND asset = 'LTC'`)
    ).rows[0]?.balance;

  it('consolidates two customers’ confirmed deposits into the hot wallet, signed once each', async () => {
    const aliceAddress = alice.wallet('ltc').address;
    const bobAddress = bob.wallet('ltc').address;
    await node.miner.send(aliceAddress, '1.5');
    await node.miner.send(bobAddress, '0.5');
    await node.miner.send(bobAddress, '0.25');
    await node.mine(4);
    await scan(t);
    expect(await balances(t, alice.userId)).toEqual({ available: 150_000_000n, held: 0n });
    expect(await balances(t, bob.userId)).toEqual({ available: 75_000_000n, held: 0n });

    const open = await sweeps();
    expect(open.map((row) => [row.from_address, row.to_address, row.status])).toEqual(
      [
        [aliceAddress, HOT_ADDRESS, 'broadcast'],
        [bobAddress, HOT_ADDRESS, 'broadcast'],
      ].sort((a, b) => a[0]!.localeCompare(b[0]!)),
    );
    const mempool = await node.rpc.call<string[]>('getrawmempool');
    for (const row of open) {
      expect(mempool).toContain(row.txid);
      const entry = await node.rpc.call<{ fees: { base: number } }>('getmempoolentry', [row.txid]);
      expect(coinsToMinor(entry.fees.base)).toBe(BigInt(row.fee));
      const total = row.from_address === aliceAddress ? 150_000_000n : 75_000_000n;
      expect(BigInt(row.amount) + BigInt(row.fee)).toBe(total);
      expect(BigInt(row.fee) * 100n).toBeLessThanOrEqual(total);
    }
    const { rows: signed } = await t.database.db.execute<{ to_address: string; txid: string }>(
      sql`SELECT to_address, txid FROM signer.signatures ORDER BY txid`,
    );
    expect(signed.map((row) => row.txid).sort()).toEqual(open.map((row) => row.txid).sort());
    expect(new Set(signed.map((row) => row.to_address))).toEqual(new Set([HOT_ADDRESS]));
    // The next pass finds each address busy with its sweep: nothing is signed twice.
    await scan(t);
    expect(await sweeps()).toHaveLength(2);
  });

  it('settles the sweeps once mined: fee to fee_result, customers untouched, ledger:check passes', async () => {
    const open = await sweeps();
    const hotBefore = (await ltcAdapter(t).balancesOf([HOT_ADDRESS])).get(HOT_ADDRESS) ?? 0n;
    await node.mine(4);
    await scan(t);
    const settled = await sweeps();
    expect(settled.map((row) => row.status)).toEqual(['settled', 'settled']);
    const fees = open.reduce((sum, row) => sum + BigInt(row.fee), 0n);
    expect(await feeResult()).toBe(String(-fees));
    const moved = open.reduce((sum, row) => sum + BigInt(row.amount), 0n);
    const read = await ltcAdapter(t).balancesOf([HOT_ADDRESS, alice.wallet('ltc').address, bob.wallet('ltc').address]);
    expect([...read.values()]).toEqual([hotBefore + moved, 0n, 0n]);
    expect(await balances(t, alice.userId)).toEqual({ available: 150_000_000n, held: 0n });
    expect(await balances(t, bob.userId)).toEqual({ available: 75_000_000n, held: 0n });
    const lines: string[] = [];
    expect(await ledgerCheck(t.database.url, (line) => lines.push(line)), lines.join('\n')).toBe(0);
    expect(lines.join('\n')).toMatch(/LTC/);
  });

  it('moves the hot wallet’s excess over its ceiling to the cold address, signed as a cold move', async () => {
    const moves = async () =>
      (
        await t.database.db.execute<SweepRow>(sql`
          SELECT from_address, to_address, amount::text, fee::text, txid, status FROM chain_sweeps WHERE kind = 'cold'`)
      ).rows;
    const [move] = await moves();
    expect(move).toMatchObject({ from_address: HOT_ADDRESS, to_address: cold, status: 'broadcast' });
    await node.mine(4);
    await scan(t);
    expect((await moves())[0]?.status).toBe('settled');
    const read = await ltcAdapter(t).balancesOf([HOT_ADDRESS, cold]);
    expect(read.get(cold)).toBe(BigInt(move!.amount));
    expect(read.get(HOT_ADDRESS)).toBeLessThanOrEqual(100_000_000n);
    const lines: string[] = [];
    expect(await ledgerCheck(t.database.url, (line) => lines.push(line)), lines.join('\n')).toBe(0);
  });
});
