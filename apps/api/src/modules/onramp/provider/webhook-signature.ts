// The sandbox on-ramp provider's webhook signature: `X-Onramp-Signature: t=<unix seconds>,v1=<hex>`
// where v1 = HMAC-SHA256(ONRAMP_WEBHOOK_SECRET, `${t}.${rawBody}`). Several v1 values are accepted
// (secret rotation). A delivery more than five minutes away from now is refused, so a captured
// request cannot be replayed later; within the window the receiver refuses a signature seen before.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../../lib/errors.ts';

export const ONRAMP_SIGNATURE_HEADER = 'x-onramp-signature';
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

function hmac(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

export function signOnrampWebhook(options: { secret: string; rawBody: string | Buffer; now: Date }): string {
  const timestamp = Math.floor(options.now.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(options.secret, timestamp, options.rawBody)}`;
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

/** The matching v1 value (the replay key), or webhook_signature_invalid / webhook_timestamp_outside_tolerance. */
export function verifyOnrampSignature(options: {
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
  if (Math.abs(options.now.getTime() / 1000 - parsed.timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
    throw new AppError('webhook_timestamp_outside_tolerance');
  }
  return match;
}
