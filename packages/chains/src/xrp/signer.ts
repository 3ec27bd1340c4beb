// Signs XRP withdrawals with one hot wallet key (a family seed), using ripple-keypairs and
// ripple-binary-codec. It signs exactly one kind of transaction, a plain XRP Payment from its own
// account (no partial-payment flag, no paths), with the sequence, fee and LastLedgerSequence the
// adapter chose, and refuses anything else.
//
// The signer process (apps/signer) holds this key class's key and runs it behind its own checks
// (ADR 0050); the chains package's tests use it directly.
import { sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { encode, encodeForSigning } from 'ripple-binary-codec';
import { deriveAddress, deriveKeypair, sign } from 'ripple-keypairs';
import type { SignedTransaction, Signer, UnsignedTransaction } from '../adapter.ts';
import { parseXrpAddress } from '../codecs/xrp.ts';
import { ChainError } from '../errors.ts';
import type { NetworkId } from '../networks.ts';

/** The most a withdrawal may pay the network (drops): 0.1 XRP, thousands of times the base fee. */
export const XRP_MAX_FEE_DROPS = 100_000n;
const MAX_TAG = 0xffff_ffff;
const MAX_UINT32 = 0xffff_ffff;
/** "TXN\0": the prefix of a signed transaction's hash. */
const TRANSACTION_ID_PREFIX = hexToBytes('54584E00');

/** The transaction id: the first half of SHA-512 of the prefix and the signed blob, upper-case hex. */
export function xrpTransactionId(blob: string): string {
  const bytes = hexToBytes(blob);
  const input = new Uint8Array(TRANSACTION_ID_PREFIX.length + bytes.length);
  input.set(TRANSACTION_ID_PREFIX);
  input.set(bytes, TRANSACTION_ID_PREFIX.length);
  return bytesToHex(sha512(input).slice(0, 32)).toUpperCase();
}

export class XrpKeySigner implements Signer {
  readonly #privateKey: string;
  readonly #publicKey: string;
  readonly #address: string;

  constructor(options: { readonly seed: string }) {
    try {
      const pair = deriveKeypair(options.seed.trim());
      this.#privateKey = pair.privateKey;
      this.#publicKey = pair.publicKey;
      this.#address = deriveAddress(pair.publicKey);
    } catch {
      throw new ChainError('deposit_config_is_invalid', 'The XRP hot key is not an XRP Ledger family seed');
    }
  }

  addressFor(network: NetworkId): string {
    if (network !== 'xrp') throw new ChainError('network_is_unknown', `This signer holds no ${network} key`);
    return this.#address;
  }

  async sign(transaction: UnsignedTransaction): Promise<SignedTransaction> {
    this.#check(transaction);
    const json: Record<string, unknown> = {
      TransactionType: 'Payment',
      Account: this.#address,
      Destination: transaction.to,
      Amount: transaction.amount.toString(),
      Fee: (transaction.feeRate * transaction.feeUnits).toString(),
      Flags: 0,
      Sequence: transaction.nonce,
      LastLedgerSequence: transaction.validUntil,
      SigningPubKey: this.#publicKey,
      ...(transaction.destinationTag === undefined ? {} : { DestinationTag: transaction.destinationTag }),
    };
    json.TxnSignature = sign(encodeForSigning(json), this.#privateKey);
    const raw = encode(json);
    return { network: 'xrp', id: transaction.id, txid: xrpTransactionId(raw), raw };
  }

  #check(transaction: UnsignedTransaction): void {
    const refuse = (why: string) => new ChainError('transaction_signature_is_invalid', `The withdrawal ${why}`);
    if (transaction.network !== 'xrp' || transaction.from !== this.#address) {
      throw refuse('does not spend from this hot wallet');
    }
    const parsed = parseXrpAddress(transaction.to);
    if (parsed.kind !== 'valid' || parsed.address !== transaction.to || transaction.to === this.#address) {
      throw refuse('does not pay a classic XRP address of another account');
    }
    const fee = transaction.feeRate * transaction.feeUnits;
    if (transaction.amount <= 0n || transaction.amount > 100_000_000_000_000_000n)
      throw refuse('amount is out of range');
    if (fee <= 0n || fee > XRP_MAX_FEE_DROPS) throw refuse(`fee is outside 1..${XRP_MAX_FEE_DROPS} drops`);
    const whole = (value: number | undefined, max: number) =>
      value !== undefined && Number.isSafeInteger(value) && value > 0 && value <= max;
    if (!whole(transaction.nonce, MAX_UINT32) || !whole(transaction.validUntil, MAX_UINT32)) {
      throw refuse('has no sequence or last ledger');
    }
    const tag = transaction.destinationTag;
    if (tag !== undefined && (!Number.isSafeInteger(tag) || tag < 0 || tag > MAX_TAG)) {
      throw refuse('has a destination tag out of range');
    }
  }
}
