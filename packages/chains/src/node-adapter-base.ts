// What every adapter that reads its chain through a node shares (UTXO, EVM, XRP, Solana): its network,
// its explorer links, its hot wallet (the signer's address) and deposit addresses (the deriver's), the
// deposit addresses it watches, the walk over its blocks that lists payments
// to them, and no pushed events (the deposit scanner polls each adapter's `scanner`, and the wallets'
// reconcile reads sends again).
import type { BroadcastResult, ChainEventListener, ChainTransaction, Signer, WithdrawalRequest } from './adapter.ts';
import type { AddressDeriver, DepositAddress } from './derive.ts';
import { explorerAddressUrl, explorerFor, explorerTransactionUrl, type ExplorerTemplates } from './explorers.ts';
import { ChainError } from './errors.ts';
import { CHAINS, type NetworkDefinition } from './networks.ts';
import type { BroadcastStore, StoredBroadcast } from './utxo/broadcast-store.ts';
import type { BlockOutput, ScannedBlock } from './utxo/node-reads.ts';
import type { BlockScanner } from './utxo/rpc-adapter.ts';

export abstract class NodeAdapterBase {
  readonly network: NetworkDefinition;
  readonly explorer: ExplorerTemplates;
  /** Addresses whose incoming transfers are customers' deposits. */
  protected readonly watched = new Set<string>();
  /** How the deposit scanner reads this chain: by height, with hashes to detect reorganisations. */
  abstract readonly scanner: BlockScanner;

  /** Holds the hot wallet's key (in this process, or the signer process's client). */
  protected readonly signer: Signer;
  protected readonly deriver: AddressDeriver;
  /** Every signed withdrawal, stored before the node sees it. */
  readonly #store: BroadcastStore;
  /** One withdrawal is signed at a time in this process (coins, nonces, sequences are chosen under it). */
  #exclusive: Promise<unknown> = Promise.resolve();

  constructor(options: {
    readonly network: NetworkDefinition;
    readonly signer: Signer;
    readonly deriver: AddressDeriver;
    readonly store: BroadcastStore;
  }) {
    this.network = options.network;
    this.explorer = explorerFor(options.network.id);
    this.signer = options.signer;
    this.deriver = options.deriver;
    this.#store = options.store;
  }

  /** Where withdrawals are paid from (on EVM chains, the gas of token withdrawals too). */
  hotWalletAddress(): string {
    return this.signer.addressFor(this.network.id);
  }

  deriveAddress(index: number): DepositAddress {
    return this.deriver.derive(this.network.id, index);
  }

  watchAddress(address: string): void {
    this.watched.add(address);
  }

  subscribe(listener: ChainEventListener): () => void {
    void listener;
    return () => undefined;
  }

  transactionUrl(txid: string): string {
    return explorerTransactionUrl(this.network.id, txid);
  }

  addressUrl(address: string): string {
    return explorerAddressUrl(this.network.id, address);
  }

  /**
   * Signs the withdrawal once and stores the signed bytes before the node sees them (`signOnce`, each
   * chain's rules), then sends them (`send`); a retry sends the stored bytes again. No chain read
   * through a node replaces a sent withdrawal yet.
   */
  async broadcast(request: WithdrawalRequest): Promise<BroadcastResult> {
    if (request.replaces !== undefined) {
      throw new ChainError('replacement_is_not_supported', `${this.network.name} withdrawals cannot be replaced`);
    }
    const stored = await this.signOnce(request);
    await this.send(stored);
    return { txid: stored.txid, fee: stored.fee, feeAsset: this.feeAsset(), status: 'pending' };
  }

  /** The stored signed transaction of this withdrawal, or one signed and stored now. */
  protected abstract signOnce(request: WithdrawalRequest): Promise<StoredBroadcast>;

  /**
   * Under this adapter's lock: the transaction stored for the withdrawal (refused when it was stored
   * for other details), else one `chain.sign` makes and stores; also made anew, replacing the stored
   * one, where that one can never be included (`chain.expired`: XRP and Solana transactions expire).
   */
  protected storedOrSigned(
    request: WithdrawalRequest,
    fingerprint: string,
    chain: {
      sign(replacing: StoredBroadcast | null): Promise<StoredBroadcast>;
      expired?(stored: StoredBroadcast): Promise<boolean>;
    },
  ): Promise<StoredBroadcast> {
    return this.exclusively(async () => {
      const existing = await this.#store.find(this.network.id, request.id);
      const expired = existing?.fingerprint === fingerprint && (await chain.expired?.(existing)) === true;
      // A store that signs under its own lock (EVM nonces) may answer another process's record: checked too.
      const stored = existing === null || expired ? await chain.sign(existing) : existing;
      if (stored.fingerprint !== fingerprint) {
        throw new ChainError(
          'broadcast_id_reused_with_different_request',
          `Withdrawal ${request.id} was already broadcast with other details`,
        );
      }
      return stored;
    });
  }

  /** Runs `task` under this adapter's lock: one signing step (withdrawal, sweep) at a time. */
  protected exclusively<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#exclusive.then(task);
    this.#exclusive = run.catch(() => undefined);
    return run;
  }

  /** Hands a stored transaction to the node; "already known" counts as sent. */
  protected abstract send(stored: StoredBroadcast): Promise<void>;

  /**
   * The payments to watched addresses in blocks `first` to `last`, in order, stopping at the first
   * block the node does not have yet; `transfer` makes each a deposit (or null: not this network's).
   */
  protected async watchedTransfers(
    heights: { readonly first: number; readonly last: number },
    transfer: (output: BlockOutput, block: ScannedBlock) => ChainTransaction | null,
  ): Promise<ChainTransaction[]> {
    const transfers: ChainTransaction[] = [];
    for (let height = heights.first; height <= heights.last; height += 1) {
      const block = await this.scanner.block(height);
      if (!block) break;
      for (const output of block.outputs) {
        const made = this.watched.has(output.address) ? transfer(output, block) : null;
        if (made) transfers.push(made);
      }
    }
    return transfers;
  }

  /** What the chain's fees are paid in: its native coin (ETH for the ERC-20 tokens too). */
  protected feeAsset(): ChainTransaction['feeAsset'] {
    return CHAINS[this.network.chain].nativeAsset;
  }

  /** A deposit output as the wallets module records it, `confirmations` deep in its block. */
  incomingTransfer(
    output: BlockOutput,
    block: { readonly height: number; readonly hash: string; readonly confirmations: number },
  ): ChainTransaction {
    const required = this.network.confirmations;
    return {
      txid: output.txid,
      outputIndex: output.outputIndex,
      network: this.network.id,
      from: '',
      to: output.address,
      amount: output.amount,
      fee: 0n,
      feeAsset: this.feeAsset(),
      status: block.confirmations >= required ? 'confirmed' : 'confirming',
      confirmations: block.confirmations,
      requiredConfirmations: required,
      blockHeight: block.height,
      blockHash: block.hash,
    };
  }
}
