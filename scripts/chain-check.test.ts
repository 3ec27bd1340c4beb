// `npm run ledger:check`'s comparison of the chain with the ledger, on the real app, the devnet and
// PostgreSQL (ADR 0044): after deposits and a send, the API's reading of the devnet covers the ledger
// (the funded hot wallets are the house's surplus); a chain holding less than the ledger says, beyond
// what is in flight, fails the check with exit 1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../apps/api/src/testing/test-app.ts';
import {
  TEST_PIN,
  createWalletCustomer,
  createWalletTestApp,
  fund,
  mine,
  post,
  type WalletCustomer,
} from '../apps/api/src/modules/wallets/testing/wallet-fixtures.ts';
import { ledgerCheck } from './ledger-check.ts';

let t: TestApp;
let alice: WalletCustomer;

beforeAll(async () => {
  t = await createWalletTestApp({ env: { TREASURY_SWEEPS: 'off' } });
  alice = await createWalletCustomer(t);
  await fund(t, alice, 'btc', '2');
  await fund(t, alice, 'eth', '3');
});
afterAll(() => t.close());

async function check(): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const code = await ledgerCheck(t.database.url, (line) => lines.push(line));
  return { code, output: lines.join('\n') };
}

/** The API's reading of every network, as the reconcile takes it every few blocks. */
async function readChains(): Promise<void> {
  for (const network of t.app.services.chains.networks) await t.app.services.wallets.handlers.reconcile(network.id);
}

describe('on chain versus ledger', () => {
  it('says which assets are not read yet, then that every reading covers the ledger', async () => {
    // Mining reconciles (and reads) every few blocks; a network never read is named as such.
    await t.database.db.execute(sql`DELETE FROM chain_balance_observations WHERE network = 'btc'`);
    const before = await check();
    expect(before.output).toMatch(/\?\? {3}BTC: not read on every network yet; the ledger holds 2 BTC/);
    await readChains();
    const { code, output } = await check();
    expect(output).toMatch(/ok {3}BTC: on chain 202 BTC, ledger 2 BTC; surplus 200 BTC/);
    expect(output).toContain('Every chain read covers the ledger.');
    expect(code).toBe(0);
  });

  it('allows for a send in flight, and fails on a shortfall beyond it', async () => {
    t.clock.advance(1_000);
    const body = { walletId: alice.wallet('btc').id, address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' };
    const sent = await post(t, alice, '/wallet/sendTransaction', { ...body, amount: '0.5', pin: TEST_PIN });
    expect(sent.statusCode, sent.body).toBe(200);
    await mine(t, 'btc'); // in a block, one confirmation of two: the coins left, the ledger still holds them
    await readChains();
    // The reading as if the house's own 200 BTC were gone: short by exactly the send in flight.
    const id = (sent.json().data as { id: string }).id;
    await t.database.db.execute(sql`UPDATE chain_balance_observations SET hot = 0,
      deposits = 200000000 - (SELECT amount + network_fee FROM wallet_sends WHERE id = ${id}) WHERE network = 'btc'`);
    const inFlight = await check();
    expect(inFlight.output).toMatch(/ok {3}BTC: on chain 1\.4\d+ BTC, ledger 2 BTC; within 0\.5\d+ BTC in flight/);
    expect(inFlight.code).toBe(0);
    await t.database.db.execute(
      sql`UPDATE chain_balance_observations SET deposits = deposits - 1 WHERE network = 'btc'`,
    );
    const short = await check();
    expect(short.output).toMatch(
      /FAIL BTC: on chain 1\.4\d+ BTC, ledger 2 BTC; short by 0\.5\d+ BTC, beyond 0\.5\d+ BTC/,
    );
    expect(short.output).toContain('A chain holds less than the ledger says.');
    expect(short.code).toBe(1);
    await mine(t, 'btc');
    await readChains();
  });
});
