// Every replaced document stays on record, file included, so the uploads one customer may make in
// 24 hours are capped (kyc-documents.service.ts MAX_UPLOADS_PER_DAY): without it one customer added
// 200 MB to the disk every minute, at the rate limit. Over the cap: 429
// document_uploads_per_day_exceeded, before anything is decoded or stored; a day later it is open again.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { schema } from '@rora/db';
import { MAX_UPLOADS_PER_DAY } from './kyc-documents.service.ts';
import { createKycTestApp, newCustomer, pngImage, upload, type KycTestApp } from './testing/kyc-fixtures.ts';

let t: KycTestApp;
beforeAll(async () => {
  t = await createKycTestApp();
});
afterAll(async () => t.close());

it('refuses uploads beyond the daily cap with 429, and takes them again a day later', async () => {
  const user = await newCustomer(t);
  const png = await pngImage();
  // Earlier uploads of the day, filed as the service files them (an upload each would meet the
  // per-minute rate limit first).
  const earlier = Array.from({ length: MAX_UPLOADS_PER_DAY - 1 }, () => ({
    userId: user.userId,
    kind: 'photo',
    storageKey: randomBytes(32).toString('hex'),
    fileName: 'photo.png',
    contentType: 'image/png',
    sizeBytes: png.length,
    sha256: randomBytes(32),
    createdAt: t.clock.now(),
    supersededAt: t.clock.now(),
  }));
  await t.database.db.insert(schema.kycDocuments).values(earlier);

  const last = await upload(t, { user, kind: 'photo', bytes: png, contentType: 'image/png' });
  expect(last.statusCode).toBe(200);
  const over = await upload(t, { user, kind: 'id_card', bytes: png, contentType: 'image/png' });
  expect([over.statusCode, over.json().error.code]).toEqual([429, 'document_uploads_per_day_exceeded']);

  t.clock.advance(24 * 60 * 60 * 1000 + 1000);
  const nextDay = await upload(t, { user, kind: 'id_card', bytes: png, contentType: 'image/png' });
  expect(nextDay.statusCode).toBe(200);
});
