// 50 swaps placed at the same instant against a balance that covers one (TESTING.md: real
// concurrency on real PostgreSQL). 50 keep-alive connections each send their request but its last
// byte, then the last bytes go out in one loop, so the requests reach the server together.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertLedgerInvariants } from '@rora/ledger';
import type { TestApp } from '../../testing/test-app.ts';
import { checkSwapInvariants } from './testing/swap-invariants.ts';
import {
  SWAP_ORDER_TEST_PATH,
  approvedCustomer,
  balances,
  createSwapTestApp,
  getQuote,
} from './testing/swap-fixtures.ts';
import { armedRequest } from '../../testing/armed-request.ts';

const RACERS = 50;
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createSwapTestApp();
  port = await t.listen();
});
afterAll(async () => t.close());

function orderRequest(token: string, index: number, body: object): string {
  const json = JSON.stringify(body);
  return [
    `POST ${SWAP_ORDER_TEST_PATH} HTTP/1.1`,
    'Host: 127.0.0.1',
    `Authorization: Bearer ${token}`,
    `Idempotency-Key: race-${index}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(json)}`,
    'Connection: close',
    '',
    json,
  ].join('\r\n');
}

describe('under real concurrency', () => {
  it(`lets exactly one of ${RACERS} simultaneous swaps through when the balance covers one`, async () => {
    const user = await approvedCustomer(t, { BTC: '1' });
    const quotes = [];
    for (let index = 0; index < RACERS; index += 1) {
      quotes.push(await getQuote(t, user, { from: 'BTC', to: 'ETH', quantity: '1' }));
    }
    const racers = await Promise.all(
      quotes.map((quote, index) =>
        armedRequest(port, orderRequest(user.token, index, { type: 'swap', quoteId: quote.id })),
      ),
    );
    for (const racer of racers) racer.release();
    const results = await Promise.all(racers.map((racer) => racer.answer));

    const tally = results.reduce<Record<string, number>>((acc, result) => {
      const code =
        result.status === 201 ? 'placed' : (JSON.parse(result.body) as { error: { code: string } }).error.code;
      return { ...acc, [code]: (acc[code] ?? 0) + 1 };
    }, {});
    expect(tally).toEqual({ placed: 1, swap_amount_exceeds_available_balance: RACERS - 1 });
    expect(await balances(t, user.userId, 'BTC')).toEqual({ available: 0n, held: 100_000_000n });
    await assertLedgerInvariants(t.database.db);
    expect(await checkSwapInvariants(t.database.db)).toEqual([]);
  });
});
