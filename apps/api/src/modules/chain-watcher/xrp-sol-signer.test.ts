// XRP and Solana withdrawals signed by the signer process (ADR 0050): the API holds no key
// (CHAINS_XRP_HOT_KEY and CHAINS_SOL_HOT_KEY unset, SIGNER_URL set); the keys are imported by the
// signer's CLI from standard input, and `npm run signer` signs each held send over loopback, once,
// for its amount, destination and tag, logging it. The stand-in nodes decode what is submitted.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FakeRippled, FakeSolana, solanaTestKey, xrpTestAccount } from '@rora/chains/testing';
import { assertLedgerInvariants } from '@rora/ledger';
import type { TestApp } from '../../testing/test-app.ts';
import { TEST_PIN, createWalletCustomer, createWalletTestApp, post } from '../wallets/testing/wallet-fixtures.ts';
import type { WalletCustomer } from '../wallets/testing/wallet-fixtures.ts';
import {
  importSignerKey,
  signerEnv,
  startSignerProcess,
  type SignerProcess,
  type SignerProcessEnv,
} from './testing/signer-process.ts';

const PORTS = { from: 5600, to: 5619 };
const SIGNER_PORT = 5650;
const HOT_XRP = xrpTestAccount(81);
const OUTSIDE_XRP = xrpTestAccount(82).address;
const HOT_SOL = solanaTestKey(91);
const POOL = [92, 93].map((byte) => solanaTestKey(byte).address);
const OUTSIDE_SOL = solanaTestKey(94).address;

describe('XRP and Solana sends signed by the signer process', () => {
  let rippled: FakeRippled;
  let solana: FakeSolana;
  let t: TestApp;
  let alice: WalletCustomer;
  let env: SignerProcessEnv;
  let signer: SignerProcess;

  const scan = (network: 'xrp' | 'sol') => t.app.services.depositScanner.scan(network);
  const sendRow = async (id: string) =>
    (
      await t.database.db.execute<{ status: string; txid: string | null }>(
        sql`SELECT status, txid FROM wallet_sends WHERE id = ${id}`,
      )
    ).rows[0];
  const signatures = async (id: string) =>
    (
      await t.database.db.execute<{ txid: string; to_address: string; amount: string }>(
        sql`SELECT txid, to_address, amount::text FROM signer.signatures WHERE id = ${id} ORDER BY attempt`,
      )
    ).rows;
  const send = async (body: Record<string, unknown>) => {
    const response = await post(t, alice, '/wallet/sendTransaction', { pin: TEST_PIN, priority: 'normal', ...body });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as { id: string }).id;
  };

  beforeAll(async () => {
    rippled = await new FakeRippled().start(PORTS);
    solana = await new FakeSolana().start(PORTS);
    rippled.fund(HOT_XRP.address, 500_000_000n);
    solana.balances.set(HOT_SOL.address, 20_000_000_000n);
    solana.balances.set(OUTSIDE_SOL, 50_000_000_000n);
    const secret = 'xrp-sol-signer-secret-0123456789abcdef';
    t = await createWalletTestApp({
      env: {
        CHAINS_XRP: 'rpc',
        CHAINS_XRP_RPC_URL: rippled.server.url,
        CHAINS_XRP_HOT_ADDRESS: HOT_XRP.address,
        CHAINS_XRP_OMNIBUS_ADDRESS: HOT_XRP.address,
        CHAINS_SOL: 'rpc',
        CHAINS_SOL_RPC_URL: solana.server.url,
        CHAINS_SOL_HOT_ADDRESS: HOT_SOL.address,
        CHAINS_SOL_ADDRESSES: POOL.join(','),
        SIGNER_URL: `http://127.0.0.1:${SIGNER_PORT}`,
        SIGNER_SECRET: secret,
      },
    });
    env = { ...signerEnv(t.database.url, SIGNER_PORT), SIGNER_SECRET: secret };
    expect(await importSignerKey(env, 'xrp', HOT_XRP.seed)).toContain(HOT_XRP.address);
    expect(await importSignerKey(env, 'sol', HOT_SOL.secret)).toContain(HOT_SOL.address);
    signer = await startSignerProcess(env);
    alice = await createWalletCustomer(t);
    await scan('xrp');
    await scan('sol');
    const payment = { TransactionType: 'Payment', Account: OUTSIDE_XRP, Destination: HOT_XRP.address, Fee: '12' };
    rippled.include(
      { ...payment, Amount: '50000000', DestinationTag: alice.wallet('xrp').destinationTag, Sequence: 1 },
      { TransactionIndex: 0, TransactionResult: 'tesSUCCESS', delivered_amount: '50000000' },
    );
    rippled.closeLedger();
    await scan('xrp');
    solana.transfer(OUTSIDE_SOL, alice.wallet('sol').address, 5_000_000_000n);
    for (let slot = 0; slot < 33; slot += 1) solana.produce();
    await scan('sol');
  });
  afterEach(async () => assertLedgerInvariants(t.database.db));
  afterAll(async () => {
    await signer?.kill();
    await t?.close();
    await rippled?.server.close();
    await solana?.server.close();
  });

  it('has the signer sign an XRP send with its tag once, logs it, and posts it when validated', async () => {
    expect(await t.app.services.chains.checkSigner()).toEqual([]);
    const id = await send({ walletId: alice.wallet('xrp').id, address: OUTSIDE_XRP, amount: '3', destinationTag: 77 });
    const row = await sendRow(id);
    expect(row).toMatchObject({ status: 'broadcast' });
    expect(await signatures(id)).toEqual([{ txid: row?.txid, to_address: OUTSIDE_XRP, amount: '3000000' }]);
    expect(signer.output()).toContain(`"txid":"${row?.txid}"`);
    // What the node received and decoded: the signed payment, with the tag.
    expect(rippled.queue.find((tx) => tx.hash === row?.txid)?.json).toMatchObject({
      Destination: OUTSIDE_XRP,
      DestinationTag: 77,
      Amount: '3000000',
    });
    rippled.closeLedger();
    await scan('xrp');
    expect((await sendRow(id))?.status).toBe('posted');
  });

  it('has the signer sign an XRP send again on its sequence once the first expired unsent', async () => {
    rippled.submitResult = 'telINSUF_FEE_P';
    const id = await send({ walletId: alice.wallet('xrp').id, address: OUTSIDE_XRP, amount: '1' });
    expect(await sendRow(id)).toMatchObject({ status: 'held', txid: null });
    rippled.submitResult = undefined;
    for (let ledger = 0; ledger <= 20; ledger += 1) rippled.closeLedger();
    await scan('xrp');
    const [first, second] = await signatures(id);
    expect(second?.txid).not.toBe(first?.txid);
    expect(await sendRow(id)).toMatchObject({ status: 'broadcast', txid: second?.txid });
    rippled.closeLedger();
    await scan('xrp');
    expect((await sendRow(id))?.status).toBe('posted');
  });

  it('has the signer sign a SOL send once and posts it once finalized', async () => {
    const id = await send({ walletId: alice.wallet('sol').id, address: OUTSIDE_SOL, amount: '0.5' });
    const row = await sendRow(id);
    expect(row).toMatchObject({ status: 'broadcast' });
    expect(await signatures(id)).toEqual([{ txid: row?.txid, to_address: OUTSIDE_SOL, amount: '500000000' }]);
    expect(signer.output()).toContain(`"txid":"${row?.txid}"`);
    solana.produce();
    await scan('sol');
    expect((await sendRow(id))?.status).toBe('posted');
  });

  it('keeps a send held while the signer is down, and sends it once the signer is back', async () => {
    await signer.kill();
    const id = await send({ walletId: alice.wallet('sol').id, address: OUTSIDE_SOL, amount: '0.25' });
    expect(await sendRow(id)).toMatchObject({ status: 'held', txid: null });
    signer = await startSignerProcess(env);
    await scan('sol');
    expect((await sendRow(id))?.status).toBe('broadcast');
    expect(await signatures(id)).toHaveLength(1);
  });
});
