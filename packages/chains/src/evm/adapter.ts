// The ChainAdapter for Ethereum, BNB Smart Chain and their ERC-20 tokens over standard Ethereum
// JSON-RPC (viem's HTTP transport). One adapter per network; those of one chain share the node, the
// hot wallet (one address pays every network's withdrawals and all the gas) and its nonces. The native
// network's adapter also exposes `scanner`, which the deposit scanner walks for the whole chain: each
// block's successful native payments and the configured tokens' Transfer events. Withdrawals are
// signed once (withdraw.ts), stored with their nonce, then sent; a retry sends the stored bytes.
import type {
  ChainAdapter,
  ChainTransaction,
  FeeEstimate,
  FeePriority,
  Signer,
  SweepRequest,
  SweepResult,
  WithdrawalRequest,
} from '../adapter.ts';
import type { AddressDeriver } from '../derive.ts';
import { ChainError } from '../errors.ts';
import { NodeAdapterBase } from '../node-adapter-base.ts';
import type { NetworkDefinition, NetworkId } from '../networks.ts';
import type { StoredBroadcast } from '../utxo/broadcast-store.ts';
import type { BlockScanner } from '../utxo/rpc-adapter.ts';
import { NodeError } from '../utxo/rpc-client.ts';
import { validateAddress, type AddressValidation, type ValidateAddressOptions } from '../validate.ts';
import { EXPECTED_BLOCKS, evmFees } from './fees.ts';
import type { NonceStore } from './nonce-store.ts';
import { readTransfer, type ReadTransfer } from './transactions.ts';
import { blockHashAt, scanBlock, tipHeight } from './reads.ts';
import { smallQuantity, type EvmRpc } from './rpc.ts';
import { evmBalancesOf, sweepEvmAddress } from './sweep.ts';
import { fingerprintOf, signWithdrawal, type WithdrawContext } from './withdraw.ts';

export interface EvmRpcAdapterOptions {
  readonly network: NetworkDefinition;
  /** The chain id the node must report (EIP-155): checked before the first withdrawal is signed. */
  readonly chainId: number;
  readonly rpc: EvmRpc;
  readonly deriver: AddressDeriver;
  readonly signer: Signer;
  readonly store: NonceStore;
  /** Every configured token of the chain: lower-case contract -> network. */
  readonly contracts: ReadonlyMap<string, NetworkId>;
  /** Legacy gas prices even where blocks carry a base fee. */
  readonly legacyFees: boolean;
  /** Floor of the EIP-1559 tip per gas (wei). */
  readonly minTip: bigint;
}

/** Node answers to a resent transaction that mean it is already there. */
const ALREADY_KNOWN = [/already known/i, /known transaction/i, /already imported/i, /nonce too low/i];

export class EvmRpcAdapter extends NodeAdapterBase implements ChainAdapter {
  /** Blocks with every network of the chain in them (the native network's adapter walks them). */
  readonly scanner: BlockScanner;
  readonly #options: EvmRpcAdapterOptions;
  readonly #rpc: EvmRpc;
  readonly #contract: string | undefined;
  readonly #native: NetworkId;
  #checkedChainId: Promise<void> | undefined;

  constructor(options: EvmRpcAdapterOptions) {
    super(options);
    this.#options = options;
    this.#rpc = options.rpc;
    this.#native = options.network.chain as NetworkId;
    this.#contract = [...options.contracts].find(([, network]) => network === options.network.id)?.[0];
    if (options.network.token && !this.#contract) {
      throw new ChainError('deposit_config_is_invalid', `${options.network.name} has no contract configured`);
    }
    this.scanner = {
      tipHeight: () => tipHeight(this.#rpc),
      blockHash: (height) => blockHashAt(this.#rpc, height),
      block: (height) => scanBlock(this.#rpc, height, this.#scanned()),
    };
  }

  /** What the scanner reads: the native coin (not the hot wallet's own payments) and the tokens. */
  #scanned() {
    let hot: string | undefined;
    try {
      hot = this.signer.addressFor(this.#native).toLowerCase();
    } catch {
      hot = undefined; // a signer that holds no key of this chain yet: every payment is read
    }
    return { native: this.#native, contracts: this.#options.contracts, hot };
  }

  /** On-chain balances of this network's asset (the coin, or the token) at the latest block. */
  async balancesOf(addresses: readonly string[]): Promise<ReadonlyMap<string, bigint>> {
    return evmBalancesOf(this.#context(), addresses);
  }

  /** Sweeps a deposit address into the hot wallet (ADR 0049); tokens need their gas there first. */
  async sweep(request: SweepRequest): Promise<SweepResult> {
    const context = {
      ...this.#context(),
      deriveAddress: (index: number) => this.deriveAddress(index),
      send: (stored: StoredBroadcast) => this.send(stored),
    };
    return this.exclusively(async () => {
      await this.#checkChainId();
      return sweepEvmAddress(context, request);
    });
  }

  async validateAddress(address: string, options: ValidateAddressOptions = {}): Promise<AddressValidation> {
    return validateAddress(this.network, address, options);
  }

  async estimateFee(request: { readonly amount: bigint; readonly priority: FeePriority }): Promise<FeeEstimate> {
    if (typeof request.amount !== 'bigint' || request.amount <= 0n) {
      throw new ChainError('amount_must_be_positive', 'An amount must be a positive number of minor units');
    }
    const { legacyFees: legacy, minTip } = this.#options;
    const fees = await evmFees(this.#rpc, { priority: request.priority, legacy, minTip });
    const units = this.network.transferUnits;
    return {
      network: this.network.id,
      priority: request.priority,
      feeAsset: this.feeAsset(),
      fee: fees.feeRate * units,
      feeRate: fees.feeRate,
      units,
      expectedBlocks: EXPECTED_BLOCKS[request.priority],
    };
  }

  async getTransaction(txid: string): Promise<ChainTransaction | null> {
    const ours = await this.#options.store.findByTxid(this.network.id, txid);
    const read = await readTransfer(this.#rpc, txid, { contract: this.#contract });
    if (!read && ours) {
      // Ours, but the node does not have it (evicted, a restarted node, never sent): send it again.
      // A refusal leaves it pending for an operator; it is never signed anew.
      await this.send(ours).catch((error: unknown) => {
        if (!(error instanceof NodeError && error.kind === 'rejected')) throw error;
      });
    }
    if (!read && !ours) return null;
    return this.#toChainTransaction(txid, read, ours);
  }

  async getBlockHeight(): Promise<number> {
    return tipHeight(this.#rpc);
  }

  async listIncomingTransfers(range: {
    readonly fromHeight: number;
    readonly toHeight?: number;
  }): Promise<readonly ChainTransaction[]> {
    const tip = await this.getBlockHeight();
    const heights = { first: Math.max(0, range.fromHeight), last: Math.min(range.toHeight ?? tip, tip) };
    // One chain's blocks carry its native coin and its tokens: only this network's payments count.
    return this.watchedTransfers(heights, (output, block) =>
      output.network === this.network.id
        ? this.incomingTransfer(output, { ...block, confirmations: tip - block.height + 1 })
        : null,
    );
  }

  #context(): WithdrawContext {
    const { rpc, signer, store, legacyFees, minTip } = this.#options;
    const contract = this.#contract;
    return {
      network: this.network,
      nativeNetwork: this.#native,
      rpc,
      signer,
      store,
      legacyFees,
      minTip,
      ...(contract ? { contract } : {}),
    };
  }

  /** The node must be on the configured chain before anything is signed for it (once per process). */
  #checkChainId(): Promise<void> {
    this.#checkedChainId ??= (async () => {
      const reported = smallQuantity(await this.#rpc.call('eth_chainId'), 'The chain id');
      if (reported !== this.#options.chainId) {
        throw new NodeError('rejected', `The node is on chain ${reported}, not ${this.#options.chainId}`);
      }
    })().catch((error: unknown) => {
      this.#checkedChainId = undefined;
      throw error;
    });
    return this.#checkedChainId;
  }

  /** The signed transaction for this id: stored before, or signed now (one at a time per process). */
  protected override signOnce(request: WithdrawalRequest): Promise<StoredBroadcast> {
    return this.storedOrSigned(request, fingerprintOf(request), {
      sign: async () => {
        await this.#checkChainId();
        return signWithdrawal(this.#context(), request);
      },
    });
  }

  protected override async send(stored: StoredBroadcast): Promise<void> {
    try {
      await this.#rpc.call('eth_sendRawTransaction', [stored.raw]);
    } catch (error) {
      if (!(error instanceof NodeError && ALREADY_KNOWN.some((pattern) => pattern.test(error.message)))) throw error;
      // "Known" or "nonce too low": sent before, unless another transaction took the nonce.
      const known = await this.#rpc.call<unknown>('eth_getTransactionByHash', [stored.txid]);
      if (known === null) throw error;
    }
  }

  #toChainTransaction(txid: string, read: ReadTransfer | null, ours: StoredBroadcast | null): ChainTransaction {
    const required = this.network.confirmations;
    const confirmations = read?.confirmations ?? 0;
    const status = !read?.mined
      ? 'pending'
      : !read.succeeded
        ? 'failed'
        : confirmations >= required
          ? 'confirmed'
          : 'confirming';
    return {
      txid,
      network: this.network.id,
      from: read?.from ?? this.hotWalletAddress(),
      to: ours?.to ?? read?.to ?? '',
      amount: ours?.amount ?? read?.amount ?? 0n,
      // Mined: what it paid (gasUsed * effectiveGasPrice); before: the most it can pay.
      fee: read?.mined ? read.fee : (ours?.fee ?? 0n),
      feeAsset: this.feeAsset(),
      status,
      confirmations,
      requiredConfirmations: required,
      ...(read?.blockHeight === undefined ? {} : { blockHeight: read.blockHeight, blockHash: read.blockHash }),
      ...(status === 'failed' ? { failureReason: 'transaction_reverted' } : {}),
      ...(ours ? { withdrawalId: ours.id } : {}),
    };
  }
}
