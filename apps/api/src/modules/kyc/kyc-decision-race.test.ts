// A provider's decision that arrives while its submission's record is committing is applied, not
// lost (kyc-handovers.ts applicationOfDecision). The record is held between its update of the
// hand-over and its commit (a test transaction locks the application row the record updates next);
// the decision, arriving then, waits for the record and applies. Reading the application before the
// hand-over, a decision could see neither the application (not committed) nor an open claim (once
// committed), take the submission for one given up, answer the provider 2xx and ignore it: the
// customer waited for a decision for ever.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pino } from 'pino';
import {
  completeSteps,
  createKycTestApp,
  holdProvider,
  kycState,
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

/** Backends of this database waiting for a lock. */
async function waitingForLocks(): Promise<number> {
  const { rows } = await t.database.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return rows[0]!.n;
}

it('applies a decision that arrives while its submission is being recorded', async () => {
  const user = await newCustomer(t);
  await completeSteps(t, user);
  const provider = holdProvider(t);
  const holder = await t.database.pool.connect();
  try {
    const submitting = sendForReview(t, user);
    await until(() => provider.reference() !== undefined);
    const reference = provider.reference()!;
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM kyc_applications WHERE user_id = $1 FOR UPDATE', [user.userId]);
    provider.open();
    // The record has updated the hand-over and waits to update the application.
    await until(async () => (await waitingForLocks()) === 1);
    const deciding = t.app.services.kyc.decisions.apply({
      callback: {
        decision: { eventId: `evt_${reference}`, reference, outcome: 'approved', reasons: [] },
        signature: `signature of ${reference}`,
      },
      log: pino({ level: 'silent' }),
    });
    const settled = deciding.then(
      () => true,
      () => true,
    );
    await until(async () => (await waitingForLocks()) === 2 || (await Promise.race([settled, false])));
    await holder.query('COMMIT');
    expect((await submitting).statusCode).toBe(200);
    expect(await deciding).toEqual({ applied: true, duplicate: false });
    expect((await kycState(t, user)).json().data.status).toBe('approved');
  } finally {
    await holder.query('ROLLBACK').catch(() => undefined);
    holder.release();
    provider.restore();
  }
});
