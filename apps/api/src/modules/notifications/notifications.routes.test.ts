import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createTestUser, type TestUser } from '../../testing/users.ts';

describe('notifications', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await createTestUser(t);
    bob = await createTestUser(t);
  });
  afterAll(async () => t.close());

  const swapParams = {
    swapId: 'x',
    fromAsset: 'ETH',
    fromAmount: '0.5',
    toAsset: 'USDT',
    toAmount: '1500.25',
  } as const;
  const notify = async (user: TestUser, message: string) => {
    t.clock.advance(1000);
    return t.app.services.notifications.notify(user.userId, { kind: 'swap_completed', message, data: swapParams });
  };

  it('lists nothing for a new customer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/notification', headers: alice.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ items: [], page: 1, limit: 20, total: 0, unreadCount: 0 });
  });

  it('lists the customer’s own notifications newest first, paged, with the unread count', async () => {
    await notify(alice, 'first');
    await notify(bob, 'bob only');
    await notify(alice, 'second');
    await notify(alice, 'third');

    const page1 = await t.app.inject({ method: 'GET', url: '/api/v1/notification?limit=2', headers: alice.headers });
    expect(page1.statusCode).toBe(200);
    const body = page1.json().data;
    expect(body.items.map((n: { message: string }) => n.message)).toEqual(['third', 'second']);
    expect(body).toMatchObject({ page: 1, limit: 2, total: 3, unreadCount: 3 });
    expect(body.items[0]).toEqual({
      id: expect.any(String),
      kind: 'swap_completed',
      message: 'third',
      createdAt: t.clock.now().toISOString(),
      isRead: false,
      data: swapParams,
    });

    const page2 = await t.app.inject({
      method: 'GET',
      url: '/api/v1/notification?limit=2&page=2',
      headers: alice.headers,
    });
    expect(page2.json().data.items.map((n: { message: string }) => n.message)).toEqual(['first']);
  });

  it('refuses a page size above 100, a page below 1 and a number that is not plain digits', async () => {
    const refusals = [
      ['limit=101', 'request_validation_failed'],
      ['page=0', 'request_validation_failed'],
      ['limit=abc', 'query_number_must_be_decimal_digits'],
      ['page=0x10', 'query_number_must_be_decimal_digits'],
    ];
    for (const [query, code] of refusals) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/notification?${query}`,
        headers: alice.headers,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code, query).toBe(code);
    }
  });

  it('gives one notification to its owner and 404 to another customer', async () => {
    const mine = await notify(alice, 'private');
    const own = await t.app.inject({ method: 'GET', url: `/api/v1/notification/${mine.id}`, headers: alice.headers });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ id: mine.id, message: 'private', isRead: false });

    const other = await t.app.inject({ method: 'GET', url: `/api/v1/notification/${mine.id}`, headers: bob.headers });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({
      error: { code: 'resource_not_found' },
      data: [{ code: 'resource_not_found' }],
    });
    expect(other.body).not.toContain('private');
  });

  it('marks one notification read, only for its owner', async () => {
    const mine = await notify(alice, 'to read');
    const before = await t.app.services.notifications.unreadCount(alice.userId);

    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/notification/${mine.id}/read`,
      headers: bob.headers,
    });
    expect(refused.statusCode).toBe(404);
    expect(await t.app.services.notifications.unreadCount(alice.userId)).toBe(before);

    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/notification/${mine.id}/read`,
      headers: alice.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: mine.id, isRead: true });
    expect(await t.app.services.notifications.unreadCount(alice.userId)).toBe(before - 1);

    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/notification/${mine.id}/read`,
      headers: alice.headers,
    });
    expect(again.statusCode).toBe(200);
    expect(await t.app.services.notifications.unreadCount(alice.userId)).toBe(before - 1);
  });

  it('marks all of the customer’s notifications read and leaves other customers’ alone', async () => {
    const bobUnread = await t.app.services.notifications.unreadCount(bob.userId);
    const unread = await t.app.services.notifications.unreadCount(alice.userId);
    expect(unread).toBeGreaterThan(0);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/notification/read-all',
      headers: alice.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ updated: unread, unreadCount: 0 });
    expect(await t.app.services.notifications.unreadCount(bob.userId)).toBe(bobUnread);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/notification', headers: alice.headers });
    expect(list.json().data.items.every((n: { isRead: boolean }) => n.isRead)).toBe(true);
  });

  it('answers 401 without a token and 400 for an id that is not a uuid', async () => {
    const id = (await notify(alice, 'x')).id;
    for (const [method, url] of [
      ['GET', '/api/v1/notification'],
      ['GET', `/api/v1/notification/${id}`],
      ['PUT', `/api/v1/notification/${id}/read`],
      ['PUT', '/api/v1/notification/read-all'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().error.code).toBe('authentication_required');
    }
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/notification/not-a-uuid', headers: alice.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a known kind without the params its text is written from: a programmer error', async () => {
    const { notifications } = t.app.services;
    const before = await notifications.unreadCount(alice.userId);
    const stale = { kind: 'swap_completed', message: 'Your swap is complete.', data: { swapId: 'x' } } as const;
    await expect(notifications.notify(alice.userId, stale as never)).rejects.toThrow(
      /swap_completed lacks its params: fromAsset, fromAmount, toAsset, toAmount/,
    );
    const wrongAsset = { ...swapParams, toAsset: 'DOGECOIN' };
    await expect(
      notifications.notify(alice.userId, { kind: 'swap_completed', message: 'x', data: wrongAsset as never }),
    ).rejects.toThrow(/toAsset/);
    expect(await notifications.unreadCount(alice.userId)).toBe(before);
  });

  it('stores a kind the contract does not know with whatever ids it carries (its message is the text)', async () => {
    const created = await t.app.services.notifications.notify(alice.userId, {
      kind: 'security_alert',
      message: 'A new device signed in.',
      data: { sessionId: 's1' },
    });
    expect(created).toMatchObject({
      kind: 'security_alert',
      message: 'A new device signed in.',
      data: { sessionId: 's1' },
    });
  });

  it('refuses a kind that is not snake_case: a programmer error in the calling module', async () => {
    await expect(t.app.services.notifications.notify(alice.userId, { kind: 'Bad Kind', message: 'x' })).rejects.toThrow(
      /snake_case/,
    );
  });
});
