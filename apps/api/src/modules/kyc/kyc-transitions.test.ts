import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@rora/db';
import type { TestUser } from '../../testing/users.ts';
import {
  completeSteps,
  createKycTestApp,
  jpegWithGps,
  kycState,
  letProviderDecide,
  newCustomer,
  saveIdentity,
  sendForReview,
  upload,
  type KycTestApp,
} from './testing/kyc-fixtures.ts';

let t: KycTestApp;
beforeAll(async () => {
  t = await createKycTestApp();
});
afterAll(async () => t.close());

async function events(user: TestUser) {
  return t.database.db
    .select()
    .from(schema.kycStatusEvents)
    .where(eq(schema.kycStatusEvents.userId, user.userId))
    .orderBy(asc(schema.kycStatusEvents.id));
}

async function notificationsOf(user: TestUser) {
  return t.database.db
    .select()
    .from(schema.notifications)
    .where(eq(schema.notifications.userId, user.userId))
    .orderBy(desc(schema.notifications.createdAt));
}

async function emailsTo(user: TestUser) {
  return t.database.db.select().from(schema.outboxMessages).where(eq(schema.outboxMessages.destination, user.email));
}

describe('KYC state machine through the API', () => {
  it('starts not started, on the identity step', async () => {
    const user = await newCustomer(t);
    const response = await kycState(t, user);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      status: 'not_started',
      step: 'identity',
      identity: null,
      documents: [],
      providerName: 'Rora Sandbox ID',
    });
  });

  it('goes not started -> in progress on the identity details, recorded with time and actor, with a notification and an e-mail', async () => {
    const user = await newCustomer(t);
    const response = await saveIdentity(t, user);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      status: 'in_progress',
      step: 'proof_of_residence',
      identity: { fullName: 'Ada Lovelace' },
    });
    const [event] = await events(user);
    expect(event).toMatchObject({
      fromStatus: 'not_started',
      toStatus: 'in_progress',
      actor: 'customer',
      actorId: user.userId,
    });
    expect(event!.createdAt.getTime()).toBe(t.clock.now().getTime());
    const [notification] = await notificationsOf(user);
    expect(notification).toMatchObject({ kind: 'kyc_status_changed', data: { status: 'in_progress' } });
    expect(await emailsTo(user)).toHaveLength(1);
  });

  it('goes not started -> in progress on a first upload too', async () => {
    const user = await newCustomer(t);
    const response = await upload(t, { user, kind: 'id_card', bytes: await jpegWithGps() });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'in_progress', step: 'identity' });
  });

  it('resumes on the first step still to do', async () => {
    const user = await newCustomer(t);
    await saveIdentity(t, user);
    await upload(t, { user, kind: 'proof_of_residence', bytes: await jpegWithGps() });
    expect((await kycState(t, user)).json().data.step).toBe('id_card');
  });

  it('refuses to send for review before the identity details and every document are in', async () => {
    const user = await newCustomer(t);
    const early = await sendForReview(t, user);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('kyc_identity_details_required');
    await saveIdentity(t, user);
    const incomplete = await sendForReview(t, user);
    expect(incomplete.json().error.code).toBe('kyc_documents_incomplete');
  });

  it('goes in progress -> waiting for approval -> approved, the provider deciding after its delay', async () => {
    const user = await newCustomer(t);
    await completeSteps(t, user);
    const sent = await sendForReview(t, user);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({ status: 'waiting_for_approval', step: 'waiting' });

    // Nothing is decided before the delay has passed.
    t.clock.advance(1000);
    expect(await t.app.services.kyc.sandbox!.runDue()).toEqual({ delivered: 0, failed: 0 });
    expect(await letProviderDecide(t)).toEqual({ delivered: 1, failed: 0 });

    const state = (await kycState(t, user)).json().data;
    expect(state).toMatchObject({ status: 'approved', step: 'waiting', rejection: null, itemsToFix: [] });
    expect(state.documents).toHaveLength(4);
    const history = await events(user);
    expect(history.map((event) => [event.fromStatus, event.toStatus, event.actor])).toEqual([
      ['not_started', 'in_progress', 'customer'],
      ['in_progress', 'waiting_for_approval', 'customer'],
      ['waiting_for_approval', 'approved', 'identity_provider'],
    ]);
    expect(history[2]!.actorId).toBe('sandbox');
    const [latest] = await notificationsOf(user);
    expect(latest).toMatchObject({ kind: 'kyc_status_changed', data: { status: 'approved' } });
    expect((await emailsTo(user)).map((message) => message.subject)).toContain('Identity verified');
  });

  it('refuses every change while waiting and after approval', async () => {
    const user = await newCustomer(t);
    await completeSteps(t, user);
    await sendForReview(t, user);
    const waiting = await saveIdentity(t, user, { city: 'Paris' });
    expect([waiting.statusCode, waiting.json().error.code]).toEqual([409, 'kyc_awaiting_decision']);
    const again = await sendForReview(t, user);
    expect(again.json().error.code).toBe('kyc_awaiting_decision');
    await letProviderDecide(t);
    const approved = await upload(t, { user, kind: 'photo', bytes: await jpegWithGps() });
    expect([approved.statusCode, approved.json().error.code]).toEqual([409, 'kyc_already_approved']);
    expect((await sendForReview(t, user)).json().error.code).toBe('kyc_already_approved');
  });

  it('goes waiting -> rejected with reasons, lets only the rejected item change, then rejected -> resubmitted -> approved', async () => {
    const user = await newCustomer(t);
    await completeSteps(t, user, { fileNames: { photo: 'selfie-blurred.jpg' } });
    await sendForReview(t, user);
    await letProviderDecide(t);

    const rejected = (await kycState(t, user)).json().data;
    expect(rejected).toMatchObject({
      status: 'rejected',
      step: 'photo',
      itemsToFix: ['photo'],
      rejection: { reasons: [{ code: 'document_image_is_blurred', item: 'photo' }] },
    });
    const [notification] = await notificationsOf(user);
    expect(notification!.message).toContain('photo of yourself: a photo is blurred');

    const notRejected = await upload(t, { user, kind: 'id_card', bytes: await jpegWithGps() });
    expect([notRejected.statusCode, notRejected.json().error.code]).toEqual([409, 'kyc_item_was_not_rejected']);
    expect((await saveIdentity(t, user, { city: 'Paris' })).json().error.code).toBe('kyc_item_was_not_rejected');
    expect((await sendForReview(t, user)).json().error.code).toBe('kyc_rejected_items_must_be_replaced');

    const fixed = await upload(t, { user, kind: 'photo', bytes: await jpegWithGps(), fileName: 'selfie.jpg' });
    expect(fixed.json().data).toMatchObject({ status: 'rejected', itemsToFix: [], step: 'waiting' });
    const resubmitted = await sendForReview(t, user);
    expect(resubmitted.json().data).toMatchObject({ status: 'resubmitted', step: 'waiting' });
    await letProviderDecide(t);
    expect((await kycState(t, user)).json().data.status).toBe('approved');
    expect((await events(user)).map((event) => event.toStatus)).toEqual([
      'in_progress',
      'waiting_for_approval',
      'rejected',
      'resubmitted',
      'approved',
    ]);
  });

  it('rejects a full name containing "Reject" on the identity details; fixing the name passes', async () => {
    const user = await newCustomer(t);
    await completeSteps(t, user, { identity: { fullName: 'Reject Tester' } });
    await sendForReview(t, user);
    await letProviderDecide(t);
    const rejected = (await kycState(t, user)).json().data;
    expect(rejected).toMatchObject({ status: 'rejected', step: 'identity', itemsToFix: ['identity'] });
    expect(rejected.rejection.reasons).toEqual([{ code: 'identity_details_do_not_match', item: 'identity' }]);
    const [event] = (await events(user)).slice(-1);
    expect(event!.reasons).toEqual([{ code: 'identity_details_do_not_match', item: 'identity' }]);

    expect((await saveIdentity(t, user, { fullName: 'Grace Tester' })).statusCode).toBe(200);
    await sendForReview(t, user);
    await letProviderDecide(t);
    expect((await kycState(t, user)).json().data.status).toBe('approved');
  });

  it('a rejection can name several items, and every one must be fixed', async () => {
    const user = await newCustomer(t);
    await completeSteps(t, user, {
      identity: { fullName: 'Expired Card Holder' },
      fileNames: { proof_of_residence: 'bill-blurred.jpg' },
    });
    await sendForReview(t, user);
    await letProviderDecide(t);
    const state = (await kycState(t, user)).json().data;
    expect(state.itemsToFix).toEqual(['id_card', 'proof_of_residence']);
    expect(state.step).toBe('proof_of_residence');
    await upload(t, { user, kind: 'proof_of_residence', bytes: await jpegWithGps(), fileName: 'bill.jpg' });
    expect((await sendForReview(t, user)).json().error.code).toBe('kyc_rejected_items_must_be_replaced');
  });

  it('does not e-mail a customer who turned administrative e-mails off, but still notifies', async () => {
    const user = await newCustomer(t);
    await t.database.db
      .update(schema.users)
      .set({ administrativeEmails: false })
      .where(eq(schema.users.id, user.userId));
    await saveIdentity(t, user);
    expect(await notificationsOf(user)).toHaveLength(1);
    const sent = (await emailsTo(user)).filter((message) => message.status !== 'suppressed');
    expect(sent).toHaveLength(0);
  });
});
