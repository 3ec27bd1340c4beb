// Signed webhooks, as the identity and on-ramp providers send them: a header
// `t=<unix seconds>,v1=<hex>` where v1 = HMAC-SHA256(secret, `${t}.${rawBody}`). Several v1 values are
// accepted (secret rotation). A delivery more than five minutes away from now is refused, so a
// captured request cannot be replayed later; within the window each receiver refuses a signature it
// has already seen (the value verifyWebhookSignature returns is the replay key).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from './errors.ts';

export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

export function signWebhook(options: { secret: string; rawBody: string | Buffer; now: Date }): string {
  const timestamp = Math.floor(options.now.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(options.secret, timestamp, options.rawBody)}`;
}

function hmac(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

function parseHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/**
 * Checks a delivery's signature header against its raw body. Answers the matching v1 value (the
 * replay key) or throws webhook_signature_invalid / webhook_timestamp_outside_tolerance.
 */
export function verifyWebhookSignature(options: {
  secret: string;
  header: string | string[] | undefined;
  rawBody: Buffer;
  now: Date;
}): string {
  const header = Array.isArray(options.header) ? options.header[0] : options.header;
  const parsed = header && header.length <= 1000 ? parseHeader(header) : null;
  if (!parsed) throw new AppError('webhook_signature_invalid');
  const expected = Buffer.from(hmac(options.secret, parsed.timestamp, options.rawBody), 'hex');
  const match = parsed.signatures.find((candidate) => timingSafeEqual(Buffer.from(candidate, 'hex'), expected));
  if (!match) throw new AppError('webhook_signature_invalid');
  const ageSeconds = Math.abs(options.now.getTime() / 1000 - parsed.timestamp);
  if (ageSeconds > SIGNATURE_TOLERANCE_SECONDS) throw new AppError('webhook_timestamp_outside_tolerance');
  return match;
}
