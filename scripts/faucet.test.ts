// `npm run faucet` against the real app on a real database: a customer named by e-mail receives a
// devnet deposit that shows as pending; bad input is refused with the rule it broke.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '@rora/ledger';
import type { TestApp } from '../apps/api/src/testing/test-app.ts';
import { createTestUser } from '../apps/api/src/testing/users.ts';
import { call, createWalletTestApp } from '../apps/api/src/modules/wallets/testing/wallet-fixtures.ts';
import { faucet, faucetOptions } from './faucet.ts';

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createWalletTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await assertLedgerInvariants(t.database.db);
  await t.close();
});

describe('faucet', () => {
  it('reads its options and prints the usage when one is missing', () => {
    const lines: string[] = [];
    expect(faucetOptions(['--email', 'a@b.c'], {}, (line) => lines.push(line))).toBeNull();
    expect(lines[0]).toMatch(/^usage: npm run faucet/);
    const options = faucetOptions(
      ['--email', 'a@b.c', '--asset', 'BTC', '--amount', '0.5'],
      { PORT: '4000' },
      () => {},
    );
    expect(options).toEqual({ email: 'a@b.c', asset: 'BTC', amount: '0.5', url: 'http://localhost:4000' });
  });

  it('sends a devnet deposit that the customer sees as pending', async () => {
    const customer = await createTestUser(t);
    const lines: string[] = [];
    const code = await faucet({ email: customer.email, asset: 'btc', amount: '0.5', url }, (line) => lines.push(line));
    expect(code, lines.join('\n')).toBe(0);
    expect(lines[0]).toMatch(/^Sent 0\.5 BTC on btc to bc1q/);
    await t.app.services.chainWatcher.idle();
    const history = (await call(t, customer, 'GET /wallet/history')).json().data;
    expect(history.items[0]).toMatchObject({ type: 'deposit', amount: '0.5', status: 'pending' });
  });

  it('refuses an unknown customer or asset with the reason', async () => {
    const lines: string[] = [];
    expect(await faucet({ email: 'nobody@example.com', asset: 'BTC', amount: '1', url }, (l) => lines.push(l))).toBe(1);
    expect(lines.at(-1)).toMatch(/resource_not_found/);
    const customer = await createTestUser(t);
    expect(await faucet({ email: customer.email, asset: 'DOGE', amount: '1', url }, (l) => lines.push(l))).toBe(1);
    expect(lines.at(-1)).toMatch(/network_is_unknown/);
  });
});
