// Fee reconciliation on the devnet and real PostgreSQL (ADR 0044): the network fee a send actually
// paid is booked from fee_result to the chain omnibus in the transaction that records its
// confirmation, so the books follow the hot wallet's coins; the customer's fee goes to fee_result, which
// keeps the difference, positive or negative. Racing reports of one confirmation book it once.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ChainTransaction, NetworkId } from '@rora/chains';
import type { WalletTransaction } from '@rora/contracts';
import type { TestApp } from '../../testing/test-app.ts';
import {
  TEST_PIN,
  coinsOnChain,
  createWalletCustomer,
  fund,
  mine,
  post,
  type WalletCustomer,
} from './testing/wallet-fixtures.ts';
import { setUpWalletSuite } from './testing/wallet-suite.ts';

const EXTERNAL_BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const EXTERNAL_ETH = '0x52908400098527886E0F7030069857D2E4169EE7';

let t: TestApp;
let alice: WalletCustomer;
// Exact balances: no sweep moves coins (and pays fees) between the hot wallet and deposit addresses.
setUpWalletSuite({ network: 'btc', amount: '1' }, (suite) => ({ t, alice } = suite), { TREASURY_SWEEPS: 'off' });

async function house(asset: string, kind: string): Promise<bigint> {
  const { rows } = await t.database.db.execute<{ balance: string }>(
    sql`SELECT balance::text FROM ledger_accounts WHERE owner_id IS NULL AND asset = ${asset} AND kind = ${kind}`,
  );
  return BigInt(rows[0]?.balance ?? '0');
}

async function send(customer: WalletCustomer, network: NetworkId, address: string, amount: string) {
  t.clock.advance(1_000);
  const body = { walletId: customer.wallet(network).id, address, amount, pin: TEST_PIN, priority: 'fast' };
  const response = await post(t, customer, '/wallet/sendTransaction', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as WalletTransaction;
}

async function sendRow(id: string): Promise<{ fee: string; network_fee: string | null; status: string }> {
  const { rows } = await t.database.db.execute<{ fee: string; network_fee: string | null; status: string }>(
    sql`SELECT fee::text, network_fee::text, status FROM wallet_sends WHERE id = ${id}`,
  );
  return rows[0]!;
}

async function networkFeeTransfers(sendId: string): Promise<{ amount: string; asset: string }[]> {
  const { rows } = await t.database.db.execute<{ amount: string; asset: string }>(
    sql`SELECT amount::text, asset FROM ledger_transfers WHERE code = 'network_fee' AND metadata->>'sendId' = ${sendId}`,
  );
  return rows;
}

describe('fee reconciliation', () => {
  it('books the network fee of a confirmed send, so the books move as the hot wallet does', async () => {
    const [chainBefore, omnibusBefore, resultBefore] = [
      await coinsOnChain(t, 'btc'),
      await house('BTC', 'chain_omnibus'),
      await house('BTC', 'fee_result'),
    ];
    const sent = await send(alice, 'btc', EXTERNAL_BTC, '0.1');
    await mine(t, 'btc', 2);
    const row = await sendRow(sent.id);
    expect(row.status).toBe('posted');
    const paid = BigInt(row.network_fee ?? '0');
    expect(paid).toBeGreaterThan(0n);
    // The coins that left Rora's addresses (amount and network fee) are exactly what the books released.
    expect(chainBefore - (await coinsOnChain(t, 'btc'))).toBe(10_000_000n + paid);
    expect((await house('BTC', 'chain_omnibus')) - omnibusBefore).toBe(10_000_000n + paid);
    expect((await house('BTC', 'fee_result')) - resultBefore).toBe(BigInt(row.fee) - paid);
    expect(await networkFeeTransfers(sent.id)).toEqual([{ amount: String(paid), asset: 'BTC' }]);
  });

  it.each([
    ['more than charged: a loss', 3n],
    ['less than charged: a gain', -1n],
  ])('books the fee the chain reports once, %s, under 20 racing reports', async (_, delta) => {
    const resultBefore = await house('BTC', 'fee_result');
    const sent = await send(alice, 'btc', EXTERNAL_BTC, '0.01');
    const charged = BigInt((await sendRow(sent.id)).fee);
    const paid = delta > 0n ? charged * delta : charged / 2n;
    const adapter = t.app.services.chains.adapter('btc');
    const mined = (await adapter.getTransaction(sent.txid!)) as ChainTransaction;
    const report: ChainTransaction = { ...mined, status: 'confirmed', confirmations: 2, fee: paid };
    const settlement = t.app.services.wallets.settlement;
    await Promise.all(Array.from({ length: 20 }, () => settlement.outgoing(report)));
    expect(await sendRow(sent.id)).toMatchObject({ status: 'posted', network_fee: String(paid) });
    expect(await networkFeeTransfers(sent.id)).toEqual([{ amount: String(paid), asset: 'BTC' }]);
    expect((await house('BTC', 'fee_result')) - resultBefore).toBe(charged - paid);
    await mine(t, 'btc', 2);
    expect(await networkFeeTransfers(sent.id)).toHaveLength(1);
  });

  it('books the gas of an Ethereum send that failed in a block, which the house paid', async () => {
    const erin = await createWalletCustomer(t);
    await fund(t, erin, 'eth', '1');
    const [chainBefore, omnibusBefore, resultBefore] = [
      await coinsOnChain(t, 'eth'),
      await house('ETH', 'chain_omnibus'),
      await house('ETH', 'fee_result'),
    ];
    // The devnet fails amounts ending in 666: on Ethereum in a block, paying the gas.
    const sent = await send(erin, 'eth', EXTERNAL_ETH, '0.000666');
    await mine(t, 'eth');
    const row = await sendRow(sent.id);
    expect(row.status).toBe('voided');
    const paid = BigInt(row.network_fee ?? '0');
    expect(paid).toBeGreaterThan(0n);
    expect(chainBefore - (await coinsOnChain(t, 'eth'))).toBe(paid);
    expect((await house('ETH', 'chain_omnibus')) - omnibusBefore).toBe(paid);
    expect((await house('ETH', 'fee_result')) - resultBefore).toBe(-paid);
  });

  it('keeps a token send’s fee in the token and books its gas in ether', async () => {
    await fund(t, alice, 'usdt-erc20', '1000');
    const [ethBefore, resultEthBefore, resultUsdtBefore] = [
      await coinsOnChain(t, 'eth'),
      await house('ETH', 'fee_result'),
      await house('USDT', 'fee_result'),
    ];
    const sent = await send(alice, 'usdt-erc20', EXTERNAL_ETH, '100');
    await mine(t, 'eth', 12);
    const row = await sendRow(sent.id);
    expect(row.status).toBe('posted');
    const gas = BigInt(row.network_fee ?? '0');
    expect(gas).toBeGreaterThan(0n);
    expect(ethBefore - (await coinsOnChain(t, 'eth'))).toBe(gas);
    expect((await house('ETH', 'fee_result')) - resultEthBefore).toBe(-gas);
    expect((await house('USDT', 'fee_result')) - resultUsdtBefore).toBe(BigInt(row.fee));
    expect(await networkFeeTransfers(sent.id)).toEqual([{ amount: String(gas), asset: 'ETH' }]);
  });
});
