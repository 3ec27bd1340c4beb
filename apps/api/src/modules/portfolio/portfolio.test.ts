// GET /dashboard and GET /assets/rora-assets: the portfolio valued at the latest prices (every
// account of the customer counted: available, held, cold), the day's change from the price of 24
// hours before, and the catalogue with its networks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Dashboard, RoraAsset } from '@rora/contracts';
import { assertLedgerInvariants } from '@rora/ledger';
import type { TestApp } from '../../testing/test-app.ts';
import {
  TEST_PIN,
  call,
  createWalletCustomer,
  createWalletTestApp,
  fund,
  post,
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

describe('dashboard', () => {
  it('is zero for a new customer, with every listed asset', async () => {
    const dashboard = (await call(t, alice, 'GET /dashboard')).json().data as Dashboard;
    expect(dashboard.totalBalance).toBe('0.00');
    expect(dashboard.assets).toHaveLength(9);
    expect(dashboard.assets[0]).toMatchObject({ assetSymbol: 'BTC', total: '0', usdPrice: '65000', usdValue: '0.00' });
  });

  it('values everything the customer owns, and the change since the price of a day ago', async () => {
    await fund(t, alice, 'btc', '0.2');
    await fund(t, alice, 'sol', '10');
    await post(t, alice, '/coldwallet', { type: 'create', assetSymbol: 'SOL', quantity: '4', pin: TEST_PIN });
    // A day later BTC is at 71,500 (+10%).
    t.clock.advance(25 * 3_600_000);
    await t.database.db.execute(
      sql`INSERT INTO asset_prices (asset, usd_price, source, observed_at) VALUES ('BTC', 71500, 'test', ${t.clock.now()})`,
    );
    const dashboard = (await call(t, alice, 'GET /dashboard')).json().data as Dashboard;
    const btc = dashboard.assets.find((asset) => asset.assetSymbol === 'BTC');
    const sol = dashboard.assets.find((asset) => asset.assetSymbol === 'SOL');
    expect(btc).toMatchObject({ total: '0.2', usdPrice: '71500', usdValue: '14300.00', change24h: '10.00' });
    expect(sol).toMatchObject({ available: '6', cold: '4', total: '10', usdValue: '1500.00', change24h: '0.00' });
    expect(dashboard.totalBalance).toBe('15800.00');
    // (15,800 - 14,500) / 14,500
    expect(dashboard.change24h).toBe('8.97');
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
