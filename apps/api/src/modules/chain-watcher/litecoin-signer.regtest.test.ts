// End to end with the signer process (ADR 0041): the API holds no key (CHAINS_LTC_HOT_KEY unset);
// a Litecoin withdrawal on a real litecoind in regtest is signed by `npm run signer` over loopback
// HTTP, checked by it against the held send, recorded in its log, broadcast and posted. With the
// signer gone, a send waits held (never voided) and goes out when the signer is back.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { UtxoKeySigner } from '@rora/chains';
import {
  REGTEST_HOT_KEY,
  REGTEST_LTC,
  regtestAvailable,
  startRegtestNode,
  type RegtestNode,
} from '@rora/chains/testing';
import { freePort } from '@rora/db';
import { assertLedgerInvariants } from '@rora/ledger';
import type { WalletTransaction } from '@rora/contracts';
import type { TestApp } from '../../testing/test-app.ts';
import { TEST_PIN, createWalletCustomer, createWalletTestApp, post } from '../wallets/testing/wallet-fixtures.ts';
import type { WalletCustomer } from '../wallets/testing/wallet-fixtures.ts';
import { ltcAdapter, regtestEnv, scan } from './testing/regtest-app.ts';
import {
  importSignerKey,
  signerEnv,
  startSignerProcess,
  type SignerProcess,
  type SignerProcessEnv,
} from './testing/signer-process.ts';

const HOT_ADDRESS = new UtxoKeySigner({ network: 'ltc', params: REGTEST_LTC, wif: REGTEST_HOT_KEY }).addressFor('ltc');

describe.skipIf(!regtestAvailable('litecoin-signer'))('Litecoin sends signed by the signer process', () => {
  let node: RegtestNode;
  let t: TestApp;
  let alice: WalletCustomer;
  let env: SignerProcessEnv;
  let signer: SignerProcess;

  beforeAll(async () => {
    node = await startRegtestNode();
    const port = await freePort();
    const { CHAINS_LTC_HOT_KEY: _inApi, ...nodeEnv } = regtestEnv(node);
    const secret = 'regtest-signer-secret-0123456789abcdef';
    t = await createWalletTestApp({
      env: {
        ...nodeEnv,
        SIGNER_URL: `http://127.0.0.1:${port}`,
        SIGNER_SECRET: secret,
        CHAINS_LTC_HOT_ADDRESS: HOT_ADDRESS,
      },
    });
    env = { ...signerEnv(t.database.url, port), SIGNER_SECRET: secret };
    expect(await importSignerKey(env, 'ltc', REGTEST_HOT_KEY)).toContain(HOT_ADDRESS);
    signer = await startSignerProcess(env);
    alice = await createWalletCustomer(t);
    await scan(t);
    await node.miner.send(alice.wallet('ltc').address, '3');
    await node.mine(4);
    await scan(t);
    const adapter = ltcAdapter(t);
    await adapter.prepare();
    expect(adapter.hotWalletAddress()).toBe(HOT_ADDRESS);
    await node.miner.send(HOT_ADDRESS, '4');
    await node.mine(1);
    await scan(t);
  });
  afterEach(async () => assertLedgerInvariants(t.database.db));
  afterAll(async () => {
    await signer?.kill();
    await t?.close();
    await node?.stop();
  });

  const sendRow = async (id: string) =>
    (
      await t.database.db.execute<{ status: string; txid: string | null }>(
        sql`SELECT status, txid FROM wallet_sends WHERE id = ${id}`,
      )
    ).rows[0];
  const signatures = async (id: string) =>
    (
      await t.database.db.execute<{ txid: string; to_address: string; amount: string }>(
        sql`SELECT txid, to_address, amount::text FROM signer.signatures WHERE id = ${id}`,
      )
    ).rows;
  const send = async (amount: string) => {
    const to = await node.rpc.call<string>('getnewaddress', ['', 'bech32'], 'miner');
    const body = { walletId: alice.wallet('ltc').id, address: to, amount, pin: TEST_PIN, priority: 'normal' };
    const response = await post(t, alice, '/wallet/sendTransaction', body);
    expect(response.statusCode, response.body).toBe(200);
    return { to, sent: response.json().data as WalletTransaction };
  };

  it('has the signer sign a held send once, logs it, and the node mines it', async () => {
    expect(await t.app.services.chains.checkSigner()).toEqual([]);
    const { to, sent } = await send('1');
    const row = await sendRow(sent.id);
    expect(row).toMatchObject({ status: 'broadcast' });
    expect(await signatures(sent.id)).toEqual([{ txid: row?.txid, to_address: to, amount: '100000000' }]);
    expect(signer.output()).toContain(`"txid":"${row?.txid}"`);
    expect(await node.rpc.call<string[]>('getrawmempool')).toContain(row?.txid);
    await node.mine(4);
    await scan(t);
    expect((await sendRow(sent.id))?.status).toBe('posted');
  });

  it('keeps a send held while the signer is down, and sends it once the signer is back', async () => {
    await signer.kill();
    expect(await t.app.services.chains.checkSigner()).toEqual([
      expect.stringContaining('the signer at SIGNER_URL: The signer did not answer'),
    ]);
    const { sent } = await send('0.2');
    expect(await sendRow(sent.id)).toMatchObject({ status: 'held', txid: null });
    await scan(t);
    expect((await sendRow(sent.id))?.status).toBe('held');
    signer = await startSignerProcess(env);
    await scan(t);
    const row = await sendRow(sent.id);
    expect(row).toMatchObject({ status: 'broadcast' });
    expect((await signatures(sent.id))[0]?.txid).toBe(row?.txid);
    await node.mine(4);
    await scan(t);
    expect((await sendRow(sent.id))?.status).toBe('posted');
  });

  it('adopts the transaction the signer recorded when the API lost it before storing it', async () => {
    // The API's store of signed bytes fails once: the signer has signed, the API kept nothing.
    await t.database.db.execute(sql`
      CREATE FUNCTION test_lose_broadcast() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'the API died before storing the signed bytes'; END $$`);
    await t.database.db.execute(sql`
      CREATE TRIGGER test_lose_broadcast BEFORE INSERT ON chain_broadcasts
        FOR EACH ROW EXECUTE FUNCTION test_lose_broadcast()`);
    const { sent } = await send('0.3');
    expect(await sendRow(sent.id)).toMatchObject({ status: 'held', txid: null });
    const [recorded] = await signatures(sent.id);
    expect(recorded).toBeDefined();
    await t.database.db.execute(sql`DROP TRIGGER test_lose_broadcast ON chain_broadcasts`);
    await t.database.db.execute(sql`DROP FUNCTION test_lose_broadcast()`);
    // A bigger coin arrives: asked anew, the adapter would choose it and build another transaction.
    await node.miner.send(HOT_ADDRESS, '10');
    await node.mine(1);
    await scan(t);
    expect(await sendRow(sent.id)).toMatchObject({ status: 'broadcast', txid: recorded?.txid });
    expect(await signatures(sent.id)).toHaveLength(1);
    expect(await node.rpc.call<string[]>('getrawmempool')).toContain(recorded?.txid);
    await node.mine(4);
    await scan(t);
    expect((await sendRow(sent.id))?.status).toBe('posted');
  });
});
