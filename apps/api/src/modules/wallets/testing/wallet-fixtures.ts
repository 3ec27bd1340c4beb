// Helpers for the wallets API tests: the real app on a fresh database with the asset catalogue
// seeded, customers with a PIN and their wallets, devnet deposits confirmed by mining blocks (never
// by sleeping), and calls through `inject`.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { NetworkId } from '@rora/chains';
import type { Wallet, WalletList } from '@rora/contracts';
import { parseAmount } from '@rora/money';
import { createTestApp, type TestApp, type TestAppOptions } from '../../../testing/test-app.ts';
import { createTestUser, type TestUser } from '../../../testing/users.ts';
import { seedAssetCatalogue } from '../../prices/index.ts';

export const TEST_PIN = '2580';
/** The fee quotes' key of the tests that need one known (production refuses it: production-secrets.ts). */
export const FEE_QUOTE_TEST_SECRET = 'fee-quote-secret-of-these-tests-0123456789';

export async function createWalletTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const t = await createTestApp(options);
  await seedAssetCatalogue(t.database);
  return t;
}

export interface WalletCustomer extends TestUser {
  wallets: Wallet[];
  wallet(network: NetworkId): Wallet;
}

/** A customer with a PIN and all their wallets. */
export async function createWalletCustomer(t: TestApp, options: { pin?: string | null } = {}): Promise<WalletCustomer> {
  const user = await createTestUser(t);
  const pin = options.pin === undefined ? TEST_PIN : options.pin;
  if (pin !== null) await t.app.services.accounts.pin.set(user.userId, pin);
  const response = await call(t, user, 'GET /wallet/generate');
  if (response.statusCode !== 200) throw new Error(`generate answered ${response.statusCode}: ${response.body}`);
  const wallets = (response.json().data as WalletList).wallets;
  return {
    ...user,
    wallets,
    wallet(network) {
      const found = wallets.find((wallet) => wallet.network.id === network);
      if (!found) throw new Error(`no ${network} wallet`);
      return found;
    },
  };
}

interface Request {
  readonly user: Pick<TestUser, 'headers'> | null;
  /** `METHOD /path` under /api/v1. */
  readonly request: string;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

export function inject(t: TestApp, { user, request, body, headers = {} }: Request) {
  const [method, url] = request.split(' ') as ['GET' | 'POST' | 'PUT', string];
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(user?.headers ?? {}), ...headers },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

export function call(t: TestApp, user: Pick<TestUser, 'headers'> | null, request: string, body?: unknown) {
  return inject(t, { user, request, body });
}

/** POST with an Idempotency-Key (a fresh one unless `key` is given). */
export function post(t: TestApp, user: TestUser, url: string, body: unknown) {
  return postWithKey(t, { user, url, body, key: randomUUID() });
}

export function postWithKey(t: TestApp, options: { user: TestUser; url: string; body: unknown; key: string }) {
  const { user, url, body, key } = options;
  return inject(t, { user, request: `POST ${url}`, body, headers: { 'idempotency-key': key } });
}

/** A Bitcoin address outside Rora, to send to. */
export const EXTERNAL_BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

/** POST /wallet/sendTransaction: `amount` BTC from the customer's wallet to EXTERNAL_BTC, fast. */
export function sendBtcOut(t: TestApp, customer: WalletCustomer, amount: string) {
  return post(t, customer, '/wallet/sendTransaction', {
    walletId: customer.wallet('btc').id,
    address: EXTERNAL_BTC,
    amount,
    pin: TEST_PIN,
    priority: 'fast',
  });
}

/** Mines blocks on a network's chain and waits until the chain watcher has handled every event. */
/** A keyed move of 0.5 ETH to the customer's cold wallet (POST /coldwallet). */
export function coldMove(t: TestApp, user: TestUser, key: string) {
  return postWithKey(t, {
    user,
    url: '/coldwallet',
    body: { type: 'create', assetSymbol: 'ETH', quantity: '0.5', pin: TEST_PIN },
    key,
  });
}

/** How many cold-wallet moves the customer has in the database. */
export async function coldMovesOf(t: TestApp, user: TestUser): Promise<number> {
  const { rows } = await t.database.pool.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM cold_wallet_moves WHERE user_id = $1',
    [user.userId],
  );
  return rows[0]!.count;
}

export async function mine(t: TestApp, network: NetworkId, blocks = 1): Promise<void> {
  t.app.services.chains.devnet.mineBlocks(network, blocks);
  // With the devnet kept in PostgreSQL, events wait for their blocks to be written (ADR 0048).
  await t.app.services.chains.devnet.flush();
  await t.app.services.chainWatcher.idle();
}

/** A deposit from outside to the customer's wallet, seen in the mempool (not yet mined). */
export async function sendDeposit(t: TestApp, customer: WalletCustomer, network: NetworkId, amount: string) {
  const wallet = customer.wallet(network);
  // Time moves on between events, so "newest first" is well defined.
  t.clock.advance(1_000);
  const transaction = t.app.services.chains.devnet.fundAddress({
    network,
    address: wallet.address,
    amount: parseAmount(amount, wallet.network.decimals),
    ...(wallet.destinationTag === null ? {} : { destinationTag: wallet.destinationTag }),
  });
  await t.app.services.chains.devnet.flush();
  await t.app.services.chainWatcher.idle();
  return transaction;
}

/** A deposit credited: sent and mined to the network's confirmations. */
export async function fund(t: TestApp, customer: WalletCustomer, network: NetworkId, amount: string): Promise<void> {
  await sendDeposit(t, customer, network, amount);
  await mine(t, network, customer.wallet(network).network.confirmations);
}

export async function balanceOf(t: TestApp, customer: TestUser, network: NetworkId): Promise<Wallet> {
  const response = await call(t, customer, 'GET /wallet');
  const wallet = (response.json().data as WalletList).wallets.find((item) => item.network.id === network);
  if (!wallet) throw new Error(`no ${network} wallet`);
  return wallet;
}

/** The devnet coins of a network on Rora's addresses: the hot wallet and every deposit address. */
export async function coinsOnChain(t: TestApp, network: NetworkId): Promise<bigint> {
  const devnet = t.app.services.chains.devnet;
  const { rows } = await t.database.db.execute<{ address: string }>(
    sql`SELECT DISTINCT address FROM wallets WHERE network = ${network}`,
  );
  const addresses = new Set([devnet.signer.addressFor(network), ...rows.map((row) => row.address)]);
  let total = 0n;
  for (const address of addresses) total += devnet.balanceOf(network, address);
  return total;
}
