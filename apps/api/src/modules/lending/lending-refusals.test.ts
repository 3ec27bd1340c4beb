// Every refusal names the rule that was broken (a tester's report): a number of the address not in
// plain digits answers the digits rule, not a range it keeps (rateBps=1e3 is 10 %); a parameter
// given twice answers the repetition, on lending's calls as on staking's and every other; and a
// customer without approved KYC is told that borrowing and lending need it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app.ts';
import { createTestUser, type TestUser } from '../../testing/users.ts';
import {
  REQUEST,
  approvedCustomer,
  createLendingTestApp,
  openRequest,
  postRequest,
  step,
} from './testing/lending-fixtures.ts';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createLendingTestApp();
  user = await approvedCustomer(t, { BTC: '1' });
});
afterAll(async () => t.close());

const query = (fields: Record<string, unknown>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');

async function refusal(url: string): Promise<[number, string, string | undefined, string]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: user.headers });
  const body = response.json() as { error: { code: string; message: string }; data: Array<{ field?: string }> };
  return [response.statusCode, body.error.code, body.data[0]?.field, body.error.message];
}

describe('numbers of the address', () => {
  it.each([
    ['/p2p/preview', { ...REQUEST, rateBps: '1e3' }, 'rateBps'],
    ['/p2p/preview', { ...REQUEST, rateBps: '0x10' }, 'rateBps'],
    ['/p2p/preview', { ...REQUEST, rateBps: '12.5' }, 'rateBps'],
    ['/p2p/preview', { ...REQUEST, rateBps: ' 1000' }, 'rateBps'],
    ['/p2p/preview', { ...REQUEST, termDays: '3e1' }, 'termDays'],
    ['/p2p/preview', { ...REQUEST, termDays: '0x1e' }, 'termDays'],
    ['/p2p', { termDays: '3e1' }, 'termDays'],
    ['/p2p', { page: '0x1' }, 'page'],
    ['/p2p/get-my-accepted-loans', { limit: '1e1' }, 'limit'],
    ['/staking/stake', { page: '1e0' }, 'page'],
    ['/staking/stake', { limit: '0x10' }, 'limit'],
  ])('GET %s?%j answers the digits rule', async (path, fields, field) => {
    const [status, code, named] = await refusal(`${path}?${query(fields)}`);
    expect([status, code, named]).toEqual([400, 'query_number_must_be_decimal_digits', field]);
  });

  it('keeps naming a range or a term broken by a number in digits', async () => {
    expect((await refusal(`/p2p/preview?${query({ ...REQUEST, rateBps: 5001 })}`)).slice(0, 3)).toEqual([
      422,
      'loan_rate_out_of_range',
      'rateBps',
    ]);
    expect((await refusal(`/p2p/preview?${query({ ...REQUEST, termDays: 31 })}`)).slice(0, 3)).toEqual([
      422,
      'loan_term_not_offered',
      'termDays',
    ]);
    expect((await refusal('/p2p?termDays=31')).slice(0, 3)).toEqual([422, 'loan_term_not_offered', 'termDays']);
  });

  // Twenty digits are digits: what is wrong is the size, and the range says so (a tester's report).
  it.each([
    ['/p2p?page=99999999999999999999', 'page'],
    ['/staking/stake?limit=1000000000000000000000000', 'limit'],
  ])('GET %s answers the range, not the digits rule', async (url, field) => {
    const [status, code, named, message] = await refusal(url);
    expect([status, code, named]).toEqual([400, 'request_validation_failed', field]);
    expect(message).toMatch(/^Too big: expected number to be <=(1000000|100)$/);
  });

  it('names the sorts of the marketplace when another is asked for', async () => {
    expect(await refusal('/p2p?sort=bogus')).toEqual([
      400,
      'loan_market_sort_is_not_listed',
      'sort',
      'Sort the requests by rate_desc, rate_asc or newest',
    ]);
  });
});

describe('a parameter given twice', () => {
  it.each([
    [`/p2p/preview?${query(REQUEST)}&asset=ETH`, 'asset'],
    [`/p2p/preview?${query(REQUEST)}&rateBps=1200`, 'rateBps'],
    ['/p2p?asset=USDT&asset=ETH', 'asset'],
    ['/p2p?termDays=30&termDays=30', 'termDays'],
    ['/p2p/get-my-loan-requests?page=1&page=2', 'page'],
    ['/staking/stake?limit=5&limit=5', 'limit'],
    ['/market/depth?symbol=BTC/USDT&levels=1&levels=2', 'levels'],
    ['/convert?from=BTC&from=ETH&to=USDT&quantity=1', 'from'],
  ])('GET %s answers query_parameters_must_be_unique, naming it', async (url, field) => {
    const [status, code, named, message] = await refusal(url);
    expect([status, code, named]).toEqual([400, 'query_parameters_must_be_unique', field]);
    expect(message).toBe(`The parameter "${field}" appears more than once in the address`);
  });
});

describe('the KYC gate on lending', () => {
  it('tells a customer without approved KYC that borrowing and lending need it', async () => {
    const unverified = await createTestUser(t);
    const posted = await postRequest(t, unverified);
    expect([posted.statusCode, posted.json().error.code]).toEqual([403, 'kyc_approval_required']);
    expect(posted.json().error.message).toMatch(/identity verification \(KYC\) before .*borrowing/);
    const loan = await openRequest(t, user);
    const lent = await step(t, unverified, 'lend', loan.id);
    expect([lent.statusCode, lent.json().error.code]).toEqual([403, 'kyc_approval_required']);
    expect(lent.json().error.message).toMatch(/identity verification \(KYC\) before .*lending/);
  });
});
