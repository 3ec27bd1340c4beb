// The XRP hot key in the signer (ADR 0050): a family seed, sealed like every key (the seed's text is
// what is sealed, so its algorithm travels with it). It signs with the chains package's XrpKeySigner
// (a plain Payment from its own account, fee capped), then reads back the blob it is about to answer
// and refuses it unless it pays exactly the held withdrawal: Payment, this account, the destination,
// the amount in drops, the destination tag, nothing that could redirect or shrink the payment.
//
// A withdrawal whose transaction expired unsent may be signed again on the same sequence: the ledger
// applies one transaction per account sequence, so two signatures of one withdrawal can never both pay.
import { decode } from 'ripple-binary-codec';
import { deriveAddress, deriveKeypair, generateSeed } from 'ripple-keypairs';
import { XrpKeySigner, validateAddress, type UnsignedTransaction } from '@rora/chains';
import type { KeyHolder, NetworkKind } from './keys.ts';
import { readingBack } from './read-back.ts';

/** The fields a withdrawal's Payment may carry: any other (Paths, SendMax, DeliverMin, Memos…) is refused. */
const PAYMENT_FIELDS = new Set([
  'TransactionType',
  'Account',
  'Destination',
  'DestinationTag',
  'Amount',
  'Fee',
  'Flags',
  'Sequence',
  'LastLedgerSequence',
  'SigningPubKey',
  'TxnSignature',
]);

export class XrpSeedError extends Error {
  override readonly name = 'XrpSeedError';
}

/** The seed's bytes as sealed (its text), after checking that it derives a key pair. */
export function xrpSeedFromText(text: string): Uint8Array {
  const seed = text.trim();
  try {
    deriveKeypair(seed);
  } catch {
    throw new XrpSeedError('The key is not an XRP Ledger family seed (s…)');
  }
  return new TextEncoder().encode(seed);
}

export function generateXrpSeed(): Uint8Array {
  return new TextEncoder().encode(generateSeed());
}

export function xrpSeedAddress(seed: Uint8Array): string {
  return deriveAddress(deriveKeypair(new TextDecoder().decode(seed)).publicKey);
}

/** The classic address and tag an XRP destination names (an X-address carries its tag). */
function classic(address: string): string | null {
  const validation = validateAddress('xrp', address.trim());
  return validation.ok ? validation.address : null;
}

/** The fields of the decoded blob that differ from the withdrawal, by name. */
export function xrpBlobDifferences(raw: string, transaction: UnsignedTransaction, account: string): string[] {
  let json: Record<string, unknown>;
  try {
    json = decode(raw) as Record<string, unknown>;
  } catch {
    return ['encoding'];
  }
  const tag = transaction.destinationTag;
  return [
    json.TransactionType === 'Payment' ? null : 'transaction type',
    json.Account === account ? null : 'source account',
    json.Destination === transaction.to ? null : 'destination',
    json.DestinationTag === tag ? null : 'destination tag',
    // A string Amount is XRP in drops; an issued currency is an object, never equal.
    json.Amount === transaction.amount.toString() ? null : 'amount',
    json.Flags === 0 || json.Flags === undefined ? null : 'flags',
    json.Sequence === transaction.nonce ? null : 'sequence',
    Object.keys(json).every((field) => PAYMENT_FIELDS.has(field)) ? null : 'fields',
  ].filter((field) => field !== null);
}

/** Whether `next` may be signed beside `earlier` for one withdrawal: same payment, same sequence, later expiry. */
function replacesOnSameSequence(earlier: UnsignedTransaction, next: UnsignedTransaction): boolean {
  return (
    earlier.from === next.from &&
    earlier.to === next.to &&
    earlier.amount === next.amount &&
    earlier.destinationTag === next.destinationTag &&
    earlier.nonce !== undefined &&
    earlier.nonce === next.nonce &&
    (next.validUntil ?? 0) > (earlier.validUntil ?? 0)
  );
}

export function xrpKeyHolder(kind: NetworkKind, seed: Uint8Array): KeyHolder {
  const inner = new XrpKeySigner({ seed: new TextDecoder().decode(seed) });
  const address = inner.addressFor('xrp');
  const signer = readingBack(inner, 'XRP', (raw, transaction) => xrpBlobDifferences(raw, transaction, address));
  return {
    network: 'xrp',
    kind,
    address,
    signer,
    sameDestination: (a, b) => {
      const left = classic(a);
      return left !== null && left === classic(b);
    },
    mayReplace: replacesOnSameSequence,
  };
}
