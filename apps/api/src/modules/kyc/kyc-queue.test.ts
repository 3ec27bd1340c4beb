// A customer's KYC changes wait for each other in the process before they open their transactions
// (kyc-changes.ts): a submission hands the application to the identity provider under the
// customer's lock, and the sandbox provider stores it through the pool. Changes that opened their
// transactions first each waited for that lock with a connection, and left it none.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { POOL_SIZE } from '@rora/db';
import {
  completeSteps,
  createKycTestApp,
  newCustomer,
  saveIdentity,
  sendForReview,
  type KycTestApp,
} from './testing/kyc-fixtures.ts';

let t: KycTestApp;
beforeAll(async () => {
  t = await createKycTestApp({ poolSize: POOL_SIZE });
});
afterAll(async () => t.close());

it('hands a submission over while more of the customer’s changes wait than the pool has connections', async () => {
  const user = await newCustomer(t);
  await completeSteps(t, user);
  const sandbox = t.app.services.kyc.sandbox!;
  const submit = sandbox.submit.bind(sandbox);
  let open = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  sandbox.submit = async (submission) => {
    await gate;
    return submit(submission);
  };
  try {
    const submitting = sendForReview(t, user);
    const edits = Array.from({ length: POOL_SIZE + 5 }, () => saveIdentity(t, user, { city: 'Paris' }));
    // Let every request reach its change before the provider answers.
    await new Promise((resolve) => setTimeout(resolve, 500));
    open();
    const [submitted, ...edited] = await Promise.all([submitting, ...edits]);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(edited.filter((answer) => answer.statusCode >= 500).map((answer) => answer.body)).toEqual([]);
  } finally {
    sandbox.submit = submit;
  }
});
