// Where uploaded KYC documents are kept: an adapter (DESIGN §1 principle 4). Local disk by default,
// an S3-compatible bucket behind configuration. Keys are random and never derived from what the
// customer sent, so no file name can reach a path, and nothing is stored under a web root.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../../../config.ts';
import { createLocalDocumentStorage } from './local-storage.ts';
import { createS3DocumentStorage } from './s3-storage.ts';

export interface DocumentStorage {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer): Promise<void>;
  /** The stored bytes, or null when the key holds nothing. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

/** 256 random bits, hex: the only name a stored document ever has. */
export function newStorageKey(): string {
  return randomBytes(32).toString('hex');
}

export const STORAGE_KEY_PATTERN = /^[0-9a-f]{64}$/;

export function storageDirectory(config: Config): string {
  return path.resolve(config.KYC_STORAGE_DIR ?? path.join(config.RORA_DATA_DIR, 'uploads'));
}

export function createDocumentStorage(config: Config): DocumentStorage {
  if (config.KYC_STORAGE === 's3') {
    const { KYC_S3_ENDPOINT, KYC_S3_BUCKET, KYC_S3_ACCESS_KEY_ID, KYC_S3_SECRET_ACCESS_KEY } = config;
    if (!KYC_S3_ENDPOINT || !KYC_S3_BUCKET || !KYC_S3_ACCESS_KEY_ID || !KYC_S3_SECRET_ACCESS_KEY) {
      throw new Error(
        'KYC_STORAGE=s3 needs KYC_S3_ENDPOINT, KYC_S3_BUCKET, KYC_S3_ACCESS_KEY_ID and KYC_S3_SECRET_ACCESS_KEY',
      );
    }
    return createS3DocumentStorage({
      endpoint: KYC_S3_ENDPOINT,
      bucket: KYC_S3_BUCKET,
      region: config.KYC_S3_REGION,
      accessKeyId: KYC_S3_ACCESS_KEY_ID,
      secretAccessKey: KYC_S3_SECRET_ACCESS_KEY,
      pathStyle: config.KYC_S3_PATH_STYLE,
    });
  }
  return createLocalDocumentStorage({
    directory: storageDirectory(config),
    webRoot: path.resolve(config.WEB_DIST_DIR),
  });
}
