import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@rora/db';
import type { TestUser } from '../../testing/users.ts';
import {
  addressOf,
  createKycTestApp,
  jpegWithGps,
  multipart,
  newCustomer,
  pdfDocument,
  pngImage,
  upload,
  uploadUrl,
  type KycTestApp,
} from './testing/kyc-fixtures.ts';

let t: KycTestApp;
beforeAll(async () => {
  t = await createKycTestApp();
});
afterAll(async () => t.close());

async function storedFiles(): Promise<string[]> {
  const folders = await readdir(t.storageDir).catch(() => []);
  const files = await Promise.all(
    folders.map(async (folder) =>
      (await readdir(path.join(t.storageDir, folder))).map((name) => path.join(folder, name)),
    ),
  );
  return files.flat();
}

async function documentsOf(user: TestUser) {
  return t.database.db.select().from(schema.kycDocuments).where(eq(schema.kycDocuments.userId, user.userId));
}

function download(user: TestUser | null, documentId: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/user/kyc-documents/${documentId}`,
    headers: user ? user.headers : {},
  });
}

function expectRefusal(
  response: { statusCode: number; json(): { error: { code: string } } },
  status: number,
  code: string,
) {
  expect([response.statusCode, response.json().error.code]).toEqual([status, code]);
}

describe('KYC uploads', () => {
  it('re-encodes a JPEG photo without its EXIF (GPS position included) and stores it under a random name', async () => {
    const user = await newCustomer(t);
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await upload(t, { user, kind: 'id_card', bytes: original, fileName: 'passport scan.JPG' });
    expect(response.statusCode).toBe(200);
    const [document] = response.json().data.documents;
    expect(document).toMatchObject({ kind: 'id_card', fileName: 'passport scan.jpg', contentType: 'image/jpeg' });

    const fetched = await download(user, document.id);
    expect(fetched.statusCode).toBe(200);
    const metadata = await sharp(fetched.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(metadata.exif).toBeUndefined();
    expect(fetched.rawPayload.includes('secret-location-note')).toBe(false);
    expect(fetched.rawPayload.includes('TestCam')).toBe(false);

    const [row] = await documentsOf(user);
    expect(row!.storageKey).toMatch(/^[0-9a-f]{64}$/);
    const files = await storedFiles();
    expect(files).toContain(path.join(row!.storageKey.slice(0, 2), row!.storageKey));
    expect(files.some((file) => file.includes('passport'))).toBe(false);
    const mode = (await stat(path.join(t.storageDir, row!.storageKey.slice(0, 2), row!.storageKey))).mode & 0o777;
    expect(mode).toBe(0o600);
  });

  it('turns a photo upright from its EXIF orientation before dropping the EXIF', async () => {
    const user = await newCustomer(t);
    const sideways = await sharp({ create: { width: 60, height: 20, channels: 3, background: 'white' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const response = await upload(t, { user, kind: 'photo', bytes: sideways });
    const fetched = await download(user, response.json().data.documents[0].id);
    const metadata = await sharp(fetched.rawPayload).metadata();
    expect([metadata.width, metadata.height, metadata.orientation]).toEqual([20, 60, undefined]);
  });

  it('re-encodes a PNG without its metadata and keeps a PDF as sent', async () => {
    const user = await newCustomer(t);
    const png = await upload(t, {
      user,
      kind: 'photo',
      bytes: await pngImage(),
      fileName: 'me.png',
      contentType: 'image/png',
    });
    expect(png.statusCode).toBe(200);
    const pdf = await upload(t, {
      user,
      kind: 'proof_of_residence',
      bytes: pdfDocument(),
      fileName: 'bill.pdf',
      contentType: 'application/pdf',
    });
    expect(pdf.statusCode).toBe(200);
    const byKind = Object.fromEntries(
      pdf.json().data.documents.map((document: { kind: string }) => [document.kind, document]),
    );
    const pngBytes = (await download(user, byKind.photo.id)).rawPayload;
    expect((await sharp(pngBytes).metadata()).exif).toBeUndefined();
    expect(pngBytes.includes('png-metadata-note')).toBe(false);
    const pdfResponse = await download(user, byKind.proof_of_residence.id);
    expect(pdfResponse.headers['content-type']).toBe('application/pdf');
    expect(pdfResponse.rawPayload.equals(pdfDocument())).toBe(true);
  });

  it('recognises the type by content, not by the name or declared type', async () => {
    const user = await newCustomer(t);
    const response = await upload(t, {
      user,
      kind: 'id_card',
      bytes: await jpegWithGps(),
      fileName: 'scan.pdf',
      contentType: 'application/pdf',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.documents[0]).toMatchObject({ fileName: 'scan.jpg', contentType: 'image/jpeg' });
  });

  it('refuses a file that is not JPEG, PNG or PDF by its content with 415, whatever its name says', async () => {
    const user = await newCustomer(t);
    const before = (await storedFiles()).length;
    const text = await upload(t, {
      user,
      kind: 'id_card',
      bytes: Buffer.from('just some text, honest'),
      fileName: 'passport.jpg',
    });
    expectRefusal(text, 415, 'document_type_must_be_jpeg_png_or_pdf');
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
      .gif()
      .toBuffer();
    expectRefusal(
      await upload(t, { user, kind: 'id_card', bytes: gif, fileName: 'id.png', contentType: 'image/png' }),
      415,
      'document_type_must_be_jpeg_png_or_pdf',
    );
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expectRefusal(
      await upload(t, { user, kind: 'id_card', bytes: html, fileName: 'id.pdf', contentType: 'application/pdf' }),
      415,
      'document_type_must_be_jpeg_png_or_pdf',
    );
    expect((await storedFiles()).length).toBe(before);
    expect(await documentsOf(user)).toHaveLength(0);
  });

  it('refuses an image that only starts like a JPEG with 422', async () => {
    const user = await newCustomer(t);
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    expectRefusal(await upload(t, { user, kind: 'photo', bytes: fake }), 422, 'document_image_is_unreadable');
  });

  it('refuses a PDF with scripts or attachments, or one that is cut short, with 422', async () => {
    const user = await newCustomer(t);
    const send = (bytes: Buffer) =>
      upload(t, { user, kind: 'proof_of_residence', bytes, fileName: 'bill.pdf', contentType: 'application/pdf' });
    expectRefusal(
      await send(pdfDocument('/AA << /O << /S /JavaScript /JS (app.alert(1)) >> >>')),
      422,
      'document_pdf_has_active_content',
    );
    expectRefusal(
      await send(pdfDocument('/OpenAction << /S /J#61vaScript /JS (x) >>')),
      422,
      'document_pdf_has_active_content',
    );
    expectRefusal(await send(pdfDocument('/Names << /EmbeddedFiles 9 0 R >>')), 422, 'document_pdf_has_active_content');
    expectRefusal(await send(pdfDocument().subarray(0, 150)), 422, 'document_pdf_is_invalid');
  });

  it('refuses a file over 10 MB with 413, and stores nothing', async () => {
    const user = await newCustomer(t);
    const before = (await storedFiles()).length;
    const big = Buffer.concat([
      await jpegWithGps(),
      Buffer.alloc(10 * 1024 * 1024 + 1 - (await jpegWithGps()).length, 1),
    ]);
    expect(big.length).toBe(10 * 1024 * 1024 + 1);
    expectRefusal(await upload(t, { user, kind: 'photo', bytes: big }), 413, 'document_must_be_at_most_10_mb');
    const huge = Buffer.alloc(12 * 1024 * 1024, 1);
    expectRefusal(await upload(t, { user, kind: 'photo', bytes: huge }), 413, 'document_must_be_at_most_10_mb');
    expect((await storedFiles()).length).toBe(before);
  });

  it('refuses a file name carrying a folder path (path traversal) with 400, and stores nothing', async () => {
    const user = await newCustomer(t);
    const before = (await storedFiles()).length;
    const photo = await jpegWithGps();
    for (const fileName of [
      '../../etc/passwd.jpg',
      '..\\..\\windows\\win.ini.jpg',
      '/etc/shadow.jpg',
      'id\u0000.jpg',
    ]) {
      expectRefusal(
        await upload(t, { user, kind: 'id_card', bytes: photo, fileName }),
        400,
        'document_file_name_must_be_plain',
      );
    }
    expect((await storedFiles()).length).toBe(before);
    expect(await documentsOf(user)).toHaveLength(0);
  });

  it('refuses a request without a file', async () => {
    const user = await newCustomer(t);
    const empty = multipart([{ name: 'note', bytes: Buffer.from('hello') }]);
    const response = await t.app.inject({
      method: 'PUT',
      url: uploadUrl('photo', user.userId),
      remoteAddress: addressOf(user),
      headers: { ...user.headers, ...empty.headers },
      payload: empty.payload,
    });
    expectRefusal(response, 400, 'document_file_required');
    const json = await t.app.inject({
      method: 'PUT',
      url: uploadUrl('photo', user.userId),
      headers: user.headers,
      payload: { file: 'x' },
    });
    expectRefusal(json, 400, 'document_file_required');
    expectRefusal(await upload(t, { user, kind: 'photo', bytes: Buffer.alloc(0) }), 400, 'document_file_required');
  });

  it('refuses an upload cut short, a second file, a part named __proto__ or too many parts, storing nothing', async () => {
    const user = await newCustomer(t);
    const photo = await jpegWithGps();
    const send = (body: { payload: Buffer; headers: Record<string, string> }) =>
      t.app.inject({
        method: 'PUT',
        url: uploadUrl('photo', user.userId),
        remoteAddress: addressOf(user),
        headers: { ...user.headers, ...body.headers },
        payload: body.payload,
      });
    const whole = multipart([{ name: 'file', fileName: 'a.jpg', contentType: 'image/jpeg', bytes: photo }]);
    for (const cut of [200, whole.payload.length - 10]) {
      const response = await send({ ...whole, payload: whole.payload.subarray(0, cut) });
      expectRefusal(response, 400, 'request_body_must_be_valid_multipart');
    }
    const two = multipart([
      { name: 'file', fileName: 'a.jpg', bytes: photo },
      { name: 'file', fileName: 'b.jpg', bytes: photo },
    ]);
    expectRefusal(await send(two), 400, 'document_upload_must_hold_one_file');
    const proto = multipart([{ name: '__proto__', fileName: 'a.jpg', bytes: photo }]);
    expectRefusal(await send(proto), 400, 'request_body_must_be_valid_multipart');
    const fields = Array.from({ length: 12 }, (_, index) => ({ name: `note${index}`, bytes: Buffer.from('x') }));
    const crowded = multipart([...fields, { name: 'file', fileName: 'a.jpg', bytes: photo }]);
    expectRefusal(await send(crowded), 413, 'request_body_too_large');
    expect(await documentsOf(user)).toHaveLength(0);
  });

  it("answers 404 for an upload to another customer's id, and 401 without a session", async () => {
    const [owner, intruder] = [await newCustomer(t), await newCustomer(t)];
    const response = await upload(t, {
      user: intruder,
      userId: owner.userId,
      kind: 'photo',
      bytes: await jpegWithGps(),
    });
    expectRefusal(response, 404, 'resource_not_found');
    expect(await documentsOf(owner)).toHaveLength(0);
    const body = multipart([{ name: 'file', fileName: 'a.jpg', bytes: await jpegWithGps() }]);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: uploadUrl('photo', owner.userId),
      headers: body.headers,
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('replaces a document of the same kind; the old one stays on record, superseded', async () => {
    const user = await newCustomer(t);
    await upload(t, { user, kind: 'photo', bytes: await jpegWithGps(), fileName: 'first.jpg' });
    const second = await upload(t, { user, kind: 'photo', bytes: await jpegWithGps(), fileName: 'second.jpg' });
    expect(second.json().data.documents.map((document: { fileName: string }) => document.fileName)).toEqual([
      'second.jpg',
    ]);
    const rows = await documentsOf(user);
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.supersededAt === null).map((row) => row.fileName)).toEqual(['second.jpg']);
  });
});

describe('documents on file', () => {
  it("lists the names of one's own documents; another customer's id answers 404", async () => {
    const [owner, other] = [await newCustomer(t), await newCustomer(t)];
    await upload(t, { user: owner, kind: 'id_card', bytes: await jpegWithGps(), fileName: 'id.jpg' });
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/get-documents-name/${owner.userId}`,
      headers: owner.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.items).toEqual([expect.objectContaining({ kind: 'id_card', fileName: 'id.jpg' })]);
    expect(JSON.stringify(own.json())).not.toMatch(/storage|sha256|[0-9a-f]{64}/);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/get-documents-name/${owner.userId}`,
      headers: other.headers,
    });
    expectRefusal(theirs, 404, 'resource_not_found');
    const state = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/kyc/${owner.userId}`,
      headers: other.headers,
    });
    expectRefusal(state, 404, 'resource_not_found');
  });

  it("serves one's own document as an attachment with nosniff; anyone else gets 404", async () => {
    const [owner, other] = [await newCustomer(t), await newCustomer(t)];
    const uploaded = await upload(t, {
      user: owner,
      kind: 'id_card',
      bytes: await jpegWithGps(),
      fileName: 'carte d’identité.jpg',
    });
    const { id } = uploaded.json().data.documents[0];
    const own = await download(owner, id);
    expect(own.statusCode).toBe(200);
    expect(own.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    expect(own.headers['content-disposition']).toBe(
      `attachment; filename="carte d_identit_.jpg"; filename*=UTF-8''${encodeURIComponent('carte d’identité.jpg')}`,
    );
    expectRefusal(await download(other, id), 404, 'resource_not_found');
    expectRefusal(await download(owner, '00000000-0000-4000-8000-000000000000'), 404, 'resource_not_found');
    expectRefusal(await download(owner, '..%2F..%2Fetc%2Fpasswd'), 404, 'resource_not_found');
    expect((await download(null, id)).statusCode).toBe(401);
  });
});
