// Crash test of the sandbox's chains (TESTING.md, ADR 0048): the real server as a process takes
// devnet deposits (the faucet) and a send, is killed with SIGKILL while blocks are being mined, and
// starts again on the same database. The customer's balances and history are what they were, the
// deposit and the send in flight are credited and settled once, the next ones work, and
// `npm run ledger:check` passes.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wallet, WalletList, WalletTransactions } from '@rora/contracts';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { assertLedgerInvariants } from '@rora/ledger';
import { insertSignedInCustomer, startServerChild, type ServerChild } from '../orders/testing/server-child.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const EXTERNAL_BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const PIN = '2580';
// Blocks only when asked (POST /dev/mine): the test decides when the chain moves.
const env = { DEVNET_BLOCK_INTERVAL_MS: '600000', TREASURY_SWEEPS: 'off' };

let database: TestDatabase;
let server: ServerChild | undefined;
let token: string;
let email: string;

async function api<T>(method: 'GET' | 'POST', url: string, body?: object): Promise<T> {
  const response = await fetch(`${server!.baseUrl}/api/v1${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(method === 'POST' ? { 'idempotency-key': crypto.randomUUID() } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(60_000),
  }).catch((error: unknown) => {
    throw new Error(`${method} ${url}: ${String(error)}\n${server!.output()}`);
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

const mine = (network: string, blocks: number) => api('POST', '/dev/mine', { network, blocks });
const faucet = (asset: string, amount: string) =>
  api<{ txid: string }>('POST', '/dev/faucet', { email, asset, amount });
const send = (walletId: string, amount: string) =>
  api<{ id: string; txid: string }>('POST', '/wallet/sendTransaction', {
    walletId,
    address: EXTERNAL_BTC,
    amount,
    pin: PIN,
    priority: 'fast',
  });

async function wallets(): Promise<Record<string, Pick<Wallet, 'id' | 'balance' | 'held'>>> {
  const list = await api<WalletList>('GET', '/wallet');
  return Object.fromEntries(list.wallets.map(({ id, balance, held, network }) => [network.id, { id, balance, held }]));
}

async function credits(txid: string): Promise<string[]> {
  const { rows } = await database.db.execute<{ status: string }>(
    sql`SELECT status FROM chain_deposits WHERE txid = ${txid}`,
  );
  return rows.map((row) => row.status);
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await database.destroy();
});

describe('the sandbox killed with SIGKILL while its devnet mines', () => {
  it('comes back with the same balances and history, credits and settles once, and goes on', async () => {
    server = await startServerChild({ databaseUrl: database.url, env });
    const customer = await insertSignedInCustomer(database.pool, 'devnet');
    token = customer.token;
    const { rows } = await database.pool.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [
      customer.userId,
    ]);
    email = rows[0]!.email;
    await api('POST', '/user/pin', { pin: PIN });
    await api('GET', '/wallet/generate');
    await faucet('BTC', '1');
    await mine('btc', 2);
    const ethDeposit = await faucet('ETH', '2');
    const sent = await send((await wallets()).btc!.id, '0.1');
    await mine('eth', 3);
    const before = await wallets();
    const historyBefore = await api<WalletTransactions>('GET', `/wallet/${before.btc!.id}`);
    expect(before.btc).toMatchObject({ held: expect.not.stringMatching(/^0$/) });

    // Killed while a burst of blocks is being mined and written.
    const burst = [mine('sol', 20), mine('bsc', 20), mine('xrp', 20)].map((call) => call.catch(() => undefined));
    const exited = new Promise((resolve) => server!.child.once('exit', resolve));
    server.child.kill('SIGKILL');
    await Promise.all([exited, ...burst]);

    server = await startServerChild({ databaseUrl: database.url, env });
    expect(await wallets()).toEqual(before);
    // The history's rows (the page also carries the live USD price, which moves on its own).
    expect((await api<WalletTransactions>('GET', `/wallet/${before.btc!.id}`)).items).toEqual(historyBefore.items);

    await mine('eth', 12);
    expect(await credits(ethDeposit.txid)).toEqual(['credited']);
    await mine('btc', 2);
    const { rows: sends } = await database.pool.query<{ status: string; txid: string }>(
      'SELECT status, txid FROM wallet_sends WHERE id = $1',
      [sent.id],
    );
    expect(sends).toEqual([{ status: 'posted', txid: sent.txid }]);

    // Further deposits and sends work on the restored chains.
    const ltc = await faucet('LTC', '5');
    await mine('ltc', 4);
    expect(await credits(ltc.txid)).toEqual(['credited']);
    const again = await send(before.btc!.id, '0.05');
    await mine('btc', 2);
    const after = await wallets();
    expect(after).toMatchObject({ eth: { balance: '2', held: '0' }, ltc: { balance: '5' }, btc: { held: '0' } });
    expect((await api<WalletTransactions>('GET', `/wallet/${before.btc!.id}`)).items[0]).toMatchObject({
      id: again.id,
      status: 'completed',
    });
    await assertLedgerInvariants(database.db);

    // Fresh readings of the chains used (a reconcile every ten blocks), then the check the operator runs.
    for (const network of ['btc', 'ltc', 'eth']) await mine(network, 10);
    const check = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/ledger-check.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: database.url },
      timeout: 120_000,
    });
    expect(check.stdout).toContain('All ledger invariants hold.');
    expect(check.stdout).toContain('Every chain read covers the ledger.');
  }, 300_000);
});
