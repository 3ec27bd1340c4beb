import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../../../lib/errors.ts';
import { signWebhook, verifyWebhookSignature } from './webhook-signature.ts';

const secret = 'a-webhook-secret-of-at-least-32-characters';
const now = new Date('2026-03-01T12:00:00Z');
const rawBody = Buffer.from('{"id":"evt_1"}');

const codeOf = (run: () => unknown) => {
  try {
    run();
    return null;
  } catch (error) {
    return isAppError(error) ? error.code : String(error);
  }
};

describe('webhook signature', () => {
  it('is t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">', () => {
    const t = Math.floor(now.getTime() / 1000);
    const expected = createHmac('sha256', secret).update(`${t}.${rawBody.toString()}`).digest('hex');
    expect(signWebhook({ secret, rawBody, now })).toBe(`t=${t},v1=${expected}`);
  });

  it('verifies and answers the signature value (the replay key)', () => {
    const header = signWebhook({ secret, rawBody, now });
    expect(verifyWebhookSignature({ secret, header, rawBody, now })).toBe(header.split('v1=')[1]);
  });

  it('accepts any of several v1 values (secret rotation)', () => {
    const good = signWebhook({ secret, rawBody, now });
    const old = signWebhook({ secret: 'the-previous-secret-the-previous-secret', rawBody, now }).split(',')[1];
    expect(codeOf(() => verifyWebhookSignature({ secret, header: `${good},${old}`, rawBody, now }))).toBeNull();
  });

  it.each([
    ['another body', { body: Buffer.from('{"id":"evt_2"}') }],
    ['another secret', { secret: 'another-secret-another-secret-another' }],
    ['no header', { header: undefined }],
    ['garbage', { header: 'hello' }],
    ['no timestamp', { header: 'v1=' + 'a'.repeat(64) }],
  ])('refuses %s', (_label, change: { body?: Buffer; secret?: string; header?: string }) => {
    const header = 'header' in change ? change.header : signWebhook({ secret: change.secret ?? secret, rawBody, now });
    const code = codeOf(() => verifyWebhookSignature({ secret, header, rawBody: change.body ?? rawBody, now }));
    expect(code).toBe('webhook_signature_invalid');
  });

  it('refuses a delivery outside five minutes either way, accepts one inside', () => {
    const at = (offsetMs: number) => signWebhook({ secret, rawBody, now: new Date(now.getTime() + offsetMs) });
    expect(codeOf(() => verifyWebhookSignature({ secret, header: at(-301_000), rawBody, now }))).toBe(
      'webhook_timestamp_outside_tolerance',
    );
    expect(codeOf(() => verifyWebhookSignature({ secret, header: at(301_000), rawBody, now }))).toBe(
      'webhook_timestamp_outside_tolerance',
    );
    expect(codeOf(() => verifyWebhookSignature({ secret, header: at(-300_000), rawBody, now }))).toBeNull();
  });
});
