// Signs Ethereum and BNB Smart Chain withdrawals with one hot key (an in-process stand-in for the
// signer process, behind the same `Signer` interface). It signs exactly what the adapter specified
// and refuses anything else: a sender it does not hold, a token transfer to a contract it was not
// configured with, a recipient that is not an address, a fee above the stated rate. The chain id is
// part of every signature (EIP-155), so a transaction signed for one chain is void on another.
//
// The key is in this process: production refuses it (ADR 0039), as for the Bitcoin family (ADR 0032).
import { encodeFunctionData, erc20Abi, keccak256, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { SignedTransaction, Signer, UnsignedTransaction } from '../adapter.ts';
import { parseEvmAddress } from '../codecs/evm.ts';
import { ChainError } from '../errors.ts';
import { getNetwork, type NetworkId } from '../networks.ts';

export interface EvmKeySignerOptions {
  readonly chainId: number;
  /** The networks signed for: the chain's native network and its tokens, with their contracts. */
  readonly networks: readonly { readonly network: NetworkId; readonly contract?: string }[];
  /** 32-byte private key, hex (0x optional). */
  readonly privateKey: string;
}

const MIN_GAS = 21_000n;

export class EvmKeySigner implements Signer {
  readonly #chainId: number;
  readonly #contracts = new Map<NetworkId, string | null>();
  readonly #account: PrivateKeyAccount;

  constructor(options: EvmKeySignerOptions) {
    this.#chainId = options.chainId;
    for (const entry of options.networks) this.#contracts.set(entry.network, entry.contract?.toLowerCase() ?? null);
    const key = options.privateKey.trim().replace(/^0x/i, '');
    if (!/^[0-9a-f]{64}$/i.test(key)) {
      throw new ChainError('deposit_config_is_invalid', 'The EVM hot key is not a 32-byte hex private key');
    }
    this.#account = privateKeyToAccount(`0x${key}`);
  }

  addressFor(network: NetworkId): string {
    if (!this.#contracts.has(network))
      throw new ChainError('network_is_unknown', `This signer holds no ${network} key`);
    return this.#account.address;
  }

  async sign(transaction: UnsignedTransaction): Promise<SignedTransaction> {
    const call = this.#check(transaction);
    const gas = transaction.feeUnits;
    const nonce = transaction.nonce as number;
    const fees =
      transaction.priorityFeeRate === undefined
        ? { type: 'legacy' as const, gasPrice: transaction.feeRate }
        : {
            type: 'eip1559' as const,
            maxFeePerGas: transaction.feeRate,
            maxPriorityFeePerGas: transaction.priorityFeeRate,
          };
    const raw = await this.#account.signTransaction({ chainId: this.#chainId, nonce, gas, ...call, ...fees });
    return { network: transaction.network, id: transaction.id, txid: keccak256(raw), raw };
  }

  /** The call the transaction makes (to, value, data), once every rule is checked. */
  #check(transaction: UnsignedTransaction): { to: Hex; value: bigint; data?: Hex } {
    const contract = this.#contracts.get(transaction.network);
    if (contract === undefined || transaction.from !== this.#account.address) {
      throw invalid('is not from this hot wallet');
    }
    const recipient = parseEvmAddress(transaction.to);
    if (recipient.kind !== 'valid') throw invalid('pays something that is not an address');
    const { nonce, feeRate, feeUnits, priorityFeeRate } = transaction;
    if (!Number.isSafeInteger(nonce) || (nonce as number) < 0) throw invalid('has no nonce');
    if (transaction.amount <= 0n || feeRate <= 0n || feeUnits < MIN_GAS) throw invalid('has no amount or no fee');
    if (priorityFeeRate !== undefined && (priorityFeeRate < 0n || priorityFeeRate > feeRate)) {
      throw invalid('tips more than its fee cap');
    }
    const to = recipient.address as Hex;
    if (contract === null) {
      if (transaction.contract !== undefined)
        throw invalid(`calls a contract on ${getNetwork(transaction.network).name}`);
      return { to, value: transaction.amount };
    }
    if (transaction.contract?.toLowerCase() !== contract) throw invalid('calls another token contract');
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, transaction.amount] });
    return { to: contract as Hex, value: 0n, data };
  }
}

function invalid(why: string): ChainError {
  return new ChainError('transaction_signature_is_invalid', `The withdrawal ${why}`);
}
