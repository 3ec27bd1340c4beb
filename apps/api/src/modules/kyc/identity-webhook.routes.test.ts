import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { schema } from '@rora/db';
import type { TestUser } from '../../testing/users.ts';
import { signWebhook } from './identity-provider/webhook-signature.ts';
import {
  WEBHOOK_SECRET,
  completeSteps,
  createKycTestApp,
  kycState,
  letProviderDecide,
  newCustomer,
  sendForReview,
  type KycTestApp,
} from './testing/kyc-fixtures.ts';

let t: KycTestApp;
const logLines: Array<{ level: number; msg: string; code?: string }> = [];
beforeAll(async () => {
  t = await createKycTestApp({
    env: { LOG_LEVEL: 'warn' },
    logStream: { write: (line: string) => void logLines.push(JSON.parse(line)) },
  });
});
afterAll(async () => t.close());
beforeEach(() => {
  logLines.length = 0;
});

/** A customer whose documents are with the provider, and the reference it will answer with. */
async function underReview(): Promise<{ user: TestUser; reference: string }> {
  const user = await newCustomer(t);
  await completeSteps(t, user);
  await sendForReview(t, user);
  const [application] = await t.database.db
    .select()
    .from(schema.kycApplications)
    .where(eq(schema.kycApplications.userId, user.userId));
  return { user, reference: application!.providerReference! };
}

function event(reference: string, outcome: 'approved' | 'rejected' = 'approved', id = `evt_${randomUUID()}`) {
  const reasons = outcome === 'rejected' ? [{ code: 'id_card_is_expired', item: 'id_card' }] : [];
  const created = Math.floor(t.clock.now().getTime() / 1000);
  return JSON.stringify({
    id,
    type: 'verification.completed',
    created,
    data: { checkId: randomUUID(), reference, outcome, reasons },
  });
}

function post(body: string, signature: string | undefined) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/identity',
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'x-rora-signature': signature }),
    },
    payload: body,
  });
}

const sign = (body: string, options: { secret?: string; now?: Date } = {}) =>
  signWebhook({ secret: options.secret ?? WEBHOOK_SECRET, rawBody: body, now: options.now ?? t.clock.now() });

async function statusOf(user: TestUser) {
  return (await kycState(t, user)).json().data.status;
}

describe('POST /api/v1/webhooks/identity', () => {
  it('applies a correctly signed decision once', async () => {
    const { user, reference } = await underReview();
    const body = event(reference, 'rejected');
    const response = await post(body, sign(body));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { received: true, applied: true, duplicate: false } });
    expect((await kycState(t, user)).json().data).toMatchObject({ status: 'rejected', itemsToFix: ['id_card'] });
  });

  it('refuses and logs a signature made with another secret, a tampered body and a missing header', async () => {
    const { user, reference } = await underReview();
    const body = event(reference);
    const wrongSecret = await post(body, sign(body, { secret: 'not-the-secret-not-the-secret-not-the-secret' }));
    expect([wrongSecret.statusCode, wrongSecret.json().error.code]).toEqual([401, 'webhook_signature_invalid']);
    const tampered = await post(body.replace('approved', 'rejected'), sign(body));
    expect(tampered.json().error.code).toBe('webhook_signature_invalid');
    expect((await post(body, undefined)).json().error.code).toBe('webhook_signature_invalid');
    expect((await post(body, 't=1,v1=zz')).json().error.code).toBe('webhook_signature_invalid');
    expect(await statusOf(user)).toBe('waiting_for_approval');
    const refusals = logLines.filter((line) => line.msg === 'identity webhook refused');
    expect(refusals.map((line) => line.code)).toEqual(Array(4).fill('webhook_signature_invalid'));
  });

  it('refuses a delivery signed more than five minutes before or after now', async () => {
    const { user, reference } = await underReview();
    const body = event(reference);
    const old = await post(body, sign(body, { now: new Date(t.clock.now().getTime() - 301_000) }));
    expect([old.statusCode, old.json().error.code]).toEqual([401, 'webhook_timestamp_outside_tolerance']);
    const future = await post(body, sign(body, { now: new Date(t.clock.now().getTime() + 301_000) }));
    expect(future.json().error.code).toBe('webhook_timestamp_outside_tolerance');
    const fresh = await post(body, sign(body, { now: new Date(t.clock.now().getTime() - 299_000) }));
    expect(fresh.statusCode).toBe(200);
    expect(await statusOf(user)).toBe('approved');
  });

  it('refuses the very same signed delivery twice (a replay) and logs it', async () => {
    const { user, reference } = await underReview();
    const body = event(reference, 'rejected');
    const signature = sign(body);
    expect((await post(body, signature)).statusCode).toBe(200);
    const replay = await post(body, signature);
    expect([replay.statusCode, replay.json().error.code]).toEqual([409, 'webhook_replay_refused']);
    expect(logLines.some((line) => line.code === 'webhook_replay_refused')).toBe(true);
    expect(await statusOf(user)).toBe('rejected');
  });

  it('takes a redelivered event (same id, signed anew) without applying it twice', async () => {
    const { user, reference } = await underReview();
    const body = event(reference, 'approved');
    expect((await post(body, sign(body))).json().data.applied).toBe(true);
    t.clock.advance(1000);
    const again = await post(body, sign(body));
    expect(again.json()).toEqual({ data: { received: true, applied: false, duplicate: true } });
    const history = await t.database.db
      .select()
      .from(schema.kycStatusEvents)
      .where(eq(schema.kycStatusEvents.userId, user.userId));
    expect(history.filter((row) => row.toStatus === 'approved')).toHaveLength(1);
  });

  it('refuses a decision about an unknown submission without recording it, so the provider delivers it again', async () => {
    const unknown = event('kyc_not-committed-yet');
    const refused = await post(unknown, sign(unknown));
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'webhook_reference_unknown']);
    t.clock.advance(1000);
    expect((await post(unknown, sign(unknown))).json().error.code).toBe('webhook_reference_unknown');
  });

  it('ignores a decision about a submission that is no longer under review', async () => {
    const { user, reference } = await underReview();
    const first = event(reference, 'approved');
    await post(first, sign(first));
    const late = event(reference, 'rejected');
    expect((await post(late, sign(late))).json().data.applied).toBe(false);
    expect(await statusOf(user)).toBe('approved');
  });

  it('refuses a signed body that is not a decision', async () => {
    const body = JSON.stringify({ id: 'evt_x', type: 'something.else' });
    const response = await post(body, sign(body));
    expect([response.statusCode, response.json().error.code]).toEqual([400, 'webhook_payload_invalid']);
  });
});

describe('the sandbox provider', () => {
  it('retries a delivery that was not answered 2xx, with backoff', async () => {
    await letProviderDecide(t); // deliver what the tests above left with the provider
    const { user } = await underReview();
    const sandbox = t.app.services.kyc.sandbox!;
    const statuses: number[] = [];
    sandbox.connect(async () => {
      statuses.push(503);
      return 503;
    });
    expect(await letProviderDecide(t)).toEqual({ delivered: 0, failed: 1 });
    t.clock.advance(4000);
    expect(await sandbox.runDue()).toEqual({ delivered: 0, failed: 0 });
    sandbox.connect(async ({ headers, body }) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/webhooks/identity', headers, payload: body });
      return response.statusCode;
    });
    t.clock.advance(1000);
    expect(await sandbox.runDue()).toEqual({ delivered: 1, failed: 0 });
    expect(statuses).toEqual([503]);
    expect(await statusOf(user)).toBe('approved');
  });
});
