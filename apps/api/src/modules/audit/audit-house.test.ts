// The audit of a sandbox as `npm start` makes it (ADR 0078): the house's swap inventory, staking
// rewards pool, market maker and sandbox flow funded, and two customers who deposit real devnet coins,
// lend, borrow and stake. What customers are owed is what they deposited, wherever it sits now
// (available, lent out, in escrow, staked); the market maker's and the flow's accounts are the house's
// and owed to nobody; the reserves are the coins at Rora's addresses on the devnet.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NETWORKS } from '@rora/chains';
import type { AuditAsset, AuditSnapshotDetail } from '@rora/contracts';
import { schema } from '@rora/db';
import { assertLedgerInvariants, createLedger } from '@rora/ledger';
import type { TestApp } from '../../testing/test-app.ts';
import { ensureParticipant, fundParticipant } from '../market-maker/index.ts';
import { seedStakingRewards } from '../staking/index.ts';
import { seedSwapLiquidity } from '../swap/index.ts';
import { lent } from '../lending/testing/lending-fixtures.ts';
import { placeStake } from '../staking/testing/staking-fixtures.ts';
import {
  call,
  coinsOnChain,
  createWalletCustomer,
  createWalletTestApp,
  fund,
  type WalletCustomer,
} from '../wallets/testing/wallet-fixtures.ts';

let t: TestApp;
let alice: WalletCustomer;
let bob: WalletCustomer;
let snapshot: AuditSnapshotDetail;

beforeAll(async () => {
  // Lending prices through the catalogue's USD prices (BTC 65,000, USDT 1).
  t = await createWalletTestApp({ adapters: { pairPrices: null } });
  await seedSwapLiquidity(t.database);
  await seedStakingRewards(t.database);
  for (const role of ['market_maker', 'sandbox_flow'] as const) {
    const userId = await ensureParticipant(t.database.db, role);
    await fundParticipant(t.database.db, createLedger(), { userId, role });
  }
  [alice, bob] = [await createWalletCustomer(t), await createWalletCustomer(t)];
  for (const customer of [alice, bob])
    await t.database.db.update(schema.users).set({ kycStatus: 'approved' }).where(eq(schema.users.id, customer.userId));
  await fund(t, alice, 'btc', '1');
  await fund(t, alice, 'usdt-erc20', '500');
  await fund(t, bob, 'usdt-erc20', '3000');
  // Alice borrows 1,000 USDT from Bob against 0.025 BTC in escrow, then stakes 1,200 USDT.
  await lent(t, alice, bob);
  await placeStake(t, alice, 'usdt-flexible', '1200');
  const { id } = await t.app.services.audit.snapshot();
  const response = await call(t, null, `GET /audit/snapshots/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  snapshot = response.json().data as AuditSnapshotDetail;
});
afterAll(() => t?.close());

const asset = (symbol: string) => snapshot.assets.find((item) => item.asset === symbol) as AuditAsset;

describe('the audit of a sandbox with a funded market maker', () => {
  it('counts the customers only, not the house participants', async () => {
    await assertLedgerInvariants(t.database.db);
    expect(snapshot.customerCount).toBe(2);
    expect(snapshot.leafCount).toBe(6);
  });

  it('owes customers what they deposited, lent, escrowed and staked alike, once', () => {
    // 500 + 3,000 USDT deposited: 1,000 went from Bob to Alice, 1,200 of Alice's is staked.
    expect(asset('USDT')).toMatchObject({ liabilities: '3500', liabilitiesMinor: '3500000000' });
    // 1 BTC deposited, 0.025 of it in the loan's escrow.
    expect(asset('BTC')).toMatchObject({ liabilities: '1', liabilitiesMinor: '100000000' });
    // The market maker holds LTC and ADX; no customer does.
    expect(snapshot.assets.map((item) => item.asset)).not.toContain('LTC');
  });

  it('holds what the devnet holds at Rora signed addresses, and covers what customers are owed', async () => {
    for (const [symbol, network] of [
      ['USDT', 'usdt-erc20'],
      ['BTC', 'btc'],
    ] as const) {
      const held = await coinsOnChain(t, network);
      const item = asset(symbol);
      expect(BigInt(item.reservesMinor), symbol).toBe(held);
      expect(item.coverageBps, symbol).toBe(Number((held * 10_000n) / BigInt(item.liabilitiesMinor)));
      expect(item.coverageBps, symbol).toBeGreaterThanOrEqual(10_000);
      expect(NETWORKS[network].asset).toBe(symbol);
    }
  });
});
