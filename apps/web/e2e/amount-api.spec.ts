// The strings a customer pastes into amount fields, sent straight to the API routes that take an
// amount: each answer is a 4xx naming the rule (a code and a message), never a 500 and never a
// success that read the text as another number. The browser side is amount-fields.spec.ts.
import { randomUUID } from 'node:crypto';
import { bearer } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { approvedCustomer } from './swap-helpers.ts';
import { EXTERNAL_BTC, faucet, mine, PIN, setPin, walletOf } from './wallets-helpers.ts';

const PASTED = [
  '1,000.50',
  '1.000,50',
  '1e9',
  '-5',
  '0',
  '0.000000001',
  '0.000000000000000000001',
  ' 12 ',
  '12abc',
  '1234567890123456789012345678901234567890',
  '.',
  '',
  '１２',
] as const;

test('every amount route answers a pasted string with a 4xx naming the rule', async ({ request }) => {
  test.setTimeout(120_000);
  const customer = await approvedCustomer(request);
  await setPin(request, customer);
  await faucet(request, customer, 'BTC', '0.01');
  await mine(request, 'btc', 3);
  const btc = await walletOf(request, customer, 'btc');
  const auth = bearer(customer);
  const routes: Array<[string, string, (amount: string) => Record<string, unknown>]> = [
    [
      'POST',
      '/api/v1/order',
      (amount) => ({ symbol: 'BTC-USDT', side: 'buy', orderType: 'limit', price: '40000', amount }),
    ],
    [
      'POST',
      '/api/v1/order',
      (price) => ({ symbol: 'BTC-USDT', side: 'buy', orderType: 'limit', price, amount: '0.001' }),
    ],
    ['POST', '/api/v1/order', (total) => ({ symbol: 'BTC-USDT', side: 'buy', orderType: 'market', total })],
    ['GET', '/api/v1/convert', (quantity) => ({ from: 'BTC', to: 'USDT', quantity })],
    [
      'POST',
      '/api/v1/wallet/sendTransaction',
      (amount) => ({ walletId: btc.id, address: EXTERNAL_BTC, amount, pin: PIN }),
    ],
    ['POST', '/api/v1/order/init', (fiatAmount) => ({ asset: 'BTC', fiatAmount })],
    ['POST', '/api/v1/staking/stake', (amount) => ({ plan: 'usdt-30', amount })],
    ['POST', '/api/v1/alert', (price) => ({ symbol: 'BTC-USDT', condition: 'above', price })],
    [
      'POST',
      '/api/v1/p2p',
      (amount) => ({
        asset: 'USDT',
        amount,
        rateBps: 500,
        termDays: 30,
        collateralAsset: 'BTC',
        collateralAmount: '0.001',
      }),
    ],
    [
      'POST',
      '/api/v1/p2p',
      (collateralAmount) => ({
        asset: 'USDT',
        amount: '100',
        rateBps: 500,
        termDays: 30,
        collateralAsset: 'BTC',
        collateralAmount,
      }),
    ],
    // No such loan: a malformed debt is refused for its form before the loan is looked up.
    ['POST', `/api/v1/p2p/repay/${randomUUID()}`, (maxDebt) => ({ maxDebt })],
  ];
  const seen: string[] = [];
  const failures: string[] = [];
  for (const [method, url, body] of routes) {
    for (const text of PASTED) {
      const data = body(text);
      const headers = { ...auth, 'Idempotency-Key': randomUUID() };
      const response =
        method === 'GET'
          ? await request.get(url, { headers, params: data as Record<string, string> })
          : await request.post(url, { headers, data });
      const answer = (await response.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
      const what = `${method} ${url} ${JSON.stringify(data)} → ${response.status()} ${JSON.stringify(answer)}`;
      // " 12 " is 12 as written: the route may take it; every other string breaks a rule.
      const taken = text === ' 12 ' && response.ok();
      if (!taken) {
        const named =
          response.status() >= 400 &&
          response.status() < 500 &&
          /^[a-z0-9_]+$/.test(answer.error?.code ?? '') &&
          (answer.error?.message ?? '') !== '';
        if (!named) failures.push(what);
      }
      seen.push(what);
    }
  }
  await test.info().attach('answers', { body: seen.join('\n'), contentType: 'text/plain' });
  expect(failures, failures.join('\n')).toEqual([]);
});
