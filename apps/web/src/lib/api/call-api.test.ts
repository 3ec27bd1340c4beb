import { afterEach, describe, expect, it, vi } from 'vitest';
import { marketsApi, walletApi, type TradeOrderBody } from '@rora/contracts';
import { callApi, fillPath, queryString } from './client.ts';
import { ApiError } from './errors.ts';
import { IN_PROGRESS_TRIES } from './idempotency.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function answering(data: unknown) {
  const fetch = vi.fn(
    async (_url: string, _init: RequestInit) => new Response(JSON.stringify({ data }), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('callApi', () => {
  it('builds the path and query from the call of the contract and unwraps the answer', async () => {
    const fetch = answering({ items: [], total: 0 });
    const page = await callApi(walletApi.walletTransactions, {
      params: { id: 'a/b' },
      query: { page: 2, limit: 10 },
    });
    expect(page.items).toEqual([]);
    expect(fetch.mock.calls[0]![0]).toBe('/api/v1/wallet/a%2Fb?page=2&limit=10');
    expect(fetch.mock.calls[0]![1].method).toBe('GET');
  });

  it('sends the body and headers with the call’s method', async () => {
    const fetch = answering({ id: 'w1' });
    await callApi(walletApi.toggleFavourite, {
      body: { id: '6f1c3a52-8a0e-4b8e-9d6a-3f0d2b1c4e5a', favourite: true },
      headers: { 'Idempotency-Key': 'k1' },
    });
    const init = fetch.mock.calls[0]![1];
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ id: '6f1c3a52-8a0e-4b8e-9d6a-3f0d2b1c4e5a', favourite: true });
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toBe('k1');
  });

  it('types the input from the schemas (checked by tsc, never run)', () => {
    const typeOnly = () => {
      // @ts-expect-error the path's {id} is required
      void callApi(walletApi.walletTransactions, { query: { page: 1 } });
      // @ts-expect-error the dashboard takes no body
      void callApi(walletApi.dashboard, { body: { any: 1 } });
      // @ts-expect-error a favourite must be a boolean
      void callApi(walletApi.toggleFavourite, { body: { id: 'x', favourite: 'yes' } });
    };
    expect(typeof typeOnly).toBe('function');
  });
});

describe('a keyed request whose twin is still running (409 with Retry-After)', () => {
  const stillRunning = (retryAfter: string) =>
    new Response(
      JSON.stringify({
        error: { code: 'idempotency_request_in_progress', message: 'Still running' },
        data: [{ code: 'idempotency_request_in_progress', message: 'Still running' }],
      }),
      { status: 409, headers: { 'Retry-After': retryAfter } },
    );
  const placed = () => new Response(JSON.stringify({ data: { id: 'o1' } }), { status: 200 });
  const order: TradeOrderBody = { symbol: 'BTC/USDT', side: 'buy', orderType: 'market', amount: '0.01' };
  const place = () =>
    callApi(marketsApi.placeOrder, { body: order, headers: { 'Idempotency-Key': 'k1' } }).then(
      (data) => data,
      (error: unknown) => error,
    );
  const stub = (...answers: Response[]) => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => answers.shift() ?? placed());
    vi.stubGlobal('fetch', fetch);
    return fetch;
  };

  it('is sent again, identical, once each short Retry-After has passed, and gets the answer', async () => {
    vi.useFakeTimers();
    const fetch = stub(stillRunning('1'), stillRunning('2'), placed());
    const result = place();
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toEqual({ id: 'o1' });
    const sent = fetch.mock.calls.map(([, init]) => init);
    expect(sent.map((init) => (init.headers as Record<string, string>)['Idempotency-Key'])).toEqual(['k1', 'k1', 'k1']);
    expect(new Set(sent.map((init) => init.body)).size).toBe(1);
  });

  it('is sent a bounded number of times, then the refusal comes back', async () => {
    vi.useFakeTimers();
    const fetch = stub(...Array.from({ length: IN_PROGRESS_TRIES + 2 }, () => stillRunning('1')));
    const result = place();
    await vi.advanceTimersByTimeAsync(60_000);
    const error = await result;
    expect(fetch).toHaveBeenCalledTimes(IN_PROGRESS_TRIES);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'idempotency_request_in_progress', retryAfterSeconds: 1 });
  });

  it('is not sent again when the wait is long: the refusal says how many seconds', async () => {
    const fetch = stub(stillRunning('15'), placed());
    expect(await place()).toMatchObject({ code: 'idempotency_request_in_progress', retryAfterSeconds: 15 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('paths and queries', () => {
  it('fills every {name} and refuses a missing one', () => {
    expect(fillPath('/order/{id}', { id: 'x y' })).toBe('/order/x%20y');
    expect(() => fillPath('/order/{id}', {})).toThrow(/id/);
  });

  it('leaves out undefined and null values', () => {
    expect(queryString({ a: 1, b: undefined, c: null, d: 'x&y' })).toBe('?a=1&d=x%26y');
    expect(queryString({})).toBe('');
  });
});
