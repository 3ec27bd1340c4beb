// Signs Solana withdrawals with one hot wallet key (ed25519), using @solana/kit. It signs exactly one
// kind of transaction, a SOL transfer from its own address with a memo naming the withdrawal, on the
// blockhash the adapter chose, and refuses anything else.
//
// The signer process (apps/signer) holds this key class's key and runs it behind its own checks
// (ADR 0050); the chains package's tests use it directly.
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import {
  createKeyPairSignerFromBytes,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  signTransactionMessageWithSigners,
  type KeyPairSigner,
} from '@solana/kit';
import type { SignedTransaction, Signer, UnsignedTransaction } from '../adapter.ts';
import { parseSolanaAddress } from '../codecs/solana.ts';
import { ChainError } from '../errors.ts';
import type { NetworkId } from '../networks.ts';
import { transferMessage } from './message.ts';

/** The most a withdrawal may pay the network (lamports): a hundred times the base signature fee. */
export const SOLANA_MAX_FEE_LAMPORTS = 500_000n;

/** A 64-byte secret key (seed then public key) from base58 or solana-keygen's JSON array of bytes. */
export function parseSolanaSecretKey(text: string): Uint8Array {
  const trimmed = text.trim();
  let bytes: Uint8Array;
  try {
    bytes = trimmed.startsWith('[') ? Uint8Array.from(JSON.parse(trimmed) as number[]) : base58.decode(trimmed);
  } catch {
    bytes = new Uint8Array();
  }
  const publicKey = bytes.length === 64 ? ed25519.getPublicKey(bytes.slice(0, 32)) : undefined;
  if (!publicKey || !publicKey.every((byte, index) => byte === bytes[32 + index])) {
    throw new ChainError('deposit_config_is_invalid', 'The Solana hot key is not a 64-byte ed25519 secret key');
  }
  return bytes;
}

export class SolanaKeySigner implements Signer {
  readonly #secret: Uint8Array;
  readonly #address: string;
  #signer: Promise<KeyPairSigner> | undefined;

  constructor(options: { readonly secretKey: string }) {
    this.#secret = parseSolanaSecretKey(options.secretKey);
    this.#address = base58.encode(this.#secret.slice(32));
  }

  addressFor(network: NetworkId): string {
    if (network !== 'sol') throw new ChainError('network_is_unknown', `This signer holds no ${network} key`);
    return this.#address;
  }

  async sign(transaction: UnsignedTransaction): Promise<SignedTransaction> {
    const { recentBlockhash, validUntil } = this.#check(transaction);
    // The key pair is imported once (WebCrypto), on first use: constructing the signer stays synchronous.
    this.#signer ??= createKeyPairSignerFromBytes(this.#secret);
    const message = transferMessage(
      {
        from: this.#address,
        to: transaction.to,
        amount: transaction.amount,
        memo: transaction.id,
        recentBlockhash,
        lastValidBlockHeight: validUntil,
      },
      await this.#signer,
    );
    const signed = await signTransactionMessageWithSigners(message);
    return {
      network: 'sol',
      id: transaction.id,
      txid: getSignatureFromTransaction(signed),
      raw: getBase64EncodedWireTransaction(signed),
    };
  }

  #check(transaction: UnsignedTransaction) {
    const refuse = (why: string) => new ChainError('transaction_signature_is_invalid', `The withdrawal ${why}`);
    if (transaction.network !== 'sol' || transaction.from !== this.#address) {
      throw refuse('does not spend from this hot wallet');
    }
    const parsed = parseSolanaAddress(transaction.to);
    if (parsed.kind !== 'valid' || transaction.to === this.#address)
      throw refuse('does not pay another Solana address');
    const fee = transaction.feeRate * transaction.feeUnits;
    if (transaction.amount <= 0n || transaction.amount >= 2n ** 64n) throw refuse('amount is out of range');
    if (fee <= 0n || fee > SOLANA_MAX_FEE_LAMPORTS)
      throw refuse(`fee is outside 1..${SOLANA_MAX_FEE_LAMPORTS} lamports`);
    const { recentBlockhash, validUntil } = transaction;
    if (
      recentBlockhash === undefined ||
      validUntil === undefined ||
      !Number.isSafeInteger(validUntil) ||
      validUntil <= 0
    ) {
      throw refuse('has no recent blockhash and last valid block height');
    }
    if (transaction.id.length === 0 || transaction.id.length > 200) throw refuse('id does not fit a memo');
    return { recentBlockhash, validUntil };
  }
}
