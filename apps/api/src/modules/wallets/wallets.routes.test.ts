// GET /wallet, GET /wallet/generate, PUT /wallet and GET /wallet/{id} on the real app and database:
// one wallet per network with an address derived from the configured keys, balances and their
// US dollar total, favourites, paging, and the access matrix (owner, another customer, anonymous).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard, WalletList } from '@rora/contracts';
import { formatCents, parsePrice, usdCents } from '../prices/index.ts';
import { NETWORK_IDS } from '@rora/chains';
import { assertLedgerInvariants } from '@rora/ledger';
import type { TestApp } from '../../testing/test-app.ts';
import { createTestUser } from '../../testing/users.ts';
import {
  call,
  createWalletCustomer,
  createWalletTestApp,
  fund,
  type WalletCustomer,
} from './testing/wallet-fixtures.ts';

let t: TestApp;
let alice: WalletCustomer;

beforeAll(async () => {
  t = await createWalletTestApp();
  alice = await createWalletCustomer(t);
});
afterAll(async () => {
  await assertLedgerInvariants(t.database.db);
  await t.close();
});

describe('wallets', () => {
  it('lists nothing before the wallets are generated, and says so', async () => {
    const newcomer = await createTestUser(t);
    const response = await call(t, newcomer, 'GET /wallet');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ wallets: [], totalBalance: '0.00', complete: false });
  });

  it('generates one wallet per network, with the catalogue name and logo, and does it once', async () => {
    expect(alice.wallets.map((wallet) => wallet.network.id).sort()).toEqual([...NETWORK_IDS].sort());
    const btc = alice.wallet('btc');
    expect(btc.network).toMatchObject({ assetSymbol: 'BTC', assetName: 'Bitcoin', logo: '/assets/logos/btc.svg' });
    expect(btc).toMatchObject({ balance: '0', held: '0', usdValue: '0.00', favourite: false, destinationTag: null });
    expect(btc.address).toMatch(/^bc1q/);
    // ERC-20 tokens share the customer's Ethereum address; XRP is the omnibus address plus a tag.
    expect(alice.wallet('usdt-erc20').address).toBe(alice.wallet('eth').address);
    expect(alice.wallet('xrp').destinationTag).toBeGreaterThanOrEqual(100_000);
    const again = await call(t, alice, 'GET /wallet/generate');
    expect((again.json().data as WalletList).wallets.map((wallet) => wallet.id).sort()).toEqual(
      alice.wallets.map((wallet) => wallet.id).sort(),
    );
    expect((again.json().data as WalletList).complete).toBe(true);
  });

  it('gives two customers different addresses and tags', async () => {
    const bob = await createWalletCustomer(t);
    expect(bob.wallet('btc').address).not.toBe(alice.wallet('btc').address);
    expect(bob.wallet('xrp').address).toBe(alice.wallet('xrp').address);
    expect(bob.wallet('xrp').destinationTag).not.toBe(alice.wallet('xrp').destinationTag);
  });

  it('values balances at the live prices (the portfolio’s) and totals them in US dollars', async () => {
    await fund(t, alice, 'btc', '0.5');
    await fund(t, alice, 'xrp', '100');
    const list = (await call(t, alice, 'GET /wallet')).json().data as WalletList;
    const dashboard = (await call(t, alice, 'GET /dashboard')).json().data as Dashboard;
    const priceOf = (asset: string) => dashboard.assets.find((entry) => entry.assetSymbol === asset)!.usdPrice!;
    const btc = list.wallets.find((wallet) => wallet.network.id === 'btc');
    const btcCents = usdCents(50_000_000n, 8, parsePrice(priceOf('BTC')));
    const xrpCents = usdCents(100_000_000n, 6, parsePrice(priceOf('XRP')));
    expect(btc).toMatchObject({ balance: '0.5', usdPrice: priceOf('BTC'), usdValue: formatCents(btcCents) });
    expect(list.totalBalance).toBe(formatCents(btcCents + xrpCents));
  });

  it('toggles the favourite flag, or sets it', async () => {
    const id = alice.wallet('eth').id;
    const on = await call(t, alice, 'PUT /wallet', { id });
    expect(on.json().data).toMatchObject({ id, favourite: true });
    const off = await call(t, alice, 'PUT /wallet', { id });
    expect(off.json().data.favourite).toBe(false);
    const set = await call(t, alice, 'PUT /wallet', { id, favourite: true });
    expect(set.json().data.favourite).toBe(true);
  });

  it('pages a wallet transactions, newest first', async () => {
    for (const amount of ['1', '2', '3']) {
      t.clock.advance(60_000);
      await fund(t, alice, 'ltc', amount);
    }
    const id = alice.wallet('ltc').id;
    const first = (await call(t, alice, `GET /wallet/${id}?page=1&limit=2`)).json().data;
    expect(first).toMatchObject({ page: 1, limit: 2, total: 3 });
    expect(first.wallet).toMatchObject({ id, balance: '6' });
    expect(first.items.map((item: { amount: string }) => item.amount)).toEqual(['3', '2']);
    const second = (await call(t, alice, `GET /wallet/${id}?page=2&limit=2`)).json().data;
    expect(second.items.map((item: { amount: string }) => item.amount)).toEqual(['1']);
    expect(second.items[0]).toMatchObject({ type: 'deposit', direction: 'in', status: 'completed', stage: 'credited' });
  });

  it('refuses a query parameter it does not know by name rather than ignoring it (no asset filter)', async () => {
    for (const path of ['GET /wallet/history?asset=BTC', 'GET /wallet?asset=BTC', 'GET /wallet/history?page=1&x=1']) {
      const response = await call(t, alice, path);
      const unknown = path.endsWith('x=1') ? 'x' : 'asset';
      expect([response.statusCode, response.json().data[0]], path).toEqual([
        400,
        { code: 'request_validation_failed', message: `Unrecognized key: "${unknown}"`, field: unknown },
      ]);
    }
    expect((await call(t, alice, 'GET /wallet/history?page=1&limit=5')).statusCode).toBe(200);
  });

  it('answers 404 for another customer wallet or an id that is not one, and 401 signed out', async () => {
    const mallory = await createTestUser(t);
    const id = alice.wallet('btc').id;
    for (const path of [`GET /wallet/${id}`, 'GET /wallet/not-a-uuid']) {
      const response = await call(t, mallory, path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().error.code).toBe('resource_not_found');
    }
    expect((await call(t, mallory, 'PUT /wallet', { id })).statusCode).toBe(404);
    for (const path of ['GET /wallet', `GET /wallet/${id}`, 'GET /wallet/generate', 'GET /wallet/history']) {
      expect((await call(t, null, path)).statusCode, path).toBe(401);
    }
  });
});
