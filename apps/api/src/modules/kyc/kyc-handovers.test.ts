// A submission's hand-over to the identity provider, claimed across replicas (kyc-handovers.ts): a
// second replica sending the same customer's application while the provider has the first is
// refused before it reaches the provider; a hand-over that is not recorded is given up, and the
// provider's decision on it is taken and ignored instead of refused until the provider gives up; a
// dead process's claim lapses.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pino } from 'pino';
import type { TestUser } from '../../testing/users.ts';
import { createKycService } from './kyc.service.ts';
import { HANDOVER_LAPSE_MS } from './kyc-handovers.ts';
import { createKycNotifier } from './kyc-notifier.ts';
import {
  completeSteps,
  createKycTestApp,
  holdProvider,
  kycState,
  letProviderDecide,
  newCustomer,
  sendForReview,
  until,
  type KycTestApp,
} from './testing/kyc-fixtures.ts';

let t: KycTestApp;
beforeAll(async () => {
  t = await createKycTestApp();
});
afterAll(async () => t.close());

/** The KYC service of another replica on the same database: this process's queue does not see it. */
function otherReplica() {
  const { services } = t.app;
  return createKycService({
    db: t.database.db,
    clock: t.clock,
    storage: services.kyc.storage,
    provider: services.kyc.provider,
    notifier: createKycNotifier({ notifications: services.notifications, messaging: services.messaging }),
    blockedCountries: [],
  });
}

async function handovers(user: TestUser) {
  const { rows } = await t.database.pool.query<{ reference: string; recorded: boolean; given_up: boolean }>(
    `SELECT reference, recorded_at IS NOT NULL AS recorded, given_up_at IS NOT NULL AS given_up
       FROM kyc_handovers WHERE user_id = $1 ORDER BY started_at, reference`,
    [user.userId],
  );
  return rows;
}

const errorCode = (error: unknown) => (error as { code?: string }).code;

it('refuses another replica’s hand-over of the same application while the provider has one', async () => {
  const user = await newCustomer(t);
  await completeSteps(t, user);
  const provider = holdProvider(t);
  try {
    const submitting = sendForReview(t, user);
    await until(() => provider.waiting() === 1);
    const second = otherReplica().submit({ userId: user.userId, log: pino({ level: 'silent' }) });
    const outcome = await Promise.race([
      second.then(() => 'recorded', errorCode),
      until(() => provider.waiting() === 2).then(() => 'reached the provider'),
    ]);
    expect(outcome).toBe('kyc_submission_in_progress');
    provider.open();
    expect((await submitting).statusCode).toBe(200);
  } finally {
    provider.open();
    provider.restore();
  }
  expect(provider.waiting()).toBe(1);
  expect(await handovers(user)).toEqual([expect.objectContaining({ recorded: true, given_up: false })]);
  expect(await letProviderDecide(t)).toEqual({ delivered: 1, failed: 0 });
  expect((await kycState(t, user)).json().data.status).toBe('approved');
});

it('takes and ignores the decision on a hand-over that was not recorded, then decides the next one', async () => {
  const user = await newCustomer(t);
  await completeSteps(t, user);
  const provider = holdProvider(t);
  let refused;
  try {
    const submitting = sendForReview(t, user);
    await until(() => provider.waiting() === 1);
    // Another replica's change of the application while the provider has it: not recorded as sent.
    await t.database.pool.query(`UPDATE kyc_applications SET city = 'Lyon' WHERE user_id = $1`, [user.userId]);
    provider.open();
    refused = await submitting;
  } finally {
    provider.restore();
  }
  expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'kyc_changed_during_submission']);
  expect(await handovers(user)).toEqual([expect.objectContaining({ recorded: false, given_up: true })]);
  // The provider's decision on it is accepted (not refused for it to retry) and changes nothing.
  expect(await letProviderDecide(t)).toEqual({ delivered: 1, failed: 0 });
  expect((await kycState(t, user)).json().data.status).toBe('in_progress');

  expect((await sendForReview(t, user)).statusCode).toBe(200);
  expect(await letProviderDecide(t)).toEqual({ delivered: 1, failed: 0 });
  expect((await kycState(t, user)).json().data.status).toBe('approved');
});

it('lets the customer send again once a dead process’s claim lapses, and ignores a record too late', async () => {
  const user = await newCustomer(t);
  await completeSteps(t, user);
  // A replica that claimed the hand-over and died before the provider answered.
  await t.database.pool.query(
    `INSERT INTO kyc_handovers (reference, user_id, started_at, lapses_at) VALUES ('kyc_dead', $1, $2, $3)`,
    [user.userId, t.clock.now(), new Date(t.clock.now().getTime() + HANDOVER_LAPSE_MS)],
  );
  const early = await sendForReview(t, user);
  expect([early.statusCode, early.json().error.code]).toEqual([409, 'kyc_submission_in_progress']);

  t.clock.advance(HANDOVER_LAPSE_MS);
  const provider = holdProvider(t);
  let late;
  try {
    const submitting = sendForReview(t, user);
    await until(() => provider.waiting() === 1);
    // A provider slower than the claim: its hand-over is not recorded.
    t.clock.advance(HANDOVER_LAPSE_MS);
    provider.open();
    late = await submitting;
  } finally {
    provider.restore();
  }
  expect([late.statusCode, late.json().error.code]).toEqual([503, 'identity_provider_unavailable']);
  expect((await kycState(t, user)).json().data.status).toBe('in_progress');
  expect(await letProviderDecide(t)).toEqual({ delivered: 1, failed: 0 });
  expect((await kycState(t, user)).json().data.status).toBe('in_progress');
  expect((await sendForReview(t, user)).statusCode).toBe(200);
});
