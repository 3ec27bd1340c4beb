// The devnet's stand-in for an HSM or remote signer. It "signs" with an HMAC over the canonical
// transaction, and the devnet chain verifies that HMAC, so the chain refuses a transaction nobody
// signed or one altered after signing, as a real chain would. Its key is not a blockchain key and
// never guards real money.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import type { SignedTransaction, Signer, UnsignedTransaction } from '../adapter.ts';
import { ChainError } from '../errors.ts';
import { getNetwork, type ChainId, type NetworkId } from '../networks.ts';
import { txidFor } from './txid.ts';

interface Envelope {
  readonly tx: Record<string, string | number>;
  readonly signature: string;
}

export class DevnetSigner implements Signer {
  readonly #key: Uint8Array;
  readonly #addresses: Readonly<Partial<Record<ChainId, string>>>;
  /** Deposit addresses the devnet derived (its public test keys), which sweeps spend from. */
  readonly #depositAddresses = new Set<string>();

  /** `hotWallets`: the address the signer spends from on each chain. */
  constructor(options: { readonly key: string; readonly hotWallets: Readonly<Partial<Record<ChainId, string>>> }) {
    this.#key = sha256(utf8ToBytes(`rora-devnet-signer:${options.key}`));
    this.#addresses = { ...options.hotWallets };
  }

  addressFor(network: NetworkId): string {
    const chain = getNetwork(network).chain;
    const address = this.#addresses[chain];
    if (!address) throw new ChainError('deposit_config_is_missing', `The devnet signer has no hot wallet on ${chain}`);
    return address;
  }

  /** Lets sweeps spend from a deposit address of the devnet's own derivation. */
  holdDepositAddress(address: string): void {
    this.#depositAddresses.add(address);
  }

  async sign(transaction: UnsignedTransaction): Promise<SignedTransaction> {
    const tx = serialize(transaction);
    const envelope: Envelope = { tx, signature: this.#mac(tx) };
    const raw = utf8ToBytes(JSON.stringify(envelope));
    const chain = getNetwork(transaction.network).chain;
    return { network: transaction.network, id: transaction.id, txid: txidFor(chain, raw), raw: bytesToHex(raw) };
  }

  /** The transaction a signed envelope carries, or `transaction_signature_is_invalid`. */
  verify(signed: SignedTransaction): UnsignedTransaction {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(new TextDecoder().decode(hexToBytes(signed.raw))) as Envelope;
    } catch {
      throw invalid('is not a devnet transaction');
    }
    if (typeof envelope.signature !== 'string' || envelope.signature !== this.#mac(envelope.tx)) {
      throw invalid('carries a signature that does not match');
    }
    const transaction = deserialize(envelope.tx);
    if (transaction.network !== signed.network || transaction.id !== signed.id) throw invalid('was relabelled');
    const chain = getNetwork(transaction.network).chain;
    if (txidFor(chain, hexToBytes(signed.raw)) !== signed.txid) throw invalid('has a txid that does not match');
    if (transaction.from !== this.addressFor(transaction.network) && !this.#depositAddresses.has(transaction.from))
      throw invalid('spends from an address the signer does not hold');
    return transaction;
  }

  #mac(tx: Readonly<Record<string, string | number>>): string {
    return bytesToHex(hmac(sha256, this.#key, utf8ToBytes(JSON.stringify(tx))));
  }
}

function invalid(why: string): ChainError {
  return new ChainError('transaction_signature_is_invalid', `The transaction ${why}`);
}

const FIELDS = [
  'network',
  'id',
  'from',
  'to',
  'amount',
  'destinationTag',
  'contract',
  'nonce',
  'feeRate',
  'feeUnits',
] as const;

function serialize(transaction: UnsignedTransaction): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const field of FIELDS) {
    const value = transaction[field];
    if (value !== undefined) out[field] = typeof value === 'bigint' ? value.toString() : value;
  }
  return out;
}

function deserialize(tx: Readonly<Record<string, string | number>>): UnsignedTransaction {
  const text = (field: string): string => String(tx[field]);
  const optional = <T>(field: string, read: (value: string | number) => T): T | undefined =>
    tx[field] === undefined ? undefined : read(tx[field] as string | number);
  return {
    network: getNetwork(text('network')).id,
    id: text('id'),
    from: text('from'),
    to: text('to'),
    amount: BigInt(text('amount')),
    destinationTag: optional('destinationTag', Number),
    contract: optional('contract', String),
    nonce: optional('nonce', Number),
    feeRate: BigInt(text('feeRate')),
    feeUnits: BigInt(text('feeUnits')),
  };
}
