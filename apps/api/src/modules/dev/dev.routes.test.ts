import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const code = (value: string) => ({ kind: 'verification_code', params: { code: value } }) as const;
const emailText = (value: string) =>
  `Your Rora verification code is ${value}. It expires in 10 minutes. If you did not ask for this, you can ignore this message.`;
const smsText = (value: string) => `Your Rora verification code is ${value}. It expires in 10 minutes.`;

describe('GET /api/v1/dev/outbox', () => {
  let t: TestApp;
  let production: TestApp;
  let exposed: TestApp;
  beforeAll(async () => {
    [t, production, exposed] = await Promise.all([
      createTestApp(),
      createTestApp({ env: { DEV_ROUTES: 'false' } }),
      createTestApp({ env: { HOST: '0.0.0.0' } }),
    ]);
  });
  afterAll(async () => Promise.all([t.close(), production.close(), exposed.close()]));

  it('lists the messages to one address newest first, with their text', async () => {
    const { messaging } = t.app.services;
    await messaging.email({ to: 'reader@example.com', category: 'security', template: code('111111') });
    await messaging.email({ to: 'someone-else@example.com', category: 'security', template: code('999999') });
    await messaging.sms({ to: '+15005550006', category: 'security', template: code('333333') });
    await messaging.email({ to: 'reader@example.com', category: 'security', template: code('222222') });

    const response = await t.app.inject({ method: 'GET', url: '/api/v1/dev/outbox?to=Reader@Example.com' });
    expect(response.statusCode).toBe(200);
    const { items } = response.json().data;
    expect(items.map((m: { text: string }) => m.text)).toEqual([emailText('222222'), emailText('111111')]);
    expect(items[0]).toMatchObject({
      channel: 'email',
      to: 'reader@example.com',
      category: 'security',
      status: 'sent',
      subject: 'Your Rora verification code',
    });

    const sms = await t.app.inject({
      method: 'GET',
      url: `/api/v1/dev/outbox?to=${encodeURIComponent('+15005550006')}`,
    });
    expect(sms.json().data.items).toEqual([expect.objectContaining({ channel: 'sms', text: smsText('333333') })]);
  });

  it('lists everything newest first, up to limit', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/dev/outbox?limit=2' });
    expect(response.json().data.items.map((m: { text: string }) => m.text)).toEqual([
      emailText('222222'),
      smsText('333333'),
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/dev/outbox?limit=0' })).statusCode).toBe(400);
  });

  it('does not exist when dev routes are off', async () => {
    await production.app.services.messaging.email({
      to: 'p@example.com',
      category: 'security',
      template: code('555555'),
    });
    const response = await production.app.inject({ method: 'GET', url: '/api/v1/dev/outbox' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('route_not_found');
    expect(response.body).not.toContain('555555');
  });

  it('does not exist on a HOST other than loopback unless DEV_ROUTES=true is given', async () => {
    const calls = [
      { method: 'GET', url: '/api/v1/dev/outbox' },
      { method: 'POST', url: '/api/v1/dev/faucet', payload: {} },
      { method: 'POST', url: '/api/v1/dev/mine', payload: {} },
      { method: 'GET', url: '/api/v1/dev/markets/book?symbol=BTC-USDT' },
    ] as const;
    for (const call of calls) {
      const [onLoopback, onExposed] = await Promise.all([t.app.inject(call), exposed.app.inject(call)]);
      expect(onLoopback.statusCode, call.url).not.toBe(404);
      expect([onExposed.statusCode, onExposed.json().error.code], call.url).toEqual([404, 'route_not_found']);
    }
  });
});
