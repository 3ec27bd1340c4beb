// The fake API holds screen tests to the contract: answers its schemas refuse, and requests no test
// answered, are listed for the test to fail on; refusals carry the catalogue's status and message.
import { describe, expect, it } from 'vitest';
import { authApi, errorCatalogue, walletApi, walletListSchema, walletTransactionsSchema } from '@rora/contracts';
import { FakeApi } from './fake-api.ts';
import { wallet } from './fixtures.ts';

const WALLET_ID = '5d0a3c8e-1f1b-4d7e-9b5a-0c6f1e2d3a41';

describe('the fake API', () => {
  it('answers a call in the success envelope and records the request', async () => {
    const api = new FakeApi();
    const list = { wallets: [wallet('BTC', { id: WALLET_ID })], totalBalance: '0.00', complete: true };
    api.answer(walletApi.listWallets, walletListSchema, list);

    const response = await api.fetch('/api/v1/wallet', { method: 'GET' });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: list });
    expect(api.calls(walletApi.listWallets)).toHaveLength(1);
  });

  it('lists an answer the call’s schema refuses, and answers it with a 500', async () => {
    const api = new FakeApi();
    const drifted = { wallets: [], totalBalance: 12, complete: 'yes' };
    api.answer(walletApi.listWallets, walletListSchema, drifted as never);

    const response = await api.fetch('/api/v1/wallet');

    expect(response.status).toBe(500);
    expect(api.invalid).toHaveLength(1);
    expect(api.invalid[0]).toMatch(/^GET \/wallet: /);
  });

  it('refuses with the catalogue’s status and message', async () => {
    const api = new FakeApi();
    api.refuse(authApi.login, 'credentials_are_invalid');

    const response = await api.fetch('/api/v1/auth/login', { method: 'POST', body: '{"email":"a@b.c"}' });

    const { status, message } = errorCatalogue.credentials_are_invalid;
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({
      error: { code: 'credentials_are_invalid', message },
      data: [{ code: 'credentials_are_invalid', message }],
    });
    expect(api.calls(authApi.login)[0]?.body).toEqual({ email: 'a@b.c' });
  });

  it('never fills an `{id}` with another call’s path, and lists what nobody answered', async () => {
    const api = new FakeApi();
    api.answer(walletApi.walletTransactions, walletTransactionsSchema, {
      wallet: wallet('BTC', { id: WALLET_ID }),
      items: [],
      page: 1,
      limit: 10,
      total: 0,
    });

    expect((await api.fetch(`/api/v1/wallet/${WALLET_ID}?page=1`)).status).toBe(200);
    expect(api.calls(walletApi.walletTransactions)[0]?.query.get('page')).toBe('1');
    // /wallet/history is another call's path, not a wallet id.
    expect((await api.fetch('/api/v1/wallet/history')).status).toBe(404);
    expect((await api.fetch('/api/v1/dashboard')).status).toBe(404);
    expect(api.unanswered).toEqual(['GET /wallet/history', 'GET /dashboard']);
  });
});
