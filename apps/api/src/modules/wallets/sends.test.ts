// Sends on the devnet and real PostgreSQL: amount + fee held, the PIN (or authenticator code) checked,
// broadcast once, confirmed, then posted; a refused or failed broadcast voids the hold; a send to
// another Rora customer settles internally with no fee. The ledger invariants hold after each test.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Dashboard, WalletTransaction, WalletTransactions } from '@rora/contracts';
import { parseAmount } from '@rora/money';
import type { TestApp } from '../../testing/test-app.ts';
import { enableTwoFactor, totpCode } from '../accounts/testing/customers.ts';
import {
  TEST_PIN,
  balanceOf,
  call,
  createWalletCustomer,
  fund,
  mine,
  post,
  postWithKey,
  type WalletCustomer,
} from './testing/wallet-fixtures.ts';
import { setUpWalletSuite } from './testing/wallet-suite.ts';

const EXTERNAL_BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const EXTERNAL_ETH = '0x52908400098527886E0F7030069857D2E4169EE7';

const sats = (text: string) => parseAmount(text, 8);

let t: TestApp;
let alice: WalletCustomer;
let bob: WalletCustomer;
setUpWalletSuite({ network: 'btc', amount: '1' }, (suite) => ({ t, alice, bob } = suite), { TREASURY_SWEEPS: 'off' });

/** A send at the fast fee (next block), a second after the previous event. */
function send(customer: WalletCustomer, body: Record<string, unknown>) {
  t.clock.advance(1_000);
  return post(t, customer, '/wallet/sendTransaction', { pin: TEST_PIN, priority: 'fast', ...body });
}

async function kinds(customer: WalletCustomer): Promise<string[]> {
  return (await t.app.services.notifications.list(customer.userId, { page: 1, limit: 100 })).items.map((n) => n.kind);
}

async function houseBalance(asset: string, kind: string): Promise<string> {
  const { rows } = await t.database.db.execute<{ balance: string }>(
    sql`SELECT balance::text FROM ledger_accounts WHERE owner_id IS NULL AND asset = ${asset} AND kind = ${kind}`,
  );
  return rows[0]?.balance ?? '0';
}

describe('an external send', () => {
  it('holds amount + fee, broadcasts once, and posts after the confirmations', async () => {
    const response = await send(alice, { walletId: alice.wallet('btc').id, address: EXTERNAL_BTC, amount: '0.1' });
    expect(response.statusCode, response.body).toBe(200);
    const sent = response.json().data as WalletTransaction;
    expect(sent).toMatchObject({
      type: 'send',
      direction: 'out',
      status: 'pending',
      stage: 'broadcast',
      amount: '0.1',
    });
    expect(sent.txid).toMatch(/^[0-9a-f]{64}$/);
    const fee = sats(sent.fee);
    expect(fee).toBeGreaterThan(0n);
    let wallet = await balanceOf(t, alice, 'btc');
    expect(sats(wallet.held)).toBe(10_000_000n + fee);
    expect(sats(wallet.balance)).toBe(90_000_000n - fee);
    const chain = await t.app.services.chains.adapter('btc').getTransaction(sent.txid!);
    expect(chain).toMatchObject({ to: EXTERNAL_BTC, amount: 10_000_000n, status: 'pending' });

    await mine(t, 'btc');
    const page = (await call(t, alice, `GET /wallet/${alice.wallet('btc').id}`)).json().data as WalletTransactions;
    expect(page.items[0]).toMatchObject({ id: sent.id, status: 'pending', confirmations: 1 });
    // While held, the row shows what it holds (amount and fee) but is not yet part of the balance's sum.
    expect(sats(page.items[0]!.amount)).toBe(10_000_000n + fee);
    await mine(t, 'btc');
    wallet = await balanceOf(t, alice, 'btc');
    expect(wallet.held).toBe('0');
    expect(sats(wallet.balance)).toBe(90_000_000n - fee);
    const done = (await call(t, alice, `GET /wallet/${alice.wallet('btc').id}`)).json().data as WalletTransactions;
    expect(done.items[0]).toMatchObject({ id: sent.id, status: 'completed', stage: 'posted', fee: sent.fee });
    // The history explains the balance: its completed rows sum to it, the send's fee included (ADR 0037).
    const signed = done.items
      .filter((item) => item.status === 'completed')
      .reduce((sum, item) => sum + (item.direction === 'in' ? sats(item.amount) : -sats(item.amount)), 0n);
    expect(signed).toBe(sats(wallet.balance) + sats(wallet.held));
    expect(await houseBalance('BTC', 'fee_result')).toBe(
      String(fee - BigInt((await t.app.services.chains.adapter('btc').getTransaction(sent.txid!))!.fee)),
    );
    expect(await kinds(alice)).toEqual(
      expect.arrayContaining(['wallet_send_held', 'wallet_send_broadcast', 'wallet_send_completed']),
    );
  });

  it('refuses what the available balance does not cover, holding nothing', async () => {
    const response = await send(alice, { walletId: alice.wallet('btc').id, address: EXTERNAL_BTC, amount: '5' });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('available_balance_must_cover_amount_and_fee');
    expect((await balanceOf(t, alice, 'btc')).held).toBe('0');
  });

  it('needs the PIN, refuses a wrong one, and leaves no trace of a refused send', async () => {
    const body = { walletId: alice.wallet('btc').id, address: EXTERNAL_BTC, amount: '0.01' };
    const before = await balanceOf(t, alice, 'btc');
    const missing = await post(t, alice, '/wallet/sendTransaction', body);
    expect([missing.statusCode, missing.json().error.code]).toEqual([403, 'pin_required']);
    const wrong = await post(t, alice, '/wallet/sendTransaction', { ...body, pin: '9471' });
    expect([wrong.statusCode, wrong.json().error.code]).toEqual([400, 'pin_is_invalid']);
    expect(await balanceOf(t, alice, 'btc')).toMatchObject({ balance: before.balance, held: '0' });
    const page = (await call(t, alice, `GET /wallet/${alice.wallet('btc').id}`)).json().data as WalletTransactions;
    expect(page.items.every((item) => item.amount !== '0.01')).toBe(true);
  });

  it('asks a customer without a PIN to set one', async () => {
    const carol = await createWalletCustomer(t, { pin: null });
    const response = await post(t, carol, '/wallet/sendTransaction', {
      walletId: carol.wallet('btc').id,
      address: EXTERNAL_BTC,
      amount: '0.01',
    });
    expect([response.statusCode, response.json().error.code]).toEqual([409, 'pin_not_set']);
  });

  it('takes the authenticator code instead of the PIN once withdrawal 2FA is on', async () => {
    const dave = await createWalletCustomer(t);
    await fund(t, dave, 'eth', '2');
    const { secret } = await enableTwoFactor(t, { ...dave, password: '', email: dave.email });
    await t.app.services.accounts.twoFactor.setWithdrawal(dave.userId, { status: true, token: totpCode(t, secret) });
    t.clock.advance(30_000);
    const body = { walletId: dave.wallet('eth').id, address: EXTERNAL_ETH, amount: '0.5' };
    const withPin = await send(dave, body);
    expect([withPin.statusCode, withPin.json().error.code]).toEqual([403, 'two_factor_code_required']);
    const withCode = await post(t, dave, '/wallet/sendTransaction', { ...body, token: totpCode(t, secret) });
    expect(withCode.statusCode, withCode.body).toBe(200);
    expect(withCode.json().data.stage).toBe('broadcast');
  });

  it('refuses addresses that cannot receive the coin, with the rule they break', async () => {
    const walletId = alice.wallet('btc').id;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ address: EXTERNAL_ETH }, 'address_is_not_valid_for_network', 'address'],
      [{ address: `${EXTERNAL_BTC.slice(0, -1)}5` }, 'address_checksum_is_invalid', 'address'],
      [{ address: alice.wallet('btc').address }, 'destination_must_not_be_own_wallet', 'address'],
      [{ address: EXTERNAL_BTC, destinationTag: 7 }, 'destination_tag_is_not_supported', 'destinationTag'],
    ];
    for (const [fields, code, field] of cases) {
      const response = await send(alice, { walletId, amount: '0.01', ...fields });
      expect([response.statusCode, response.json().error.code, response.json().data[0].field], code).toEqual([
        422,
        code,
        field,
      ]);
    }
    const xrp = alice.wallet('xrp');
    const untagged = await send(alice, { walletId: xrp.id, amount: '1', address: xrp.address });
    expect(untagged.json().error.code).toBe('destination_tag_required');
    const stranger = await send(alice, {
      walletId: xrp.id,
      amount: '1',
      address: xrp.address,
      destinationTag: 4_000_000_001,
    });
    expect(stranger.json().error.code).toBe('destination_tag_is_not_assigned');
  });

  it('voids the hold when the transaction fails on chain', async () => {
    const erin = await createWalletCustomer(t);
    await fund(t, erin, 'eth', '1');
    // The devnet fails amounts ending in 666 (on Ethereum in a block, the house paying the gas).
    const response = await send(erin, { walletId: erin.wallet('eth').id, address: EXTERNAL_ETH, amount: '0.000666' });
    expect(response.json().data.stage).toBe('broadcast');
    await mine(t, 'eth');
    const page = (await call(t, erin, `GET /wallet/${erin.wallet('eth').id}`)).json().data as WalletTransactions;
    expect(page.items[0]).toMatchObject({
      status: 'failed',
      stage: 'voided',
      failureReason: 'simulated_failure_marker_amount',
    });
    expect(await balanceOf(t, erin, 'eth')).toMatchObject({ balance: '1', held: '0' });
  });

  it('charges a token send its network fee in the token, converted at the prices', async () => {
    await fund(t, alice, 'usdt-erc20', '1000');
    const estimate = await call(t, alice, 'POST /wallet/estimatefee', {
      walletId: alice.wallet('usdt-erc20').id,
      amount: '100',
      address: EXTERNAL_ETH,
    });
    const data = estimate.json().data;
    expect(data).toMatchObject({ assetSymbol: 'USDT', networkFeeAsset: 'ETH', amount: '100', available: '1000' });
    // fee (USDT at 1 dollar) = network fee (wei of ETH at its live price), rounded up to the micro-dollar
    const dashboard = (await call(t, alice, 'GET /dashboard')).json().data as Dashboard;
    const ethPrice = parseAmount(dashboard.assets.find((entry) => entry.assetSymbol === 'ETH')!.usdPrice!, 12);
    const wei = parseAmount(data.networkFee, 18);
    const micro = parseAmount(data.fee, 6);
    expect(micro).toBeGreaterThan(0n);
    expect(micro).toBe((wei * ethPrice * 10n ** 6n + 10n ** 30n - 1n) / 10n ** 30n);
    expect(parseAmount(data.maxAmount, 6)).toBe(1_000_000_000n - micro);
    const response = await send(alice, {
      walletId: alice.wallet('usdt-erc20').id,
      address: EXTERNAL_ETH,
      amount: '100',
    });
    expect(response.json().data).toMatchObject({ assetSymbol: 'USDT', stage: 'broadcast' });
    await mine(t, 'eth', 12);
    expect((await balanceOf(t, alice, 'usdt-erc20')).held).toBe('0');
  });

  it('broadcasts, on reconcile, an approved send whose broadcast did not get through', async () => {
    const adapter = t.app.services.chains.adapter('btc');
    const original = adapter.broadcast.bind(adapter);
    adapter.broadcast = () => Promise.reject(new Error('connection reset'));
    const response = await send(alice, { walletId: alice.wallet('btc').id, address: EXTERNAL_BTC, amount: '0.02' });
    adapter.broadcast = original;
    expect(response.json().data).toMatchObject({ status: 'pending', stage: 'held', txid: null });
    await t.app.services.wallets.handlers.reconcile('btc');
    const page = (await call(t, alice, `GET /wallet/${alice.wallet('btc').id}`)).json().data as WalletTransactions;
    expect(page.items[0]).toMatchObject({ id: response.json().data.id, stage: 'broadcast' });
    await mine(t, 'btc', 2);
    expect((await balanceOf(t, alice, 'btc')).held).toBe('0');
  });
});

describe('a send to another Rora customer', () => {
  it('settles at once inside Rora, with no network fee', async () => {
    const before = await balanceOf(t, alice, 'btc');
    const estimate = await call(t, alice, 'POST /wallet/estimatefee', {
      walletId: alice.wallet('btc').id,
      address: bob.wallet('btc').address,
    });
    expect(estimate.json().data).toMatchObject({ fee: '0', address: { valid: true, internal: true } });
    const response = await send(alice, {
      walletId: alice.wallet('btc').id,
      address: bob.wallet('btc').address,
      amount: '0.05',
    });
    expect(response.json().data).toMatchObject({ type: 'internal_send', status: 'completed', fee: '0', txid: null });
    expect((await balanceOf(t, bob, 'btc')).balance).toBe('0.05');
    const after = await balanceOf(t, alice, 'btc');
    expect(sats(before.balance) - sats(after.balance)).toBe(5_000_000n);
    const received = (await call(t, bob, `GET /wallet/${bob.wallet('btc').id}`)).json().data as WalletTransactions;
    expect(received.items[0]).toMatchObject({
      type: 'internal_receive',
      direction: 'in',
      amount: '0.05',
      counterparty: alice.wallet('btc').address,
    });
    expect(await kinds(bob)).toContain('wallet_internal_received');
  });

  it('finds the XRP recipient by destination tag', async () => {
    await fund(t, alice, 'xrp', '50');
    const xrp = bob.wallet('xrp');
    const response = await send(alice, {
      walletId: alice.wallet('xrp').id,
      address: xrp.address,
      destinationTag: xrp.destinationTag,
      amount: '20',
    });
    expect(response.json().data).toMatchObject({ type: 'internal_send', status: 'completed' });
    expect((await balanceOf(t, bob, 'xrp')).balance).toBe('20');
  });
});

describe('idempotency', () => {
  it('replays the stored answer for a retry and refuses the key with another body', async () => {
    const body = {
      walletId: alice.wallet('btc').id,
      address: bob.wallet('btc').address,
      amount: '0.001',
      pin: TEST_PIN,
    };
    const url = '/wallet/sendTransaction';
    const first = await postWithKey(t, { user: alice, url, body, key: 'retry-key-1' });
    const retry = await postWithKey(t, { user: alice, url, body, key: 'retry-key-1' });
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toBe(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const other = await postWithKey(t, { user: alice, url, body: { ...body, amount: '0.002' }, key: 'retry-key-1' });
    expect([other.statusCode, other.json().error.code]).toEqual([422, 'idempotency_key_reused_with_different_body']);
    const missing = await call(t, alice, 'POST /wallet/sendTransaction', body);
    expect([missing.statusCode, missing.json().error.code]).toEqual([400, 'idempotency_key_required']);
  });
});
