// The devnet's ChainAdapter for one network: a view of its DevnetChain filtered to the network's
// asset, with the same derivation, validation and explorer links a live adapter would have.
import type {
  BroadcastResult,
  ChainAdapter,
  ChainEvent,
  ChainEventListener,
  ChainTransaction,
  FeeEstimate,
  FeePriority,
  Signer,
  SweepResult,
  UnsignedTransaction,
  WithdrawalRequest,
} from '../adapter.ts';
import type { AddressDeriver, DepositAddress } from '../derive.ts';
import { ChainError } from '../errors.ts';
import { explorerAddressUrl, explorerFor, explorerTransactionUrl, type ExplorerTemplates } from '../explorers.ts';
import type { NetworkDefinition } from '../networks.ts';
import { validateAddress, type AddressValidation, type ValidateAddressOptions } from '../validate.ts';
import { REPLACEMENT_BUMP_PERCENT, type DevnetChain, type DevnetChainEvent } from './chain.ts';
import { toChainTransaction, type BroadcastTag, type TxRecord } from './records.ts';

export interface DevnetAdapterOptions {
  readonly network: NetworkDefinition;
  readonly chain: DevnetChain;
  readonly deriver: AddressDeriver;
  readonly signer: Signer;
  /** XRP addresses that demand a destination tag (exchanges' omnibus accounts, Rora's own). */
  readonly taggedAddresses: ReadonlySet<string>;
}

export class DevnetAdapter implements ChainAdapter {
  readonly network: NetworkDefinition;
  readonly explorer: ExplorerTemplates;
  readonly #chain: DevnetChain;
  readonly #deriver: AddressDeriver;
  readonly #signer: Signer;
  readonly #taggedAddresses: ReadonlySet<string>;
  readonly #watched = new Set<string>();

  constructor(options: DevnetAdapterOptions) {
    this.network = options.network;
    this.explorer = explorerFor(options.network.id);
    this.#chain = options.chain;
    this.#deriver = options.deriver;
    this.#signer = options.signer;
    this.#taggedAddresses = options.taggedAddresses;
  }

  deriveAddress(index: number): DepositAddress {
    return this.#deriver.derive(this.network.id, index);
  }

  async validateAddress(address: string, options: ValidateAddressOptions = {}): Promise<AddressValidation> {
    const required = options.destinationTagRequired ?? this.#taggedAddresses.has(address.trim());
    return validateAddress(this.network, address, { ...options, destinationTagRequired: required });
  }

  hotWalletAddress(): string {
    return this.#signer.addressFor(this.network.id);
  }

  async balancesOf(addresses: readonly string[]): Promise<ReadonlyMap<string, bigint>> {
    return new Map(addresses.map((address) => [address, this.#chain.balances.balanceOf(this.network.asset, address)]));
  }

  async estimateFee(request: { readonly amount: bigint; readonly priority: FeePriority }): Promise<FeeEstimate> {
    assertPositive(request.amount);
    // A read-only copy quotes its owner's current market, not the one it read at start (ADR 0082).
    await this.#chain.freshMarket();
    return this.#chain.estimate(this.network.id, request.priority);
  }

  /** Everything at a watched deposit address to the hot wallet, once per id (ADR 0044). */
  sweep(request: { readonly id: string; readonly from: string; readonly priority: FeePriority }): Promise<SweepResult> {
    const key = `${this.network.id}:sweep:${request.id}`;
    const existing = this.#chain.withdrawals.get(key);
    if (existing) return existing.result as Promise<SweepResult>;
    const tag = { key, fingerprint: request.from, sweep: true };
    const result = this.#chain.exclusive(() => this.#sweepOnce(request, tag));
    const entry = { fingerprint: request.from, result };
    this.#chain.withdrawals.set(key, entry);
    result.catch(() => {
      if (this.#chain.withdrawals.get(key) === entry) this.#chain.withdrawals.delete(key);
    });
    return result;
  }

  broadcast(request: WithdrawalRequest): Promise<BroadcastResult> {
    const key = `${this.network.id}:${request.id}`;
    const fingerprint = JSON.stringify([
      request.to,
      String(request.amount),
      request.destinationTag ?? null,
      request.priority,
      request.replaces ?? null,
    ]);
    const existing = this.#chain.withdrawals.get(key);
    if (existing) {
      if (existing.fingerprint !== fingerprint) {
        return Promise.reject(
          new ChainError(
            'broadcast_id_reused_with_different_request',
            `Withdrawal ${request.id} was already broadcast with other details`,
          ),
        );
      }
      return existing.result;
    }
    const result = this.#chain.exclusive(() => this.#broadcastOnce(request, { key, fingerprint, sweep: false }));
    const entry = { fingerprint, result };
    this.#chain.withdrawals.set(key, entry);
    // A request refused before it reached the chain may be retried with the same id.
    result.catch(() => {
      if (this.#chain.withdrawals.get(key) === entry) this.#chain.withdrawals.delete(key);
    });
    return result;
  }

  async getTransaction(txid: string): Promise<ChainTransaction | null> {
    const record = this.#chain.record(txid);
    return record && record.network === this.network.id ? toChainTransaction(record, this.#chain.height) : null;
  }

  async getBlockHeight(): Promise<number> {
    return this.#chain.height;
  }

  async listIncomingTransfers(range: {
    readonly fromHeight: number;
    readonly toHeight?: number;
  }): Promise<readonly ChainTransaction[]> {
    const last = Math.min(range.toHeight ?? this.#chain.height, this.#chain.height);
    const transfers: ChainTransaction[] = [];
    for (let height = Math.max(0, range.fromHeight); height <= last; height += 1) {
      for (const txid of this.#chain.block(height)?.txids ?? []) {
        const record = this.#chain.record(txid) as TxRecord;
        if (record.state === 'included' && this.#isIncoming(record))
          transfers.push(toChainTransaction(record, this.#chain.height));
      }
    }
    return transfers;
  }

  /** Watches a deposit address; one not watched before has the chain's past transfers to it reported again. */
  watchAddress(address: string): void {
    if (this.#watched.has(address)) return;
    this.#watched.add(address);
    this.#chain.reportTransfersTo(this.network.id, address);
  }

  /** Reports again the chain's transfers to every watched address (a devnet rebuilt by a takeover). */
  reportWatched(): void {
    for (const address of this.#watched) this.#chain.reportTransfersTo(this.network.id, address);
  }

  subscribe(listener: ChainEventListener): () => void {
    return this.#chain.subscribe((event) => {
      for (const out of this.#translate(event)) listener(out);
    });
  }

  transactionUrl(txid: string): string {
    return explorerTransactionUrl(this.network.id, txid);
  }

  addressUrl(address: string): string {
    return explorerAddressUrl(this.network.id, address);
  }

  #replaced(txid: string): TxRecord | undefined {
    if (this.#chain.definition.addressFormat !== 'evm') {
      throw new ChainError(
        'replacement_is_not_supported',
        `${this.#chain.definition.name} withdrawals cannot be replaced`,
      );
    }
    const record = this.#chain.record(txid);
    if (!record || record.network !== this.network.id) {
      throw new ChainError('transaction_is_not_replaceable', `No ${this.network.name} withdrawal ${txid} to replace`);
    }
    return record;
  }

  /** A transfer to a customer's address; not the hot wallet's own gas top-up of a deposit address. */
  #isIncoming(record: TxRecord): boolean {
    const fromHot = record.from === this.#signer.addressFor(this.network.id);
    return record.network === this.network.id && this.#watched.has(record.to) && !fromHot;
  }

  async #sweepOnce(
    request: { readonly id: string; readonly from: string; readonly priority: FeePriority },
    tag: BroadcastTag,
  ) {
    // A retired owner refuses before it looks at anything of its stale memory (ADR 0083).
    this.#chain.assertRunHere();
    const { from } = request;
    if (!this.#watched.has(from)) {
      throw new ChainError('sweep_source_is_not_a_deposit_address', `${from} is not a deposit address of Rora's`);
    }
    const estimate = this.#chain.estimate(this.network.id, request.priority);
    const fee = estimate.feeRate * estimate.units;
    const native = this.#chain.definition.nativeAsset;
    const balance = this.#chain.balances.spendable(this.network.asset, from);
    const amount = this.network.token ? balance : balance - fee;
    if (amount <= 0n) throw new ChainError('sweep_amount_does_not_cover_fee', `${from} holds less than the fee`);
    if (this.network.token && this.#chain.balances.spendable(native, from) < fee) {
      throw new ChainError('sweep_needs_gas', `${from} needs ${fee} of ${native} to pay for its sweep`);
    }
    const evm = this.#chain.definition.addressFormat === 'evm';
    this.#chain.holdDepositAddress(from);
    const signed = await this.#signer.sign({
      network: this.network.id,
      id: request.id,
      from,
      to: this.hotWalletAddress(),
      amount,
      ...(this.network.token ? { contract: this.network.token.contract } : {}),
      ...(evm ? { nonce: this.#chain.nextNonce(from) } : {}),
      feeRate: estimate.feeRate,
      feeUnits: estimate.units,
    });
    const record = this.#chain.submitSigned(signed, undefined, tag);
    // Answered once the chain's journal holds it: a restart then still knows the transaction.
    await this.#chain.durable();
    return { txid: record.txid, fee: record.fee, feeAsset: record.feeAsset, status: 'pending' as const, amount };
  }

  #translate(event: DevnetChainEvent): ChainEvent[] {
    if (event.kind === 'block') return [{ type: 'block', network: this.network.id, block: event.block }];
    const { record } = event;
    if (record.network !== this.network.id) return [];
    const transaction = toChainTransaction(record, event.height);
    const events: ChainEvent[] = [];
    if (this.#isIncoming(record))
      events.push({ type: 'transfer', network: this.network.id, direction: 'incoming', transaction });
    if (record.withdrawalId !== undefined)
      events.push({ type: 'transfer', network: this.network.id, direction: 'outgoing', transaction });
    return events;
  }

  async #broadcastOnce(request: WithdrawalRequest, tag: BroadcastTag): Promise<BroadcastResult> {
    // A retired owner refuses first: its stale balances must not answer `hot_wallet_short` (ADR 0083).
    this.#chain.assertRunHere();
    assertPositive(request.amount);
    const validation = await this.validateAddress(
      request.to,
      request.destinationTag === undefined ? {} : { destinationTag: request.destinationTag },
    );
    if (!validation.ok) throw new ChainError(validation.code, validation.message);
    const from = this.#signer.addressFor(this.network.id);
    const replaced = request.replaces === undefined ? undefined : this.#replaced(request.replaces);
    if (replaced) assertSameTransfer(replaced, validation, request.amount);
    const estimate = this.#chain.estimate(this.network.id, request.priority);
    // A replacement pays at least the bump the chain demands over the transaction it replaces.
    const bumped = replaced ? ceilDiv(replaced.feeRate * REPLACEMENT_BUMP_PERCENT, 100n) : 0n;
    const feeRate = bumped > estimate.feeRate ? bumped : estimate.feeRate;
    const evm = this.#chain.definition.addressFormat === 'evm';
    const unsigned: UnsignedTransaction = {
      network: this.network.id,
      id: request.id,
      from,
      to: validation.address,
      amount: request.amount,
      ...(validation.destinationTag === undefined ? {} : { destinationTag: validation.destinationTag }),
      ...(this.network.token ? { contract: this.network.token.contract } : {}),
      ...(evm ? { nonce: replaced?.nonce ?? this.#chain.nextNonce(from) } : {}),
      feeRate,
      feeUnits: estimate.units,
    };
    this.#chain.assertSpendable(this.network.id, from, { amount: request.amount, fee: feeRate * estimate.units });
    const signed = await this.#signer.sign(unsigned);
    const record = this.#chain.submitSigned(signed, request.replaces, tag);
    await this.#chain.durable();
    return { txid: record.txid, fee: record.fee, feeAsset: record.feeAsset, status: 'pending' };
  }
}

function assertPositive(amount: bigint): void {
  if (typeof amount !== 'bigint' || amount <= 0n) {
    throw new ChainError('amount_must_be_positive', 'An amount must be a positive number of minor units');
  }
}

/** A replacement speeds a withdrawal up; it never redirects it or changes the amount. */
function assertSameTransfer(old: TxRecord, validation: Extract<AddressValidation, { ok: true }>, amount: bigint): void {
  if (old.to !== validation.address || old.amount !== amount || old.destinationTag !== validation.destinationTag) {
    throw new ChainError(
      'transaction_is_not_replaceable',
      'A replacement must pay the same amount to the same address',
    );
  }
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}
