// The fees Rora quotes its customers (POST /wallet/estimatefee), signed (ADR 0080). A send may
// confirm a fee the network's has since risen past (by up to a quarter, which Rora then pays: the
// fee is a quote, send.service.ts); that holds only for a fee Rora quoted this customer, for this
// wallet, amount and priority, less than QUOTE_LIFETIME_MS ago. Any other figure under the network's
// is the customer's own, and was charged: an outside tester paid 81 % of every BTC and USDT-ERC20 fee
// by sending `fee` at the current one ÷ 1.25 (ADR 0079). The estimate answers a token, an HMAC over
// all of that and the expiry; the send echoes it and any replica with the same FEE_QUOTE_SECRET
// checks it, with nothing kept in memory: a restart or another replica than the estimate's changes
// nothing.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../lib/clock.ts';

/** How long a quoted fee may be confirmed at a risen network fee: a send dialog's life. */
export const QUOTE_LIFETIME_MS = 10 * 60_000;

/**
 * The token's bytes: the expiry (Unix milliseconds, 8 bytes big-endian), then the HMAC-SHA256 (32);
 * sent as base64url, unpadded: the 54 characters `feeQuoteSchema` of the contract accepts.
 */
const EXPIRY_BYTES = 8;
const MAC_BYTES = 32;

/** A quote is for one send: this customer's wallet, this amount (inputs, and so fees, grow with it), this speed. */
export interface QuotedSend {
  userId: string;
  walletId: string;
  amount: bigint;
  priority: string;
}

export interface FeeQuotes {
  /** The token of `fee`, quoted now for `send`: good until QUOTE_LIFETIME_MS from now. */
  sign(send: QuotedSend, fee: bigint): string;
  /** Whether `token` is one `sign` gave for this send and this fee (same secret), and not expired. */
  verify(send: QuotedSend, fee: bigint, token: string): boolean;
}

/**
 * One line per field, each field free of line breaks (ids are UUIDs, amounts digits, priorities
 * words), under a label that keeps these MACs apart from anything else signed with the key.
 */
function message(send: QuotedSend, fee: bigint, expiresAtMs: bigint): string {
  return ['rora-fee-quote-v1', send.userId, send.walletId, send.amount, send.priority, fee, expiresAtMs].join('\n');
}

export function createFeeQuotes(options: { secret: string; clock: Clock }): FeeQuotes {
  const { secret, clock } = options;
  if (secret.length < 32) throw new Error('FEE_QUOTE_SECRET must be at least 32 characters');
  const mac = (send: QuotedSend, fee: bigint, expiresAtMs: bigint) =>
    createHmac('sha256', secret)
      .update(message(send, fee, expiresAtMs))
      .digest();

  return {
    sign(send, fee) {
      const expiry = Buffer.alloc(EXPIRY_BYTES);
      const expiresAtMs = BigInt(clock.now().getTime() + QUOTE_LIFETIME_MS);
      expiry.writeBigUInt64BE(expiresAtMs);
      return Buffer.concat([expiry, mac(send, fee, expiresAtMs)]).toString('base64url');
    },
    verify(send, fee, token) {
      const bytes = Buffer.from(token, 'base64url');
      // Buffer.from skips what is not base64url: a token that does not round-trip is not ours.
      if (bytes.length !== EXPIRY_BYTES + MAC_BYTES || bytes.toString('base64url') !== token) return false;
      const expiresAtMs = bytes.readBigUInt64BE(0);
      if (BigInt(clock.now().getTime()) > expiresAtMs) return false;
      return timingSafeEqual(bytes.subarray(EXPIRY_BYTES), mac(send, fee, expiresAtMs));
    },
  };
}
