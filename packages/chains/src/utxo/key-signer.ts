// Signs Bitcoin-family withdrawals with one hot wallet key (a P2WPKH address), using
// @scure/btc-signer. It signs exactly what the adapter specified (these coins, this recipient and
// amount, this change back to itself) and refuses anything else: a spend from an address it does not
// hold, change sent elsewhere, or a fee that is not inputs minus outputs at the stated rate.
//
// The key is in this process. Until the signer process of issue 20 exists, production refuses it
// (ADR 0032): it is for regtest, testnets and operators who accept a hot key beside the API.
import { Address, OutScript, Transaction, WIF, p2wpkh } from '@scure/btc-signer';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import type { SignedTransaction, Signer, UnsignedTransaction } from '../adapter.ts';
import { ChainError } from '../errors.ts';
import type { NetworkId } from '../networks.ts';
import { DUST_LIMIT, P2WPKH_OUTPUT_BYTES } from './coin-selection.ts';
import type { UtxoParams } from './params.ts';

export class UtxoKeySigner implements Signer {
  readonly #network: NetworkId;
  readonly #params: UtxoParams;
  readonly #privateKey: Uint8Array;
  readonly #address: string;
  readonly #script: Uint8Array;

  constructor(options: { readonly network: NetworkId; readonly params: UtxoParams; readonly wif: string }) {
    this.#network = options.network;
    this.#params = options.params;
    try {
      this.#privateKey = WIF(options.params.signer).decode(options.wif.trim());
    } catch {
      throw new ChainError(
        'deposit_config_is_invalid',
        `The ${options.network} hot key is not a WIF key of this network`,
      );
    }
    const payment = p2wpkh(secp256k1.getPublicKey(this.#privateKey, true), options.params.signer);
    this.#address = payment.address as string;
    this.#script = payment.script;
  }

  addressFor(network: NetworkId): string {
    if (network !== this.#network) throw new ChainError('network_is_unknown', `This signer holds no ${network} key`);
    return this.#address;
  }

  async sign(transaction: UnsignedTransaction): Promise<SignedTransaction> {
    const { inputs, change } = this.#check(transaction);
    const tx = new Transaction();
    for (const input of inputs) {
      tx.addInput({ txid: input.txid, index: input.vout, witnessUtxo: { script: this.#script, amount: input.amount } });
    }
    tx.addOutputAddress(transaction.to, transaction.amount, this.#params.signer);
    if (change > 0n) tx.addOutputAddress(this.#address, change, this.#params.signer);
    tx.sign(this.#privateKey);
    tx.finalize();
    return { network: this.#network, id: transaction.id, txid: tx.id, raw: tx.hex };
  }

  #check(transaction: UnsignedTransaction) {
    const { inputs, change } = transaction;
    if (transaction.network !== this.#network || transaction.from !== this.#address || !inputs || inputs.length === 0) {
      throw invalid('does not spend coins of this hot wallet');
    }
    if (change && change.address !== this.#address) throw invalid('sends its change elsewhere');
    // The recipient must be a well-formed address of this network (this throws otherwise).
    try {
      OutScript.encode(Address(this.#params.signer).decode(transaction.to));
    } catch {
      throw invalid('pays an address of another network');
    }
    const spent = inputs.reduce((sum, input) => sum + input.amount, 0n);
    const changeAmount = change?.amount ?? 0n;
    const fee = spent - transaction.amount - changeAmount;
    const stated = transaction.feeRate * transaction.feeUnits;
    // Without change the miner also takes the dust that an output would have wasted.
    const ceiling = change
      ? stated
      : transaction.feeRate * (transaction.feeUnits + BigInt(P2WPKH_OUTPUT_BYTES)) + DUST_LIMIT;
    if (transaction.amount <= 0n || changeAmount < 0n || fee < stated || fee > ceiling) {
      throw invalid('does not balance: inputs must pay the amount, the change and the stated fee');
    }
    return { inputs, change: changeAmount };
  }
}

function invalid(why: string): ChainError {
  return new ChainError('transaction_signature_is_invalid', `The withdrawal ${why}`);
}
