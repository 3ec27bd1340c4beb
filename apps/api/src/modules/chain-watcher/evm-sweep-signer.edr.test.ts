// Sweeps of Ethereum deposit addresses end to end (ADR 0049, ADR 0054): the real app reads Ethereum and
// a USDT through a private EDR node and holds no key; `npm run signer` holds the hot key and the
// deposit account key, both sealed by its CLI. A customer's ETH and USDT deposits are credited, then
// the treasury's passes sweep the ETH whole into the hot wallet, top the USDT address up with gas
// (signed as one of Rora's own moves: the signer derives the address) and sweep the tokens; each signature is the signer's, the customer's balances never move, and the
// ledger invariants hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { encodeFunctionData, erc20Abi, type Hex } from 'viem';
import { EvmKeySigner } from '@rora/chains';
import {
  EDR_CHAIN_ID,
  EDR_DEPOSIT_XPRV,
  EDR_HOT_KEY,
  edrAvailable,
  startEdrNode,
  type EdrNode,
} from '@rora/chains/testing';
import { assertLedgerInvariants } from '@rora/ledger';
import type { TestApp } from '../../testing/test-app.ts';
import {
  balanceOf,
  createWalletCustomer,
  createWalletTestApp,
  type WalletCustomer,
} from '../wallets/testing/wallet-fixtures.ts';
import { edrEnv, scanEth } from './testing/edr-app.ts';
import {
  importDepositKey,
  importSignerKey,
  signerEnv,
  startSignerProcess,
  type SignerProcess,
} from './testing/signer-process.ts';

const ETH = 10n ** 18n;
/** In the helper's port range (4820-4839). */
const SIGNER_PORT = 4823;
const HOT_ADDRESS = new EvmKeySigner({ chainId: EDR_CHAIN_ID, privateKey: EDR_HOT_KEY, networks: [{ network: 'eth' }] })
  .addressFor('eth')
  .toLowerCase();

describe.skipIf(!edrAvailable('evm-sweep-signer'))('Ethereum sweeps signed by the signer process', () => {
  let node: EdrNode;
  let usdt: string;
  let t: TestApp;
  let alice: WalletCustomer;
  let signer: SignerProcess;

  const ethAt = async (address: string) => BigInt(await node.call<string>('eth_getBalance', [address, 'latest']));
  const usdtAt = async (address: string) => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [address as Hex] });
    return BigInt(await node.call<string>('eth_call', [{ to: usdt, data }, 'latest']));
  };

  beforeAll(async () => {
    node = await startEdrNode();
    usdt = await node.deployToken('USDT', 6, 10n ** 15n);
    const { CHAINS_ETH_HOT_KEY: _inApi, ...nodeEnv } = edrEnv(node, usdt);
    const secret = 'edr-sweep-secret-0123456789abcdef0123456';
    t = await createWalletTestApp({
      env: {
        ...nodeEnv,
        SIGNER_URL: `http://127.0.0.1:${SIGNER_PORT}`,
        SIGNER_SECRET: secret,
        CHAINS_ETH_HOT_ADDRESS: HOT_ADDRESS,
      },
    });
    const env = {
      ...signerEnv(t.database.url, SIGNER_PORT),
      SIGNER_SECRET: secret,
      SIGNER_ETH_CHAIN_ID: String(EDR_CHAIN_ID),
      SIGNER_USDT_ERC20_CONTRACT: usdt,
    };
    await importSignerKey(env, 'eth', EDR_HOT_KEY);
    expect(await importDepositKey(env, 'eth', EDR_DEPOSIT_XPRV)).toContain('eth deposit key of xpub');
    signer = await startSignerProcess(env);
    await node.setBalance(HOT_ADDRESS, 10n * ETH);
    alice = await createWalletCustomer(t);
    await scanEth(t); // the cursor starts at the node's tip
  });
  afterAll(async () => {
    await signer?.kill();
    await t?.close();
    await node?.stop();
  });

  it('sweeps ETH whole and USDT after a gas top-up, through the signer, without moving the customer', async () => {
    const ethAddress = alice.wallet('eth').address;
    const usdtAddress = alice.wallet('usdt-erc20').address;
    await node.send({ to: ethAddress, value: 2n * ETH });
    await node.sendToken(usdt, usdtAddress, 500_000_000n);
    const hotTokensBefore = await usdtAt(HOT_ADDRESS);
    for (let round = 0; round < 8; round += 1) {
      await node.mine(12);
      await scanEth(t);
      if ((await ethAt(ethAddress)) < ETH && (await usdtAt(usdtAddress)) === 0n) break;
    }
    // The ETH went whole to the hot wallet; what is left is the top-up's unburnt gas (the same address
    // receives both assets on Ethereum), less than a sweep would cost.
    const { rows: topUps } = await t.database.db.execute<{ amount: string }>(
      sql`SELECT amount::text FROM chain_sweeps WHERE kind = 'gas_top_up'`,
    );
    expect(topUps).toHaveLength(1);
    expect(await ethAt(ethAddress)).toBeLessThan(BigInt(topUps[0]!.amount));
    expect(await usdtAt(usdtAddress)).toBe(0n);
    expect((await usdtAt(HOT_ADDRESS)) - hotTokensBefore).toBe(500_000_000n);
    const { rows: moves } = await t.database.db.execute<{ kind: string; network: string; status: string }>(
      sql`SELECT kind, network, status FROM chain_sweeps ORDER BY created_at`,
    );
    expect(
      moves
        .filter((move) => move.kind === 'sweep')
        .map((move) => move.network)
        .sort(),
    ).toEqual(['eth', 'usdt-erc20']);
    // Every move on chain was signed by the signer process, and logged there.
    const { rows: signed } = await t.database.db.execute<{ txid: string }>(
      sql`SELECT s.txid FROM chain_sweeps c JOIN signer.signatures s ON s.txid = c.txid`,
    );
    expect(signed).toHaveLength(moves.length);
    for (const { txid } of signed) expect(signer.output()).toContain(txid);
    expect((await balanceOf(t, alice, 'eth')).balance).toBe('2');
    expect((await balanceOf(t, alice, 'usdt-erc20')).balance).toBe('500');
    await assertLedgerInvariants(t.database.db);
  });
});
