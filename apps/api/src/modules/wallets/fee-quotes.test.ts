// A signed quote counts only for the customer, wallet, amount, speed and fee it was signed for, only
// until it expires, and only under the secret that signed it.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { feeQuoteSchema } from '@rora/contracts';
import { ManualClock } from '../../lib/clock.ts';
import { createFeeQuotes, QUOTE_LIFETIME_MS } from './fee-quotes.ts';
import { FEE_QUOTE_TEST_SECRET as SECRET } from './testing/wallet-fixtures.ts';

const send = { userId: 'u1', walletId: 'w1', amount: 1_000_000n, priority: 'normal' };
const start = () => new ManualClock(new Date('2026-12-01T12:00:00Z'));

describe('a fee quote token', () => {
  it('is checked for the send and fee it was signed for, and no other', () => {
    const quotes = createFeeQuotes({ secret: SECRET, clock: start() });
    const token = quotes.sign(send, 1_410n);
    // What the contract lets a send echo.
    expect(feeQuoteSchema.safeParse(token).success).toBe(true);
    expect(quotes.verify(send, 1_410n, token)).toBe(true);
    expect(quotes.verify(send, 1_142n, token)).toBe(false);
    for (const other of [{ userId: 'u2' }, { walletId: 'w2' }, { amount: 2_000_000n }, { priority: 'fast' }]) {
      expect(quotes.verify({ ...send, ...other }, 1_410n, token)).toBe(false);
    }
  });

  it('is refused once a byte of it is changed: the expiry pushed back, or the MAC', () => {
    const quotes = createFeeQuotes({ secret: SECRET, clock: start() });
    const bytes = Buffer.from(quotes.sign(send, 1_410n), 'base64url');
    for (const at of [7, 8, bytes.length - 1]) {
      const tampered = Buffer.from(bytes);
      tampered[at] = tampered[at]! ^ 1;
      expect(quotes.verify(send, 1_410n, tampered.toString('base64url'))).toBe(false);
    }
  });

  it('expires QUOTE_LIFETIME_MS after it was signed, by the clock', () => {
    const clock = start();
    const quotes = createFeeQuotes({ secret: SECRET, clock });
    const token = quotes.sign(send, 1_410n);
    clock.advance(QUOTE_LIFETIME_MS);
    expect(quotes.verify(send, 1_410n, token)).toBe(true);
    clock.advance(1);
    expect(quotes.verify(send, 1_410n, token)).toBe(false);
  });

  it('is accepted by another instance with the same secret, and refused with another secret', () => {
    const clock = start();
    const token = createFeeQuotes({ secret: SECRET, clock }).sign(send, 1_410n);
    expect(createFeeQuotes({ secret: SECRET, clock }).verify(send, 1_410n, token)).toBe(true);
    const other = createFeeQuotes({ secret: randomBytes(32).toString('hex'), clock });
    expect(other.verify(send, 1_410n, token)).toBe(false);
  });

  it('refuses what is not a token: empty, cut short, not base64url, or padded', () => {
    const quotes = createFeeQuotes({ secret: SECRET, clock: start() });
    const token = quotes.sign(send, 1_410n);
    for (const bad of ['', token.slice(0, -1), `${token.slice(0, -1)}*`, `${token}=`, `${token}AA`]) {
      expect(quotes.verify(send, 1_410n, bad)).toBe(false);
    }
  });

  it('will not sign with a short secret', () => {
    expect(() => createFeeQuotes({ secret: 'short', clock: start() })).toThrow(/at least 32 characters/);
  });
});
