// Broadcasts wait for their chain adapter before they open their send's transaction (send-steps.ts):
// a node-backed adapter signs one withdrawal at a time and stores what it signs through the pool.
// Opened first, thirty sends' transactions each held a connection waiting in the adapter's queue,
// and the one signing had none to store with.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ChainAdapter, WithdrawalRequest } from '@rora/chains';
import { POOL_SIZE } from '@rora/db';
import { assertLedgerInvariants } from '@rora/ledger';
import type { TestApp } from '../../testing/test-app.ts';
import { TEST_PIN, createWalletCustomer, createWalletTestApp, fund, post } from './testing/wallet-fixtures.ts';

const EXTERNAL_BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

let t: TestApp;
beforeAll(async () => {
  t = await createWalletTestApp({ poolSize: POOL_SIZE });
});
afterAll(() => t.close());

/**
 * The devnet's BTC adapter as a node adapter behaves: one signing at a time, stored through the pool;
 * closed until `gate` resolves, so every send reaches it before the first is signed.
 */
function storingThroughThePool(real: ChainAdapter, gate: Promise<void>): ChainAdapter {
  let queue: Promise<unknown> = Promise.resolve();
  const broadcast = (request: WithdrawalRequest) => {
    const run = queue.then(async () => {
      await gate;
      await t.database.pool.query('SELECT 1');
      return real.broadcast(request);
    });
    queue = run.catch(() => undefined);
    return run;
  };
  return new Proxy(real, {
    get: (target, property) => {
      if (property === 'broadcast') return broadcast;
      const value = Reflect.get(target, property) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

it('broadcasts more sends at once than the pool has connections', async () => {
  const customers = await Promise.all(Array.from({ length: POOL_SIZE + 10 }, () => createWalletCustomer(t)));
  for (const customer of customers) await fund(t, customer, 'btc', '1');
  const registry = t.app.services.chains;
  const adapterOf = registry.adapter.bind(registry);
  let open = () => {};
  const btc = storingThroughThePool(adapterOf('btc'), new Promise<void>((resolve) => (open = resolve)));
  registry.adapter = (network) => (network === 'btc' ? btc : adapterOf(network));
  try {
    const sending = Promise.all(
      customers.map((customer) =>
        post(t, customer, '/wallet/sendTransaction', {
          walletId: customer.wallet('btc').id,
          address: EXTERNAL_BTC,
          amount: '0.1',
          pin: TEST_PIN,
        }),
      ),
    );
    // Every send approved, and so at its broadcast, before the adapter signs the first.
    for (let approved = 0; approved < customers.length;) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const { rows } = await t.database.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM wallet_sends WHERE approved_at IS NOT NULL',
      );
      approved = rows[0]!.n;
    }
    open();
    const answers = await sending;
    expect(new Set(answers.map((answer) => `${answer.statusCode} ${answer.json().data?.status}`))).toEqual(
      new Set(['200 pending']),
    );
  } finally {
    registry.adapter = adapterOf;
  }
  await assertLedgerInvariants(t.database.db);
});
