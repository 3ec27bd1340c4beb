import { afterEach, describe, expect, it, vi } from 'vitest';
import { walletApi } from '@rora/contracts';
import { callApi, fillPath, queryString } from './client.ts';

afterEach(() => vi.unstubAllGlobals());

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
