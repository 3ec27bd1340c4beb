// GET /dashboard and GET /assets/rora-assets: the portfolio valued at the live prices (every
// account of the customer counted: available, held, cold), the same price the exchange's ticker and
// GET /wallet show, and the catalogue with its networks. The price rules: live-prices.test.ts.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard, RoraAsset, Ticker, WalletList } from '@rora/contracts';
import { schema } from '@rora/db';
import { assertLedgerInvariants } from '@rora/ledger';
import { assetScale, parseAmount, type AssetSymbol } from '@rora/money';
import type { TestApp } from '../../testing/test-app.ts';
import { seedStakingRewards } from '../staking/index.ts';
import { formatCents, formatPrice, parsePrice, usdCents } from '../prices/index.ts';
import {
  TEST_PIN,
  call,
  createWalletCustomer,
  createWalletTestApp,
  fund,
  post,
  postWithKey,
  type WalletCustomer,
} from '../wallets/testing/wallet-fixtures.ts';

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

/** BTC/USDT's ticker as the exchange shows it: the price the portfolio must agree with. */
async function btcTicker(): Promise<Ticker> {
  return (await call(t, alice, 'GET /market/ticker?symbol=BTC/USDT')).json().data as Ticker;
}

describe('dashboard', () => {
  it('is zero for a new customer, with every listed asset at its live price', async () => {
    const dashboard = (await call(t, alice, 'GET /dashboard')).json().data as Dashboard;
    expect(dashboard.totalBalance).toBe('0.00');
    expect(dashboard.assets).toHaveLength(9);
    // No trade on Rora's book here: the venues' reference, not the seeded 65,000 (issue 19).
    const ticker = await btcTicker();
    expect(ticker.referencePrice).not.toBeNull();
    expect(dashboard.assets[0]).toMatchObject({
      assetSymbol: 'BTC',
      total: '0',
      usdPrice: ticker.referencePrice,
      usdValue: '0.00',
      priceSource: 'venues',
      priceStale: false,
    });
    expect(dashboard.assets.find((asset) => asset.assetSymbol === 'USDT')).toMatchObject({
      usdPrice: '1',
      priceSource: 'catalogue',
      priceStale: false,
    });
  });

  it('values everything the customer owns at the live prices, cold storage included', async () => {
    await fund(t, alice, 'btc', '0.2');
    await fund(t, alice, 'sol', '10');
    await post(t, alice, '/coldwallet', { type: 'create', assetSymbol: 'SOL', quantity: '4', pin: TEST_PIN });
    const dashboard = (await call(t, alice, 'GET /dashboard')).json().data as Dashboard;
    const btc = dashboard.assets.find((asset) => asset.assetSymbol === 'BTC')!;
    const sol = dashboard.assets.find((asset) => asset.assetSymbol === 'SOL')!;
    const btcPrice = parsePrice((await btcTicker()).referencePrice!);
    expect(btc).toMatchObject({ total: '0.2', usdPrice: formatPrice(btcPrice), priceSource: 'venues' });
    expect(btc.usdValue).toBe(formatCents(usdCents(20_000_000n, 8, btcPrice)));
    expect(sol).toMatchObject({ available: '6', cold: '4', total: '10', priceSource: 'venues' });
    const solPrice = parsePrice(sol.usdPrice!);
    expect(sol.usdValue).toBe(formatCents(usdCents(10_000_000_000n, 9, solPrice)));
    const total = usdCents(20_000_000n, 8, btcPrice) + usdCents(10_000_000_000n, 9, solPrice);
    expect(dashboard.totalBalance).toBe(formatCents(total));
  });

  it('shows every part of each total: staked coins and loan collateral too', async () => {
    await seedStakingRewards(t.database);
    // Staking needs approved KYC (spec §9).
    await t.database.db.update(schema.users).set({ kycStatus: 'approved' }).where(eq(schema.users.id, alice.userId));
    await fund(t, alice, 'usdt-erc20', '100');
    const staked = await postWithKey(t, {
      user: alice,
      url: '/staking/stake',
      body: { plan: 'usdt-flexible', amount: '30' },
      key: randomUUID(),
    });
    expect(staked.statusCode, staked.body).toBe(201);
    const dashboard = (await call(t, alice, 'GET /dashboard')).json().data as Dashboard;
    const usdt = dashboard.assets.find((asset) => asset.assetSymbol === 'USDT')!;
    expect(usdt).toMatchObject({ staked: '30', loanEscrow: '0', lent: '0', owed: '0' });
    for (const asset of dashboard.assets) {
      const scale = assetScale(asset.assetSymbol as AssetSymbol);
      const parts = [asset.available, asset.held, asset.cold, asset.staked, asset.loanEscrow, asset.lent];
      const sum = parts.reduce((total, part) => total + parseAmount(part, scale), 0n);
      expect(sum - parseAmount(asset.owed, scale), asset.assetSymbol).toBe(parseAmount(asset.total, scale));
    }
  });

  it('prices each wallet in GET /wallet as the portfolio does', async () => {
    const dashboard = (await call(t, alice, 'GET /dashboard')).json().data as Dashboard;
    const { wallets } = (await call(t, alice, 'GET /wallet')).json().data as WalletList;
    const btcWallet = wallets.find((wallet) => wallet.network.assetSymbol === 'BTC')!;
    expect(btcWallet.usdPrice).toBe(dashboard.assets.find((asset) => asset.assetSymbol === 'BTC')!.usdPrice);
    expect(btcWallet.usdPrice).not.toBe('65000');
  });
});

describe('rora assets', () => {
  it('lists the catalogue with prices and the networks of each asset', async () => {
    const items = (await call(t, alice, 'GET /assets/rora-assets')).json().data.items as RoraAsset[];
    expect(items.map((item) => item.symbol)).toEqual(['BTC', 'ETH', 'USDT', 'BNB', 'SOL', 'XRP', 'LTC', 'BUSD', 'ADX']);
    expect(items.find((item) => item.symbol === 'USDT')).toMatchObject({
      decimals: 6,
      usdPrice: '1',
      logo: '/assets/logos/usdt.svg',
      networks: [{ id: 'usdt-erc20', name: 'Tether USD (ERC-20)', confirmations: 12 }],
    });
    expect((await call(t, null, 'GET /assets/rora-assets')).statusCode).toBe(401);
  });
});
