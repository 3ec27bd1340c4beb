// Sweeps and cold moves on the devnet and real PostgreSQL (ADR 0044): deposit addresses are swept into
// the hot wallet (a token address gets its gas first), the hot wallet's excess over its ceiling goes to
// the watch-only cold address; only platform accounts move in the ledger (the fee, hot -> cold), never
// a customer's balance; racing passes make one move per address; the chain still covers the ledger.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEVNET_HOT_WALLET_FUNDING, type NetworkId } from '@rora/chains';
import { assertLedgerInvariants } from '@rora/ledger';
import type { TestApp } from '../../testing/test-app.ts';
import {
  balanceOf,
  createWalletCustomer,
  createWalletTestApp,
  fund,
  mine,
  type WalletCustomer,
} from './testing/wallet-fixtures.ts';

const COLD_BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

let t: TestApp;
let alice: WalletCustomer;

function setUp(env: Record<string, string>) {
  beforeAll(async () => {
    t = await createWalletTestApp({ env });
    alice = await createWalletCustomer(t);
  });
  afterEach(async () => assertLedgerInvariants(t.database.db));
  afterAll(() => t.close());
}

const devnet = () => t.app.services.chains.devnet;
const pass = (network: NetworkId) => t.app.services.wallets.handlers.reconcile(network);

async function house(asset: string, kind: string): Promise<bigint> {
  const { rows } = await t.database.db.execute<{ balance: string }>(
    sql`SELECT balance::text FROM ledger_accounts WHERE owner_id IS NULL AND asset = ${asset} AND kind = ${kind}`,
  );
  return BigInt(rows[0]?.balance ?? '0');
}

async function moves(kind: string) {
  const { rows } = await t.database.db.execute<{ network: string; status: string; amount: string; fee: string }>(
    sql`SELECT network, status, amount::text, fee::text FROM chain_sweeps WHERE kind = ${kind} ORDER BY created_at`,
  );
  return rows;
}

describe('sweeps', () => {
  setUp({});
  it('sweeps a deposit address into the hot wallet once under racing passes, booking only the fee', async () => {
    await fund(t, alice, 'btc', '2');
    const address = alice.wallet('btc').address;
    const hot = devnet().signer.addressFor('btc');
    const [hotBefore, omnibusBefore, resultBefore] = [
      devnet().balanceOf('btc', hot),
      await house('BTC', 'chain_omnibus'),
      await house('BTC', 'fee_result'),
    ];
    const customerBefore = await balanceOf(t, alice, 'btc');
    await Promise.all(Array.from({ length: 5 }, () => pass('btc')));
    const sweeps = await moves('sweep');
    expect(sweeps).toHaveLength(1);
    const fee = BigInt(sweeps[0]!.fee);
    expect(sweeps[0]).toMatchObject({ status: 'broadcast', amount: String(200_000_000n - fee) });
    await mine(t, 'btc', 2);
    await Promise.all(Array.from({ length: 3 }, () => pass('btc')));
    expect((await moves('sweep'))[0]?.status).toBe('settled');
    expect(devnet().balanceOf('btc', address)).toBe(0n);
    expect(devnet().balanceOf('btc', hot) - hotBefore).toBe(200_000_000n - fee);
    expect((await house('BTC', 'chain_omnibus')) - omnibusBefore).toBe(fee);
    expect((await house('BTC', 'fee_result')) - resultBefore).toBe(-fee);
    expect(await balanceOf(t, alice, 'btc')).toEqual(customerBefore);
  });

  it('tops a token address up with gas, then sweeps the token; the customer’s ether is untouched', async () => {
    await fund(t, alice, 'usdt-erc20', '500');
    const address = alice.wallet('usdt-erc20').address;
    const ethBefore = await balanceOf(t, alice, 'eth');
    await pass('usdt-erc20');
    await t.app.services.chainWatcher.idle();
    const topUps = await moves('gas_top_up');
    expect(topUps).toEqual([expect.objectContaining({ network: 'eth', status: 'broadcast' })]);
    await mine(t, 'eth', 12);
    await pass('eth');
    expect((await moves('gas_top_up'))[0]?.status).toBe('settled');
    await pass('usdt-erc20');
    await mine(t, 'eth', 40); // a slow fee: a sweep is never in a hurry
    await pass('usdt-erc20');
    const sweeps = (await moves('sweep')).filter((move) => move.network === 'usdt-erc20');
    expect(sweeps).toEqual([expect.objectContaining({ status: 'settled', amount: '500000000' })]);
    expect(devnet().balanceOf('usdt-erc20', address)).toBe(0n);
    expect(await balanceOf(t, alice, 'eth')).toEqual(ethBefore);
  });
});

describe('cold moves', () => {
  setUp({ TREASURY_HOT_CEILINGS: 'btc:60', TREASURY_COLD_ADDRESSES: `btc:${COLD_BTC}` });

  it('moves the hot wallet’s excess over its ceiling to the cold address, hot -> cold in the ledger', async () => {
    // The devnet's hot wallet holds 200 BTC (DEVNET_HOT_WALLET_FUNDING); the ceiling is 60 BTC.
    await fund(t, alice, 'btc', '1');
    const hot = devnet().balanceOf('btc', devnet().signer.addressFor('btc'));
    const coldBefore = await house('BTC', 'cold_omnibus');
    await pass('btc');
    const cold = await moves('cold');
    expect(cold).toHaveLength(1);
    expect(BigInt(cold[0]!.amount)).toBe(hot - 6_000_000_000n);
    await mine(t, 'btc', 2);
    await pass('btc');
    expect((await moves('cold'))[0]?.status).toBe('settled');
    expect(devnet().balanceOf('btc', COLD_BTC)).toBe(hot - 6_000_000_000n);
    expect(coldBefore - (await house('BTC', 'cold_omnibus'))).toBe(hot - 6_000_000_000n);
    // Nothing in flight: the chain holds exactly what the ledger owes plus the devnet's house funding,
    // every fee of the sweep and the cold move booked (the observation includes the cold address).
    const { rows } = await t.database.db.execute<{ total: string }>(
      sql`SELECT (hot + deposits + cold)::text AS total FROM chain_balance_observations WHERE network = 'btc'`,
    );
    const owed = -((await house('BTC', 'chain_omnibus')) + (await house('BTC', 'cold_omnibus')));
    expect(BigInt(rows[0]!.total) - owed).toBe(DEVNET_HOT_WALLET_FUNDING.btc);
  });
});
