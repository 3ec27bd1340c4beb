// End to end with the signer process for Ethereum (ADR 0041, ADR 0039): the API holds no key
// (CHAINS_ETH_HOT_KEY unset, CHAINS_ETH_HOT_ADDRESS given); an ETH and a USDT withdrawal on a real
// EVM node (Hardhat's EDR) are signed by `npm run signer` over loopback HTTP under its own chain id
// and token contract, checked against the held send, recorded and logged, broadcast, mined and
// posted. A signer whose fee ceiling is below the fee the API asks leaves the send held, never
// voided, and the send goes out once a signer with a sane ceiling is back. A signature the API lost
// before storing it is adopted from the signer's record, not signed again.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { encodeFunctionData, erc20Abi, type Hex } from 'viem';
import { EvmKeySigner } from '@rora/chains';
import { EDR_CHAIN_ID, EDR_HOT_KEY, edrAvailable, startEdrNode, type EdrNode } from '@rora/chains/testing';
import type { WalletTransaction } from '@rora/contracts';
import { assertLedgerInvariants } from '@rora/ledger';
import type { TestApp } from '../../testing/test-app.ts';
import {
  TEST_PIN,
  createWalletCustomer,
  createWalletTestApp,
  post,
  type WalletCustomer,
} from '../wallets/testing/wallet-fixtures.ts';
import { edrEnv, evmAdapter, scanEth } from './testing/edr-app.ts';
import {
  importSignerKey,
  signerEnv,
  startSignerProcess,
  type SignerProcess,
  type SignerProcessEnv,
} from './testing/signer-process.ts';

const ETH = 10n ** 18n;
const RECIPIENT = '0x3333333333333333333333333333333333333333';
/** In the helper's port range (4820-4839). */
const SIGNER_PORT = 4821;
const HOT_ADDRESS = new EvmKeySigner({
  chainId: EDR_CHAIN_ID,
  privateKey: EDR_HOT_KEY,
  networks: [{ network: 'eth' }],
}).addressFor('eth');

describe.skipIf(!edrAvailable('evm-signer'))('Ethereum withdrawals signed by the signer process', () => {
  let node: EdrNode;
  let usdt: string;
  let t: TestApp;
  let alice: WalletCustomer;
  let env: SignerProcessEnv;
  let signer: SignerProcess;

  beforeAll(async () => {
    node = await startEdrNode();
    usdt = await node.deployToken('USDT', 6, 10n ** 15n);
    const { CHAINS_ETH_HOT_KEY: _inApi, ...nodeEnv } = edrEnv(node, usdt);
    const secret = 'edr-signer-secret-0123456789abcdef0123';
    t = await createWalletTestApp({
      env: {
        ...nodeEnv,
        SIGNER_URL: `http://127.0.0.1:${SIGNER_PORT}`,
        SIGNER_SECRET: secret,
        CHAINS_ETH_HOT_ADDRESS: HOT_ADDRESS.toLowerCase(),
      },
    });
    env = {
      ...signerEnv(t.database.url, SIGNER_PORT),
      SIGNER_SECRET: secret,
      SIGNER_ETH_CHAIN_ID: String(EDR_CHAIN_ID),
      SIGNER_USDT_ERC20_CONTRACT: usdt,
    };
    expect(await importSignerKey(env, 'eth', EDR_HOT_KEY)).toContain(HOT_ADDRESS);
    signer = await startSignerProcess(env);
    alice = await createWalletCustomer(t);
    await scanEth(t); // the cursor starts at the node's tip
    await node.send({ to: alice.wallet('eth').address, value: 2n * ETH });
    await node.sendToken(usdt, alice.wallet('usdt-erc20').address, 500_000_000n);
    await node.mine(12);
    await scanEth(t);
    await node.setBalance(HOT_ADDRESS, 10n * ETH);
    await node.sendToken(usdt, HOT_ADDRESS, 1_000_000_000n);
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
      await t.database.db.execute<{ txid: string; raw: string; to_address: string; amount: string }>(
        sql`SELECT txid, raw, to_address, amount::text FROM signer.signatures WHERE id = ${id}`,
      )
    ).rows;
  const withdraw = async (network: 'eth' | 'usdt-erc20', amount: string) => {
    const body = { walletId: alice.wallet(network).id, address: RECIPIENT, amount, pin: TEST_PIN, priority: 'normal' };
    const response = await post(t, alice, '/wallet/sendTransaction', body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as WalletTransaction;
  };
  const postedAfterMining = async (id: string) => {
    await node.mine(12);
    await scanEth(t);
    return (await sendRow(id))?.status;
  };

  it('has the signer sign an ETH withdrawal once, logs it, and the node mines it', async () => {
    expect(evmAdapter(t).hotWalletAddress()).toBe(HOT_ADDRESS);
    expect(await t.app.services.chains.checkSigner()).toEqual([]);
    const sent = await withdraw('eth', '0.25');
    const row = await sendRow(sent.id);
    expect(row).toMatchObject({ status: 'broadcast', txid: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    const [recorded] = await signatures(sent.id);
    expect(recorded).toMatchObject({ txid: row?.txid, to_address: RECIPIENT, amount: String(ETH / 4n) });
    expect(recorded?.raw).toMatch(/^0x02/);
    expect(signer.output()).toContain(`"txid":"${row?.txid}"`);
    const tx = await node.call<{ chainId: string; from: string }>('eth_getTransactionByHash', [row?.txid]);
    expect({ chainId: Number(BigInt(tx.chainId)), from: tx.from.toLowerCase() }).toEqual({
      chainId: EDR_CHAIN_ID,
      from: HOT_ADDRESS.toLowerCase(),
    });
    expect(await postedAfterMining(sent.id)).toBe('posted');
    expect(BigInt(await node.call<string>('eth_getBalance', [RECIPIENT, 'latest']))).toBe(ETH / 4n);
  });

  it('has the signer sign a USDT withdrawal as transfer(to, amount) on its token contract', async () => {
    const sent = await withdraw('usdt-erc20', '120');
    const row = await sendRow(sent.id);
    expect(row?.status).toBe('broadcast');
    expect((await signatures(sent.id))[0]).toMatchObject({ txid: row?.txid, amount: '120000000' });
    const tx = await node.call<{ to: string; input: string; value: string }>('eth_getTransactionByHash', [row?.txid]);
    expect(tx.to.toLowerCase()).toBe(usdt.toLowerCase());
    expect(BigInt(tx.value)).toBe(0n);
    expect(tx.input).toBe(
      encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECIPIENT as Hex, 120_000_000n] }),
    );
    expect(await postedAfterMining(sent.id)).toBe('posted');
    const balance = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [RECIPIENT as Hex] });
    expect(BigInt(await node.call<string>('eth_call', [{ to: usdt, data: balance }, 'latest']))).toBe(120_000_000n);
  });

  it('keeps a send held while the signer refuses its fee as above the ceiling, and sends it later', async () => {
    await signer.kill();
    signer = await startSignerProcess({ ...env, SIGNER_ETH_MAX_FEE_PER_GAS_WEI: '1' });
    const sent = await withdraw('eth', '0.1');
    expect(await sendRow(sent.id)).toMatchObject({ status: 'held', txid: null });
    expect(await signatures(sent.id)).toEqual([]);
    await scanEth(t);
    expect(await sendRow(sent.id)).toMatchObject({ status: 'held', txid: null });
    await signer.kill();
    signer = await startSignerProcess(env);
    await scanEth(t);
    const row = await sendRow(sent.id);
    expect(row?.status).toBe('broadcast');
    expect((await signatures(sent.id))[0]?.txid).toBe(row?.txid);
    expect(await postedAfterMining(sent.id)).toBe('posted');
  });

  it('adopts the transaction the signer recorded when the API lost it before storing it', async () => {
    // The API's store of signed bytes fails once: the signer has signed, the API kept nothing.
    await t.database.db.execute(sql`
      CREATE FUNCTION test_lose_evm_broadcast() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'the API died before storing the signed bytes'; END $$`);
    await t.database.db.execute(sql`
      CREATE TRIGGER test_lose_evm_broadcast BEFORE INSERT ON chain_broadcasts
        FOR EACH ROW EXECUTE FUNCTION test_lose_evm_broadcast()`);
    const sent = await withdraw('eth', '0.05');
    expect(await sendRow(sent.id)).toMatchObject({ status: 'held', txid: null });
    const [recorded] = await signatures(sent.id);
    expect(recorded).toBeDefined();
    await t.database.db.execute(sql`DROP TRIGGER test_lose_evm_broadcast ON chain_broadcasts`);
    await t.database.db.execute(sql`DROP FUNCTION test_lose_evm_broadcast()`);
    // The base fee doubles (still under the recorded fee cap): asked anew, the adapter would offer
    // another fee cap, which the signer would refuse as another transaction under a signed id.
    const latest = await node.call<{ baseFeePerGas: string }>('eth_getBlockByNumber', ['latest', false]);
    const doubled = BigInt(latest.baseFeePerGas) * 2n;
    await node.call('hardhat_setNextBlockBaseFeePerGas', [`0x${doubled.toString(16)}`]);
    await node.mine(1);
    await scanEth(t);
    expect(await sendRow(sent.id)).toMatchObject({ status: 'broadcast', txid: recorded?.txid });
    expect(await signatures(sent.id)).toHaveLength(1);
    expect(await postedAfterMining(sent.id)).toBe('posted');
  });
});
