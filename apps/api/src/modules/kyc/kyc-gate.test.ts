import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KYC_STATUSES, type KycStatus } from '@rora/contracts';
import { schema } from '@rora/db';
import type { App } from '../../app.ts';
import { isAppError } from '../../lib/errors.ts';
import { requireApprovedKyc } from './index.ts';
import {
  completeSteps,
  createKycTestApp,
  letProviderDecide,
  newCustomer,
  sendForReview,
  type KycTestApp,
} from './testing/kyc-fixtures.ts';

// Stands in for the routes spec §6 gates (orders, swaps, on-ramp), which later modules add with
// exactly this preHandler.
let t: KycTestApp;
beforeAll(async () => {
  t = await createKycTestApp({
    plugins: [
      async (api) => {
        const { kycGate } = (api as unknown as App).services;
        api.post('/gate-probe/order', { preHandler: [api.authenticate, requireApprovedKyc(kycGate)] }, async () => ({
          data: { placed: true },
        }));
      },
    ],
  });
});
afterAll(async () => t.close());

async function placeOrder(headers: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: '/api/v1/gate-probe/order', headers, payload: {} });
}

describe('the KYC gate', () => {
  it.each(KYC_STATUSES.filter((status) => status !== 'approved'))(
    'answers 403 kyc_approval_required when KYC is %s',
    async (status: KycStatus) => {
      const user = await newCustomer(t);
      await t.database.db.update(schema.users).set({ kycStatus: status }).where(eq(schema.users.id, user.userId));
      const response = await placeOrder(user.headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: { code: 'kyc_approval_required', message: expect.stringContaining('identity verification') },
        data: [{ code: 'kyc_approval_required', message: expect.any(String) }],
      });
    },
  );

  it('lets a customer through once the provider approved them', async () => {
    const user = await newCustomer(t);
    await completeSteps(t, user);
    await sendForReview(t, user);
    expect((await placeOrder(user.headers)).statusCode).toBe(403);
    await letProviderDecide(t);
    const response = await placeOrder(user.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { placed: true } });
  });

  it('asks for sign-in first: anonymous is 401, not 403', async () => {
    expect((await placeOrder({})).statusCode).toBe(401);
  });

  it('works as a service check inside a flow', async () => {
    const user = await newCustomer(t);
    const refusal = await t.app.services.kycGate.requireApprovedKyc(user.userId).catch((error: unknown) => error);
    expect(isAppError(refusal) && refusal.code).toBe('kyc_approval_required');
    await t.database.db.update(schema.users).set({ kycStatus: 'approved' }).where(eq(schema.users.id, user.userId));
    await expect(t.app.services.kycGate.requireApprovedKyc(user.userId)).resolves.toBeUndefined();
  });

  it('does not stand in the way of what spec §6 leaves open before KYC: profile and notifications', async () => {
    const user = await newCustomer(t);
    const profile = await t.app.inject({ method: 'GET', url: `/api/v1/user/${user.userId}`, headers: user.headers });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.kycStatus).toBe('not_started');
    const notifications = await t.app.inject({ method: 'GET', url: '/api/v1/notification', headers: user.headers });
    expect(notifications.statusCode).toBe(200);
  });
});
