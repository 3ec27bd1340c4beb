// Envelope encryption of the hot-wallet keys (ADR 0041). Each private key is sealed with its own
// random data key (AES-256-GCM), and the data key is sealed by a key-encryption key (KEK) that never
// touches the store: a local KEK from configuration (`SIGNER_KEK`), or a KMS behind the same
// interface. Both seals bind the key's context (network, kind, address) as associated data, so a
// sealed key moved to another row does not open.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** Seals and opens data keys. A KMS adapter implements this with its encrypt and decrypt calls. */
export interface KeyEncryptionKey {
  /** Names the KEK (recorded with each key), so a store sealed under another KEK says so. */
  readonly id: string;
  wrap(dataKey: Uint8Array, context: string): Promise<string>;
  unwrap(sealed: string, context: string): Promise<Uint8Array>;
}

export class KeyUnreadableError extends Error {
  override readonly name = 'KeyUnreadableError';
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM: base64 of iv || ciphertext || tag. */
export function seal(key: Uint8Array, plaintext: Uint8Array, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
}

export function open(key: Uint8Array, sealed: string, context: string): Uint8Array {
  const bytes = Buffer.from(sealed, 'base64');
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new KeyUnreadableError('The sealed value is truncated');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return new Uint8Array(Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, -TAG_BYTES)), decipher.final()]));
  } catch {
    throw new KeyUnreadableError('The sealed value does not open with this key (another KEK, or altered)');
  }
}

/** A 32-byte KEK from configuration: 64 hex digits or base64. */
export class LocalKek implements KeyEncryptionKey {
  readonly id: string;
  readonly #key: Uint8Array;

  constructor(key: Uint8Array) {
    if (key.length !== 32) throw new Error('A local KEK is 32 bytes');
    this.#key = key;
    this.id = `local:${createHash('sha256').update('rora-signer-kek-id').update(key).digest('hex').slice(0, 16)}`;
  }

  static parse(text: string): LocalKek {
    const trimmed = text.trim();
    const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
    if (bytes.length !== 32) throw new Error('must be 32 bytes, as 64 hex digits or base64');
    return new LocalKek(new Uint8Array(bytes));
  }

  async wrap(dataKey: Uint8Array, context: string): Promise<string> {
    return seal(this.#key, dataKey, `kek|${context}`);
  }

  async unwrap(sealed: string, context: string): Promise<Uint8Array> {
    return open(this.#key, sealed, `kek|${context}`);
  }
}

export interface SealedKey {
  readonly sealedKey: string;
  readonly sealedDataKey: string;
  readonly kekId: string;
}

/** Seals `secret` under a fresh data key, itself sealed by the KEK. */
export async function sealKey(kek: KeyEncryptionKey, secret: Uint8Array, context: string): Promise<SealedKey> {
  const dataKey = randomBytes(32);
  try {
    return {
      sealedKey: seal(dataKey, secret, `key|${context}`),
      sealedDataKey: await kek.wrap(dataKey, context),
      kekId: kek.id,
    };
  } finally {
    dataKey.fill(0);
  }
}

export async function openKey(kek: KeyEncryptionKey, sealed: SealedKey, context: string): Promise<Uint8Array> {
  if (sealed.kekId !== kek.id) {
    throw new KeyUnreadableError(`The key was sealed under KEK ${sealed.kekId}, not the configured ${kek.id}`);
  }
  const dataKey = await kek.unwrap(sealed.sealedDataKey, context);
  try {
    return open(dataKey, sealed.sealedKey, `key|${context}`);
  } finally {
    dataKey.fill(0);
  }
}
