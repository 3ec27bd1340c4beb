// Helpers for the KYC API tests: an app whose sandbox provider only decides when the test says so,
// real image and PDF files, multipart bodies, and a customer walked through the steps.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { KYC_UPLOAD_PATHS, type KycDocumentKind, type KycIdentity } from '@rora/contracts';
import { createTestApp, type TestApp, type TestAppOptions } from '../../../testing/test-app.ts';
import { createTestUser, type TestUser } from '../../../testing/users.ts';

export const WEBHOOK_SECRET = 'test-identity-webhook-secret-0123456789abcdef';
export const DECISION_DELAY_MS = 3000;

export interface KycTestApp extends TestApp {
  storageDir: string;
}

export async function createKycTestApp(options: TestAppOptions = {}): Promise<KycTestApp> {
  const storageDir = await mkdtemp(path.join(tmpdir(), 'rora-kyc-'));
  const t = await createTestApp({
    ...options,
    env: {
      KYC_STORAGE_DIR: storageDir,
      IDENTITY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      IDENTITY_SANDBOX_DECISION_DELAY_MS: String(DECISION_DELAY_MS),
      IDENTITY_SANDBOX_POLL_MS: '0',
      ...options.env,
    },
  });
  return {
    ...t,
    storageDir,
    async close() {
      await t.close();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}

export const validIdentity = (overrides: Partial<KycIdentity> = {}): KycIdentity => ({
  fullName: 'Ada Lovelace',
  dateOfBirth: '1990-12-10',
  address: '12 Analytical Engine Road',
  city: 'London',
  country: 'GB',
  currency: 'GBP',
  privacyPolicyAgreed: true,
  ...overrides,
});

/** A real JPEG photo carrying EXIF with a GPS position and a camera comment. */
export async function jpegWithGps(options: { width?: number; height?: number } = {}): Promise<Buffer> {
  return sharp({
    create: {
      width: options.width ?? 64,
      height: options.height ?? 48,
      channels: 3,
      background: { r: 200, g: 120, b: 40 },
    },
  })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: 'TestCam', ImageDescription: 'secret-location-note' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();
}

export async function pngImage(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 10, g: 200, b: 90, alpha: 1 } } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: 'png-metadata-note' } } })
    .toBuffer();
}

/** A minimal valid one-page PDF; `extra` is placed in the page's dictionary. */
export function pdfDocument(extra = ''): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
      `3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] ${extra} >> endobj\n` +
      'trailer << /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );
}

export function multipart(parts: Array<{ name: string; fileName?: string; contentType?: string; bytes: Buffer }>) {
  const boundary = `----rora${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName === undefined ? '' : `; filename="${part.fileName}"`}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`),
      part.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Each customer calls from their own address, so per-address rate limits bite only where a test wants. */
export function addressOf(user: TestUser): string {
  const bytes = Buffer.from(user.userId.replaceAll('-', '').slice(0, 6), 'hex');
  return `10.${bytes[0]}.${bytes[1]}.${(bytes[2]! % 254) + 1}`;
}

export function uploadUrl(kind: KycDocumentKind, userId: string): string {
  return `/api/v1${KYC_UPLOAD_PATHS[kind].replace('{id}', userId)}`;
}

export async function upload(
  t: TestApp,
  options: {
    user: TestUser;
    kind: KycDocumentKind;
    bytes: Buffer;
    fileName?: string;
    contentType?: string;
    userId?: string;
  },
) {
  const body = multipart([
    {
      name: 'file',
      fileName: options.fileName ?? 'document.jpg',
      contentType: options.contentType ?? 'image/jpeg',
      bytes: options.bytes,
    },
  ]);
  return t.app.inject({
    method: 'PUT',
    url: uploadUrl(options.kind, options.userId ?? options.user.userId),
    remoteAddress: addressOf(options.user),
    headers: { ...options.user.headers, ...body.headers },
    payload: body.payload,
  });
}

export async function saveIdentity(t: TestApp, user: TestUser, identity: Partial<KycIdentity> = {}) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/user/verify-user-identity/${user.userId}`,
    remoteAddress: addressOf(user),
    headers: user.headers,
    payload: validIdentity(identity),
  });
}

export async function sendForReview(t: TestApp, user: TestUser) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/user/update-kyc-status',
    remoteAddress: addressOf(user),
    headers: user.headers,
    payload: { status: 'waiting_for_approval' },
  });
}

export async function kycState(t: TestApp, user: TestUser) {
  return t.app.inject({ method: 'GET', url: `/api/v1/user/kyc/${user.userId}`, headers: user.headers });
}

/** Fills in every step with real files; `fileNames` picks a name per document (the sandbox reads them). */
export async function completeSteps(
  t: TestApp,
  user: TestUser,
  options: { identity?: Partial<KycIdentity>; fileNames?: Partial<Record<KycDocumentKind, string>> } = {},
) {
  const identity = await saveIdentity(t, user, options.identity);
  if (identity.statusCode !== 200) throw new Error(`identity answered ${identity.statusCode}: ${identity.body}`);
  const photo = await jpegWithGps();
  for (const kind of ['proof_of_residence', 'id_card', 'photo', 'photo_with_id_card'] as const) {
    const response = await upload(t, {
      user,
      kind,
      bytes: photo,
      fileName: options.fileNames?.[kind] ?? `${kind}.jpg`,
    });
    if (response.statusCode !== 200)
      throw new Error(`${kind} upload answered ${response.statusCode}: ${response.body}`);
  }
}

/** Moves the clock past the sandbox's delay and lets it decide and deliver its webhooks. */
export async function letProviderDecide(t: TestApp) {
  t.clock.advance(DECISION_DELAY_MS);
  return t.app.services.kyc.sandbox!.runDue();
}

export async function newCustomer(t: TestApp): Promise<TestUser> {
  return createTestUser(t);
}

/**
 * Holds the sandbox provider's hand-overs until `open` is called: a submission waits with the
 * provider while a test does something meanwhile. `reference` is the last one handed over.
 */
export function holdProvider(t: TestApp) {
  const sandbox = t.app.services.kyc.sandbox!;
  const submit = sandbox.submit.bind(sandbox);
  let open = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  let waiting = 0;
  let reference: string | undefined;
  sandbox.submit = async (submission) => {
    waiting += 1;
    reference = submission.reference;
    await gate;
    return submit(submission);
  };
  return {
    open,
    waiting: () => waiting,
    reference: () => reference,
    restore: () => {
      open();
      sandbox.submit = submit;
    },
  };
}

/** Waits until `check` holds, polling every 10 ms, for at most about 10 s. */
export async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let tries = 0; !(await check()); tries += 1) {
    if (tries > 1_000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
