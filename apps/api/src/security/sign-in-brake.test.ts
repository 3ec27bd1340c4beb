// Tokens that sign nobody in are braked per client address (plugins/sign-in-brake.ts): each costs a
// session read, and a signed-in route's own limit counts only once signed in. Past the limit the
// address gets 429 with Retry-After before any read, on every signed-in route and the WebSocket;
// other addresses, and expired sessions, are not held up.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WS_CLOSE_UNAUTHORIZED } from '@rora/contracts';
import { addressKey, FAILED_SIGN_INS_PER_MINUTE } from '../plugins/sign-in-brake.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createTestUser, type TestUser } from '../testing/users.ts';

let t: TestApp;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  customer = await createTestUser(t);
});
afterAll(() => t?.close());

const randomToken = () => randomBytes(32).toString('base64url');
const dashboard = (remoteAddress: string, token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/dashboard',
    remoteAddress,
    headers: { authorization: `Bearer ${token}` },
  });

async function spendBudget(remoteAddress: string): Promise<void> {
  for (let index = 0; index <= FAILED_SIGN_INS_PER_MINUTE; index += 1) {
    const response = await dashboard(remoteAddress, randomToken());
    expect(response.json().error.code).toBe('authentication_required');
  }
}

describe('the brake on tokens that sign nobody in', () => {
  it('refuses an address past the limit with 429 and Retry-After, and no other address', async () => {
    await spendBudget('198.51.100.7');
    const refused = await dashboard('198.51.100.7', randomToken());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('too_many_requests');
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // Also a real token from that address: the address is refused, not the token.
    expect((await dashboard('198.51.100.7', customer.token)).statusCode).toBe(429);
    expect((await dashboard('198.51.100.8', customer.token)).statusCode).toBe(200);
    expect((await dashboard('198.51.100.8', randomToken())).statusCode).toBe(401);
  });

  it('counts an IPv6 client by its /64 and an IPv4 address written as IPv6 as itself', async () => {
    await spendBudget('2001:db8:1:2::1');
    for (const spelling of ['2001:db8:1:2::2', '2001:DB8:1:2:0:0:0:1', '2001:0db8:0001:0002::ffff']) {
      expect((await dashboard(spelling, customer.token)).statusCode, spelling).toBe(429);
    }
    expect((await dashboard('2001:db8:1:3::1', customer.token)).statusCode).toBe(200);
    await spendBudget('192.0.2.9');
    expect((await dashboard('::ffff:192.0.2.9', customer.token)).statusCode).toBe(429);
    expect(addressKey('::ffff:192.0.2.9')).toBe('192.0.2.9');
  });

  it('does not count a request without a token or with an expired session', async () => {
    const expired = await createTestUser(t);
    await t.app.services.sessions.revokeAll(expired.userId);
    for (let index = 0; index <= FAILED_SIGN_INS_PER_MINUTE; index += 1) {
      const missing = await t.app.inject({ method: 'GET', url: '/api/v1/dashboard', remoteAddress: '198.51.100.9' });
      expect(missing.json().error.code).toBe('authentication_required');
      expect((await dashboard('198.51.100.9', expired.token)).json().error.code).toBe('session_expired');
    }
    expect((await dashboard('198.51.100.9', customer.token)).statusCode).toBe(200);
  });

  it("closes a braked address's WebSocket with too_many_requests", async () => {
    await spendBudget('127.0.0.1');
    const port = await t.listen();
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/v1/ws`, ['bearer', customer.token]);
    const closed = await new Promise<{ code: number; reason: string }>((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    expect(closed).toEqual({ code: WS_CLOSE_UNAUTHORIZED, reason: 'too_many_requests' });
  });
});
