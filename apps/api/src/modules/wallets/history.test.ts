// A wallet's history is read from the ledger (ADR 0037): fills on Rora's book and at a venue, swaps
// and funding appear beside deposits and sends, each with its source, and the completed rows of a
// wallet sum, to the minor unit, to what the customer holds of its asset (available + held).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WalletList, WalletTransaction, WalletTransactions } from '@rora/contracts';
import { assertLedgerInvariants } from '@rora/ledger';
import { assetScale, parseAmount, type AssetSymbol } from '@rora/money';
import type { JobContext } from '@rora/worker';
import type { TestApp } from '../../testing/test-app.ts';
import type { TestUser } from '../../testing/users.ts';
import { balanceOf, placeOrder, until } from '../orders/testing/orders-fixtures.ts';
import { SETTLE_SWAP_JOB } from '../swap/index.ts';
import { seedStakingRewards } from '../staking/index.ts';
import { placeStake, unstake } from '../staking/testing/staking-fixtures.ts';
import { approvedCustomer, createSwapTestApp, getQuote, placeSwap } from '../swap/testing/swap-fixtures.ts';
import { call } from './testing/wallet-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  // The venues' own prices (not the swap tests' fixed ones), so a market order finds liquidity.
  t = await createSwapTestApp({ adapters: {}, env: { MARKET_MAKER: 'off' } });
  await seedStakingRewards(t.database);
});
afterEach(async () => assertLedgerInvariants(t.database.db));
afterAll(async () => t.close());

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
const context = (): JobContext => ({ db: t.database.db, now: () => t.clock.now(), log: silentLog });
const settle = (swapId: string) =>
  t.app.services.swap.jobs.find((job) => job.name === SETTLE_SWAP_JOB)!.run(context(), { swapId });

async function walletOf(user: TestUser, network: string) {
  const list = (await call(t, user, 'GET /wallet/generate')).json().data as WalletList;
  return list.wallets.find((wallet) => wallet.network.id === network)!;
}

/** Every page of a wallet's history; each page, and one past the end, gives the same total. */
async function historyOf(user: TestUser, walletId: string): Promise<WalletTransaction[]> {
  const items: WalletTransaction[] = [];
  const pageOf = async (page: number) => {
    const response = await call(t, user, `GET /wallet/${walletId}?page=${page}&limit=3`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as WalletTransactions;
  };
  for (let page = 1; ; page += 1) {
    const data = await pageOf(page);
    items.push(...data.items);
    if (page * data.limit < data.total) continue;
    expect(items).toHaveLength(data.total);
    expect(await pageOf(page + 1)).toMatchObject({ items: [], total: data.total });
    return items;
  }
}

/** The signed sum of the completed rows, in the asset's minor units. */
function bookedSum(items: readonly WalletTransaction[], asset: AssetSymbol): bigint {
  return items
    .filter((item) => item.status === 'completed')
    .reduce((sum, item) => {
      const amount = parseAmount(item.amount, assetScale(asset));
      return item.direction === 'in' ? sum + amount : sum - amount;
    }, 0n);
}

async function total(user: TestUser, asset: AssetSymbol): Promise<bigint> {
  const { available, held } = await balanceOf(t, user, asset);
  return available + held;
}

describe('wallet history from the ledger', () => {
  it('lists fills with price and fee, and sums to the balance on both sides of the market', async () => {
    const seller = await approvedCustomer(t, { LTC: '5' });
    const buyer = await approvedCustomer(t, { USDT: '1000' });
    const sell = await placeOrder(t, seller, { symbol: 'LTC/USDT', type: 'sell', price: '80', amount: '3' });
    expect(sell.statusCode, sell.body).toBe(201);
    const buy = await placeOrder(t, buyer, { symbol: 'LTC/USDT', type: 'buy', price: '80', amount: '2' });
    expect(buy.json().data.status).toBe('filled');
    // The seller's rest stays on the book: its hold is no movement.
    const ltc = await historyOf(buyer, (await walletOf(buyer, 'ltc')).id);
    const bought = ltc.find((item) => item.type === 'trade')!;
    const order = buy.json().data as { id: string; fee: string };
    expect(bought).toMatchObject({
      direction: 'in',
      status: 'completed',
      fee: order.fee,
      source: { kind: 'order', id: order.id },
      trade: { orderId: order.id, symbol: 'LTC/USDT', side: 'buy', price: '80', amount: '2', total: '160' },
    });
    // What was received: the amount bought less the fee taken from it.
    expect(parseAmount(bought.amount, 8) + parseAmount(order.fee, 8)).toBe(parseAmount('2', 8));
    expect(bookedSum(ltc, 'LTC')).toBe(await total(buyer, 'LTC'));
    const usdt = await historyOf(buyer, (await walletOf(buyer, 'usdt-erc20')).id);
    // (The funding is booked on the database's clock, the fill on the test's: their order is not asserted.)
    expect(usdt.map((item) => [item.type, item.direction, item.amount]).sort()).toEqual([
      ['deposit', 'in', '1000'],
      ['trade', 'out', '160'],
    ]);
    expect(bookedSum(usdt, 'USDT')).toBe(await total(buyer, 'USDT'));
    for (const asset of ['LTC', 'USDT'] as const) {
      const wallet = await walletOf(seller, asset === 'LTC' ? 'ltc' : 'usdt-erc20');
      expect(bookedSum(await historyOf(seller, wallet.id), asset)).toBe(await total(seller, asset));
    }
  });

  it('lists a venue market buy once, at its average price, fee included', async () => {
    const buyer = await approvedCustomer(t, { USDT: '1000' });
    const buy = await placeOrder(t, buyer, { symbol: 'BTC/USDT', side: 'buy', amount: '0.002', venue: 'kraken' });
    expect(buy.statusCode, buy.body).toBe(201);
    const order = buy.json().data as { id: string; averagePrice: string; filledAmount: string; fee: string };
    await until(async () => (await total(buyer, 'BTC')) > 0n, 'the venue fill');
    const btc = await historyOf(buyer, (await walletOf(buyer, 'btc')).id);
    expect(btc).toHaveLength(1);
    expect(btc[0]).toMatchObject({ type: 'trade', direction: 'in', source: { kind: 'order', id: order.id } });
    expect(btc[0]!.trade).toMatchObject({ side: 'buy', symbol: 'BTC/USDT', price: order.averagePrice });
    expect(btc[0]!.fee).toBe(order.fee);
    expect(bookedSum(btc, 'BTC')).toBe(await total(buyer, 'BTC'));
    const usdt = await historyOf(buyer, (await walletOf(buyer, 'usdt-erc20')).id);
    expect(bookedSum(usdt, 'USDT')).toBe(await total(buyer, 'USDT'));
  });

  it('lists a swap as pending while held, then completed on both wallets', async () => {
    const user = await approvedCustomer(t, { BTC: '1' });
    const quote = await getQuote(t, user, { from: 'BTC', to: 'ETH', quantity: '0.1' });
    const placed = await placeSwap(t, user, { quoteId: quote.id, symbol: 'BTC/ETH', amount: '0.1' });
    expect(placed.statusCode, placed.body).toBe(201);
    const swapId = (placed.json().data as { id: string }).id;
    const btcWallet = await walletOf(user, 'btc');
    const pending = await historyOf(user, btcWallet.id);
    expect(pending.find((item) => item.type === 'swap')).toMatchObject({
      type: 'swap',
      status: 'pending',
      direction: 'out',
      amount: '0.1',
    });
    expect(bookedSum(pending, 'BTC')).toBe(parseAmount('1', 8));

    t.clock.advance(20_000);
    expect(await settle(swapId)).toMatchObject({ outcome: 'completed' });
    const btc = await historyOf(user, btcWallet.id);
    const swapped = btc.find((item) => item.type === 'swap')!;
    expect(swapped).toMatchObject({
      type: 'swap',
      status: 'completed',
      amount: '0.1',
      source: { kind: 'swap', id: swapId },
      swap: { fromAsset: 'BTC', toAsset: 'ETH', fromAmount: '0.1' },
    });
    expect(bookedSum(btc, 'BTC')).toBe(await total(user, 'BTC'));
    const eth = await historyOf(user, (await walletOf(user, 'eth')).id);
    expect(eth).toHaveLength(1);
    expect(eth[0]).toMatchObject({ type: 'swap', direction: 'in', amount: swapped.swap!.toAmount });
    expect(bookedSum(eth, 'ETH')).toBe(await total(user, 'ETH'));
  });

  it('lists a stake and its end as finance rows linked to the stake', async () => {
    const user = await approvedCustomer(t, { USDT: '500' });
    const stake = await placeStake(t, user, 'usdt-30', '100');
    const ended = await unstake(t, user, stake.id);
    expect(ended.statusCode, ended.body).toBe(200);
    const usdt = await historyOf(user, (await walletOf(user, 'usdt-erc20')).id);
    expect(usdt.find((item) => item.type === 'stake')).toMatchObject({
      direction: 'out',
      amount: '100',
      status: 'completed',
      source: { kind: 'stake', id: stake.id },
    });
    expect(usdt.find((item) => item.type === 'unstake')).toMatchObject({
      direction: 'in',
      source: { kind: 'stake', id: stake.id },
    });
    expect(bookedSum(usdt, 'USDT')).toBe(await total(user, 'USDT'));
  });

  it("answers 404 for another customer's wallet", async () => {
    const owner = await approvedCustomer(t, {});
    const other = await approvedCustomer(t, {});
    const wallet = await walletOf(owner, 'btc');
    const response = await call(t, other, `GET /wallet/${wallet.id}`);
    expect(response.statusCode).toBe(404);
  });
});
