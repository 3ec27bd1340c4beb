// A call that declares no body (an unstake, a logout) refuses one with something in it: it was
// dropped unread, so `{"amount":"5"}` sent to an unstake, meant as a part, ended the whole stake.
// Nothing (no body, `null`, `{}`) is still taken, the sign-in check still comes first, and a refused
// call claims no idempotency key: the same key then serves the call as it was meant.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing/test-app.ts';
import type { TestUser } from '../testing/users.ts';
import {
  createStakingTestApp,
  fundedCustomer,
  myStakes,
  placeStake,
  unstake,
} from '../modules/staking/testing/staking-fixtures.ts';

const REFUSAL = { code: 'request_body_not_allowed', message: 'This request takes no body' };

let t: TestApp;
let alice: TestUser;
beforeAll(async () => {
  t = await createStakingTestApp();
  alice = await fundedCustomer(t, { USDT: '1000' });
});
afterAll(async () => t.close());

const unstakeWith = (id: string, payload: string, key = randomUUID(), headers: object = alice.headers) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/staking/stake/${id}/unstake`,
    headers: { ...headers, 'idempotency-key': key, 'content-type': 'application/json' },
    payload,
  });

describe('a body on a call that declares none', () => {
  it('is refused, and the stake is left as it was', async () => {
    const stake = await placeStake(t, alice, 'usdt-flexible', '100');
    const key = randomUUID();
    const response = await unstakeWith(stake.id, '{"amount":"5"}', key);
    expect([response.statusCode, response.json().error]).toEqual([400, REFUSAL]);
    expect((await myStakes(t, alice)).find((each) => each.id === stake.id)?.status).toBe('active');
    // The refusal claimed nothing: the same key now ends the stake as a call without a body.
    const ended = await unstake(t, alice, stake.id, key);
    expect([ended.statusCode, ended.json().data.status]).toEqual([200, 'unstaked']);
  });

  it.each([
    ['an array', '[1]'],
    ['a string', '"all"'],
    ['a number', '5'],
  ])('is refused when it is %s', async (_what, payload) => {
    const response = await unstakeWith(randomUUID(), payload);
    expect([response.statusCode, response.json().error]).toEqual([400, REFUSAL]);
  });

  it('takes nothing as nothing: no body, null or {}', async () => {
    for (const payload of ['{}', 'null']) {
      const stake = await placeStake(t, alice, 'usdt-flexible', '10');
      const response = await unstakeWith(stake.id, payload);
      expect([response.statusCode, response.json().data.status], payload).toEqual([200, 'unstaked']);
    }
    const stake = await placeStake(t, alice, 'usdt-flexible', '10');
    expect((await unstake(t, alice, stake.id)).statusCode).toBe(200);
  });

  it('is answered 401 first when nobody is signed in', async () => {
    const response = await unstakeWith(randomUUID(), '{"amount":"5"}', randomUUID(), {});
    expect([response.statusCode, response.json().error.code]).toEqual([401, 'authentication_required']);
  });
});
