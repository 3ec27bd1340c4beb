// The cold wallet on the real app and database: holdings listed with their US dollar total, moves
// in ("create") and out ("withdraw") with the PIN and an Idempotency-Key, refusals with no effect,
// each holding's moves page by page, and the access matrix.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ColdWalletList, Dashboard } from '@rora/contracts';
import { loseAnswer } from '../../testing/idempotency.ts';
import { formatCents, parsePrice, usdCents } from '../prices/index.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { createTestUser } from '../../testing/users.ts';
import {
  TEST_PIN,
  balanceOf,
  call,
  post,
  postWithKey,
  type WalletCustomer,
} from '../wallets/testing/wallet-fixtures.ts';
import { setUpWalletSuite } from '../wallets/testing/wallet-suite.ts';

let t: TestApp;
let alice: WalletCustomer;
setUpWalletSuite({ network: 'eth', amount: '4' }, (suite) => ({ t, alice } = suite));

const move = (body: Record<string, unknown>) => {
  t.clock.advance(1_000);
  return post(t, alice, '/coldwallet', { pin: TEST_PIN, ...body });
};
const list = async (customer = alice) => (await call(t, customer, 'GET /coldwallet')).json().data as ColdWalletList;

async function usdPriceOf(asset: string): Promise<bigint> {
  const dashboard = (await call(t, alice, 'GET /dashboard')).json().data as Dashboard;
  return parsePrice(dashboard.assets.find((entry) => entry.assetSymbol === asset)!.usdPrice!);
}

describe('cold wallet', () => {
  it('lists one empty holding per asset, with a total of zero', async () => {
    const holdings = await list();
    expect(holdings.totalBalance).toBe('0.00');
    expect(holdings.wallets.map((wallet) => wallet.assetSymbol)).toEqual([
      'BTC',
      'ETH',
      'USDT',
      'BNB',
      'SOL',
      'XRP',
      'LTC',
      'BUSD',
      'ADX',
    ]);
    expect(holdings.wallets[1]).toMatchObject({ assetSymbol: 'ETH', quantity: '0', available: '4', name: 'Ethereum' });
  });

  it('moves funds in and back out, with the house moving its coins alike', async () => {
    const created = await move({ type: 'create', assetSymbol: 'ETH', quantity: '1.5' });
    expect(created.statusCode, created.body).toBe(200);
    // Valued at ETH's live price, as the portfolio values it (issue 19).
    const ethPrice = await usdPriceOf('ETH');
    const worth = formatCents(usdCents(1_500_000_000_000_000_000n, 18, ethPrice));
    expect(created.json().data).toMatchObject({
      wallet: { assetSymbol: 'ETH', quantity: '1.5', available: '2.5', usdValue: worth },
      move: { direction: 'to_cold', amount: '1.5' },
    });
    expect((await list()).totalBalance).toBe(worth);
    expect((await balanceOf(t, alice, 'eth')).balance).toBe('2.5');

    const withdrawn = await move({ type: 'withdraw', assetSymbol: 'ETH', quantity: '0.5' });
    expect(withdrawn.json().data.wallet).toMatchObject({ quantity: '1', available: '3' });
    const { rows } = await t.database.db.execute<{ kind: string; balance: string }>(
      sql`SELECT kind, balance::text FROM ledger_accounts WHERE owner_id IS NULL AND asset = 'ETH' ORDER BY kind`,
    );
    expect(rows).toContainEqual({ kind: 'cold_omnibus', balance: '-1000000000000000000' });
    const kinds = (await t.app.services.notifications.list(alice.userId, { page: 1, limit: 50 })).items.map(
      (n) => n.kind,
    );
    expect(kinds).toEqual(expect.arrayContaining(['cold_wallet_deposit', 'cold_wallet_withdrawal']));
  });

  it('refuses more than is there, either way, and changes nothing', async () => {
    const tooMuchIn = await move({ type: 'create', assetSymbol: 'ETH', quantity: '10' });
    expect([tooMuchIn.statusCode, tooMuchIn.json().error.code]).toEqual([422, 'available_balance_must_cover_amount']);
    const tooMuchOut = await move({ type: 'withdraw', assetSymbol: 'ETH', quantity: '2' });
    expect([tooMuchOut.statusCode, tooMuchOut.json().error.code]).toEqual([422, 'cold_balance_must_cover_amount']);
    const eth = (await list()).wallets.find((wallet) => wallet.assetSymbol === 'ETH');
    expect(eth).toMatchObject({ quantity: '1', available: '3' });
  });

  it('needs the PIN and a valid amount', async () => {
    const noPin = await post(t, alice, '/coldwallet', { type: 'create', assetSymbol: 'ETH', quantity: '0.1' });
    expect([noPin.statusCode, noPin.json().error.code]).toEqual([403, 'pin_required']);
    const wrongPin = await move({ type: 'create', assetSymbol: 'ETH', quantity: '0.1', pin: '9471' });
    expect(wrongPin.json().error.code).toBe('pin_is_invalid');
    for (const [quantity, code] of [
      ['0', 'amount_must_be_positive'],
      ['1.0000000000000000001', 'amount_has_too_many_decimals'],
      ['-1', 'amount_is_not_a_decimal'],
      ['1e3', 'amount_is_not_a_decimal'],
    ]) {
      const response = await move({ type: 'create', assetSymbol: 'ETH', quantity });
      expect([response.statusCode >= 400 && response.statusCode < 500, response.json().error.code], quantity).toEqual([
        true,
        code,
      ]);
    }
    const number = await move({ type: 'create', assetSymbol: 'ETH', quantity: 1 });
    expect(number.statusCode).toBe(400);
    const unknown = await move({ type: 'create', assetSymbol: 'DOGE', quantity: '1' });
    expect(unknown.statusCode).toBe(404);
  });

  it('pages a holding moves, newest first, and hides it from other customers', async () => {
    const eth = (await list()).wallets.find((wallet) => wallet.assetSymbol === 'ETH')!;
    const page = (await call(t, alice, `GET /coldwallet/${eth.id}?page=1&limit=1`)).json().data;
    expect(page).toMatchObject({ total: 2, page: 1, limit: 1, wallet: { id: eth.id, quantity: '1' } });
    expect(page.items[0]).toMatchObject({ direction: 'from_cold', amount: '0.5' });
    const mallory = await createTestUser(t);
    expect((await call(t, mallory, `GET /coldwallet/${eth.id}`)).statusCode).toBe(404);
    expect((await call(t, mallory, 'GET /coldwallet/nope')).statusCode).toBe(404);
    expect((await call(t, null, `GET /coldwallet/${eth.id}`)).statusCode).toBe(401);
    expect((await call(t, null, 'GET /coldwallet')).statusCode).toBe(401);
  });

  it('answers a retry whose first answer died with its process from the move that committed', async () => {
    const key = 'cold-move-answer-lost';
    const body = { type: 'create', assetSymbol: 'ETH', quantity: '0.25', pin: TEST_PIN };
    const first = await postWithKey(t, { user: alice, url: '/coldwallet', body, key });
    expect(first.statusCode, first.body).toBe(200);
    await loseAnswer(t, alice.userId, key);
    const retry = await postWithKey(t, { user: alice, url: '/coldwallet', body, key });
    expect([retry.statusCode, retry.headers['idempotent-replayed']]).toEqual([200, 'true']);
    expect(retry.json().data).toMatchObject({ move: first.json().data.move, wallet: { quantity: '1.25' } });
    const eth = (await list()).wallets.find((wallet) => wallet.assetSymbol === 'ETH');
    expect(eth).toMatchObject({ quantity: '1.25', available: '2.75' });
  });
});
