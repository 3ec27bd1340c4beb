// A customer's KYC changes wait for each other in the process before they open their transactions
// (kyc-changes.ts), and a submission hands the application to the identity provider in none: the
// sandbox provider stores it through the pool, and a slow provider held one connection per
// submission. More submissions at once than the pool has connections left no connection for them,
// nor for anyone else; and an application changed elsewhere meanwhile is not recorded as sent.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { POOL_SIZE } from '@rora/db';
import type { TestUser } from '../../testing/users.ts';
import {
  completeSteps,
  createKycTestApp,
  holdProvider,
  kycState,
  newCustomer,
  saveIdentity,
  sendForReview,
  until,
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
  const provider = holdProvider(t);
  try {
    const submitting = sendForReview(t, user);
    const edits = Array.from({ length: POOL_SIZE + 5 }, () => saveIdentity(t, user, { city: 'Paris' }));
    // Let every request reach its change before the provider answers.
    await new Promise((resolve) => setTimeout(resolve, 500));
    provider.open();
    const [submitted, ...edited] = await Promise.all([submitting, ...edits]);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(edited.filter((answer) => answer.statusCode >= 500).map((answer) => answer.body)).toEqual([]);
  } finally {
    provider.restore();
  }
});

it('holds no connection while the provider has a submission, for more customers than the pool has', async () => {
  const users = await Promise.all(Array.from({ length: POOL_SIZE + 5 }, () => newCustomer(t)));
  for (const user of users) await completeSteps(t, user);
  const bystander = await newCustomer(t);
  const provider = holdProvider(t);
  try {
    const submitting = users.map((user) => sendForReview(t, user));
    await until(() => provider.waiting() === users.length);
    // Every submission is with the provider: the API still answers everyone else. Answered before the
    // provider lets go is the proof (a request waiting for a connection would wait until then, or be
    // refused); a bound of 2 s on it failed on a busy machine.
    expect((await kycState(t, bystander)).statusCode).toBe(200);
    provider.open();
    const answers = await Promise.all(submitting);
    expect(answers.map((answer) => answer.statusCode)).toEqual(users.map(() => 200));
    expect(answers.map((answer) => answer.json().data.status)).toEqual(users.map(() => 'waiting_for_approval'));
  } finally {
    provider.restore();
  }
});

/**
 * A customer's submission, with `elsewhere` run (as another replica's request, which this process's
 * queue does not see) while the provider has it.
 */
async function submitWhile(elsewhere: (user: TestUser) => Promise<unknown>) {
  const user = await newCustomer(t);
  await completeSteps(t, user);
  const provider = holdProvider(t);
  try {
    const submitting = sendForReview(t, user);
    await until(() => provider.waiting() === 1);
    await elsewhere(user);
    provider.open();
    return { user, answer: await submitting };
  } finally {
    provider.restore();
  }
}

it('records no submission when another process changed the application while the provider had it', async () => {
  // Made in the same millisecond as the application's last change: only its content differs.
  const { user, answer } = await submitWhile((edited) =>
    t.database.pool.query(`UPDATE kyc_applications SET city = 'Lyon' WHERE user_id = $1`, [edited.userId]),
  );
  expect([answer.statusCode, answer.json().error.code]).toEqual([409, 'kyc_changed_during_submission']);
  expect((await kycState(t, user)).json().data.status).toBe('in_progress');
  expect((await sendForReview(t, user)).statusCode).toBe(200);
});

it('refuses a submission that another process sent while the provider had this one, by its rule', async () => {
  const { answer } = await submitWhile((sent) =>
    t.database.pool.query(`UPDATE users SET kyc_status = 'waiting_for_approval' WHERE id = $1`, [sent.userId]),
  );
  expect([answer.statusCode, answer.json().error.code]).toEqual([409, 'kyc_awaiting_decision']);
});
