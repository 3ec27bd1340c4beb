// One simulated blockchain: a mempool, blocks, balances, nonces and a fee market. Networks on the same
// chain (ETH and its ERC-20 tokens) share one DevnetChain, as they share one real chain. Everything is
// in memory and deterministic for a given seed and sequence of calls; with a journal, each change is
// also written out in batches and a restart restores the chain from them (`restore`, ADR 0048).
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { BroadcastResult, ChainBlock, FeeEstimate, FeePriority, SignedTransaction } from '../adapter.ts';
import { ChainError } from '../errors.ts';
import { CHAINS, NETWORKS, type ChainDefinition, type ChainId, type NetworkId } from '../networks.ts';
import { Balances, covers, releaseSpend, reserveSpend } from './balances.ts';
import { FeeMarket, type FeeMarketParams } from './fee-market.ts';
import type { FailureRule } from './failures.ts';
import { ChainJournal } from './journal.ts';
import { Mempool } from './mempool.ts';
import type { Random } from './random.ts';
import { confirmationsOf, statusOf, type BroadcastTag, type TxRecord } from './records.ts';
import {
  broadcastAnswer,
  replay,
  type DevnetChainState,
  type DevnetJournal,
  type DevnetMarket,
  type DevnetSnapshot,
} from './snapshot.ts';
import type { DevnetSigner } from './signer.ts';
import type { Clock } from './time.ts';
import { txidFor } from './txid.ts';

export interface DevnetChainParams extends FeeMarketParams {
  readonly blockIntervalMs: number;
  /** Other people's transactions per block on average: they fill blocks and move the fee market. */
  readonly trafficPerBlock: number;
}

export interface DevnetChainOptions {
  readonly chain: ChainId;
  readonly params: DevnetChainParams;
  readonly clock: Clock;
  readonly random: Random;
  readonly signer: DevnetSigner;
  readonly failureRule: FailureRule;
  /** Chance in [0, 1] that any other transaction fails, drawn from the seeded generator. */
  readonly failureProbability: number;
  /** Blocks kept for `block()`; transactions are kept for good. */
  readonly retainBlocks: number;
}

/**
 * A transaction event carries the record as it was and the height it was reported at: with a journal,
 * listeners hear of it only after its batch is written, and must not see later changes through it.
 */
export type DevnetChainEvent =
  | { readonly kind: 'block'; readonly block: ChainBlock }
  | { readonly kind: 'transaction'; readonly record: TxRecord; readonly height: number };

interface Outcome {
  readonly height: number;
  readonly hash: string;
  readonly failure: string | null;
}

/** How old a read-only copy's view of its owner's fee market may be when it estimates a fee. */
export const MARKET_READ_MS = 1_000;

/** Geth's rule: a replacement pays at least 10 % more per unit of gas. */
export const REPLACEMENT_BUMP_PERCENT = 110n;
const GENESIS_HASH = '0'.repeat(64);

export class DevnetChain {
  readonly definition: ChainDefinition;
  readonly params: DevnetChainParams;
  /** Broadcasts by network and idempotency id, shared by every adapter of this chain. */
  readonly withdrawals = new Map<string, { readonly fingerprint: string; readonly result: Promise<BroadcastResult> }>();
  readonly #options: DevnetChainOptions;
  readonly #genesis: ChainBlock;
  #balances = new Balances();
  #market: FeeMarket;
  #mempool = new Mempool();
  readonly #records = new Map<string, TxRecord>();
  readonly #blocks = new Map<number, ChainBlock>();
  readonly #nextNonce = new Map<string, number>();
  readonly #minedNonce = new Map<string, number>();
  /** Transactions not yet final, with the status last reported, so each change is reported once. */
  readonly #tracking = new Map<string, string>();
  /** Every record by the address it pays, so a newly watched address hears of its past (`reportTransfersTo`). */
  readonly #byRecipient = new Map<string, TxRecord[]>();
  readonly #listeners = new Set<(event: DevnetChainEvent) => void>();
  /** Where each change is written (`keep`); without one the chain lives in memory only. */
  #journal: ChainJournal<DevnetChainEvent> | undefined;
  /** Why this copy refuses every change: another process runs the devnet now (`retire`, ADR 0083). */
  #refusal: Error | undefined;
  /** A retired owner's memory, not yet `reset`: never all written, so it tells no listener anything. */
  #retiredMemory = false;
  /** A read-only copy's source of its owner's fee market (`followMarket`); none where the chain is run. */
  #marketSource: (() => Promise<DevnetMarket | null>) | undefined;
  #marketReadAt = Number.NEGATIVE_INFINITY;
  #marketReading: Promise<void> | undefined;
  #height = 0;
  #seq = 0;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: DevnetChainOptions) {
    this.#options = options;
    this.definition = CHAINS[options.chain];
    this.params = options.params;
    this.#market = new FeeMarket(options.params);
    const genesis = { height: 0, hash: GENESIS_HASH, previousHash: GENESIS_HASH, txids: [] };
    this.#genesis = { chain: options.chain, ...genesis, time: options.clock.now().getTime() };
    this.#blocks.set(0, this.#genesis);
  }

  /** Balances on the chain, with what pending transactions will spend reserved. */
  get balances(): Balances {
    return this.#balances;
  }

  /**
   * Forgets everything since genesis, the genesis funding included, so that `restore` may rebuild
   * the chain afresh: a read-only copy that takes the devnet over (ADR 0082). Listeners stay.
   */
  reset(): void {
    if (this.#journal) throw new Error('A devnet chain that keeps a journal is not reset');
    this.#balances = new Balances();
    this.#market = new FeeMarket(this.params);
    this.#mempool = new Mempool();
    for (const map of [this.withdrawals, this.#records, this.#byRecipient, this.#blocks, this.#tracking]) map.clear();
    this.#nextNonce.clear();
    this.#minedNonce.clear();
    this.#marketSource = undefined;
    this.#retiredMemory = false;
    this.#blocks.set(0, this.#genesis);
    this.#height = 0;
    this.#seq = 0;
  }

  /** From now on every change is written to `journal`, and events wait for their batch. */
  keep(journal: DevnetJournal): void {
    if (this.#journal) throw new Error('A devnet chain keeps one journal');
    this.#refusal = undefined;
    this.#retiredMemory = false;
    this.#journal = new ChainJournal<DevnetChainEvent>({
      journal,
      chain: this.definition.id,
      state: () => this.#stateNow(),
      dispatch: (event) => this.#dispatch(event),
      keepFrom: () => Math.max(0, this.#height - this.#options.retainBlocks + 1),
    });
    this.#journal.block(this.#blocks.get(0) as ChainBlock);
    void this.durable();
  }

  /** Resolves once every change so far is written to the journal (at once without one). */
  durable(): Promise<void> {
    return this.#journal?.commit() ?? Promise.resolve();
  }

  /** Stops writing: a batch still failing is given up (the next start restores the last one written). */
  closeJournal(): void {
    this.#journal?.close();
  }

  /**
   * Another process writes the devnet now (ADR 0083): the journal is given up, what waits on its
   * batches (a broadcast's answer, `durable`) fails with `refusal` and their events are dropped, and
   * from now on every change (a broadcast, a deposit, a block) is refused with it, until `keep`. The
   * chain may then be `reset` and restored from the tables as a read-only copy.
   */
  retire(refusal: Error): void {
    this.#refusal = refusal;
    this.#retiredMemory = true;
    this.#journal?.abandon(refusal);
    this.#journal = undefined;
  }

  /** Puts back the chain its journal held; only on a chain that has not changed since it was made. */
  restore(snapshot: DevnetSnapshot): void {
    if (this.#height !== 0 || this.#records.size > 0) throw new Error('A devnet chain is restored before any change');
    const { state } = snapshot;
    this.#height = state.height;
    this.#seq = state.seq;
    this.#market.restore(state.baseMilli);
    this.#options.random.restore(state.random);
    this.#mempool.restoreBackground(state.background);
    for (const block of snapshot.blocks) this.#blocks.set(block.height, block);
    for (const record of snapshot.records) this.#index({ ...record });
    const records = [...this.#records.values()];
    const replayed = replay(records, this.balances);
    for (const [from, nonce] of replayed.nextNonce) this.#nextNonce.set(from, nonce);
    for (const [from, nonce] of replayed.minedNonce) this.#minedNonce.set(from, nonce);
    for (const record of replayed.pending) this.#mempool.add(record);
    const hot = new Set(records.map((record) => this.#options.signer.addressFor(record.network)));
    for (const from of replayed.spenders) if (!hot.has(from)) this.holdDepositAddress(from);
    for (const record of records) {
      const status = statusOf(record, this.#height);
      // Reported again on the next block: a listener of this process has not heard of it yet.
      if (status === 'pending' || status === 'confirming') this.#tracking.set(record.txid, '');
      if (record.broadcast) {
        const { key, fingerprint } = record.broadcast;
        this.withdrawals.set(key, { fingerprint, result: Promise.resolve(broadcastAnswer(record)) });
      }
    }
  }

  get height(): number {
    return this.#height;
  }

  get baseRate(): bigint {
    return this.#market.baseRate;
  }

  /** Waiting transactions, ours and background. */
  get mempoolSize(): number {
    return this.#mempool.size;
  }

  /** Runs `task` after every task queued before it: one sender, one nonce sequence, no races. */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(task, task);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  subscribe(listener: (event: DevnetChainEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Makes this chain, a read-only copy that never mines, estimate fees from its owner's market as
   * `source` reads it (the journal's tables), read again when older than `MARKET_READ_MS` (ADR 0082).
   */
  followMarket(source: () => Promise<DevnetMarket | null>): void {
    this.#marketSource = source;
    this.#marketReadAt = Number.NEGATIVE_INFINITY;
  }

  /** Brings a following copy's fee market up to its owner's, if its view is older than a second. */
  freshMarket(): Promise<void> {
    const source = this.#marketSource;
    const now = this.#options.clock.now().getTime();
    if (!source || now - this.#marketReadAt < MARKET_READ_MS) return this.#marketReading ?? Promise.resolve();
    this.#marketReading ??= (async () => {
      const market = await source();
      if (this.#marketSource !== source) return;
      if (market) {
        this.#market.restore(market.baseMilli);
        this.#mempool = new Mempool();
        this.#mempool.restoreBackground(market.waiting);
      }
      this.#marketReadAt = now;
    })().finally(() => (this.#marketReading = undefined));
    return this.#marketReading;
  }

  estimate(network: NetworkId, priority: FeePriority): FeeEstimate {
    const { rate, blocks } = this.#market.estimate(this.#mempool.rates())[priority];
    const units = NETWORKS[network].transferUnits;
    const feeAsset = this.definition.nativeAsset;
    return { network, priority, feeAsset, fee: rate * units, feeRate: rate, units, expectedBlocks: blocks };
  }

  /** The nonce the sender's next new transaction takes (EVM chains). */
  nextNonce(from: string): number {
    return this.#nextNonce.get(from) ?? 0;
  }

  record(txid: string): TxRecord | undefined {
    return this.#records.get(txid);
  }

  block(height: number): ChainBlock | undefined {
    return this.#blocks.get(height);
  }

  /**
   * Reports again every transaction of `network` to `address` the chain holds, final ones included,
   * as it stands now: an address watched late (created by another process, ADR 0082) still has the
   * deposits made to it before heard of. Listeners take each report idempotently (once per txid).
   */
  reportTransfersTo(network: NetworkId, address: string): void {
    const records = (this.#byRecipient.get(address) ?? []).filter((record) => record.network === network);
    if (records.length === 0) return;
    for (const record of records) this.#emit({ kind: 'transaction', record: { ...record }, height: this.#height });
    void this.durable();
  }

  /** A deposit address of the devnet's own keys: sweeps may spend from it. */
  holdDepositAddress(address: string): void {
    this.#options.signer.holdDepositAddress(address);
  }

  /** Refuses a spend the sender cannot cover once its pending transactions are paid. */
  assertSpendable(network: NetworkId, from: string, spend: { readonly amount: bigint; readonly fee: bigint }): void {
    const { asset, name } = NETWORKS[network];
    if (!covers(this.balances, { ...spend, asset, feeAsset: this.definition.nativeAsset, from })) {
      throw new ChainError(
        'hot_wallet_balance_is_insufficient',
        `The ${name} hot wallet cannot cover this and its fee`,
      );
    }
  }

  /** Accepts a signed withdrawal into the mempool; `replaces` names the pending transaction it supersedes. */
  submitSigned(signed: SignedTransaction, replaces?: string, broadcast?: BroadcastTag): TxRecord {
    this.assertRunHere();
    const tx = this.#options.signer.verify(signed);
    const existing = this.#records.get(signed.txid);
    if (existing) return existing;
    const fee = tx.feeRate * tx.feeUnits;
    const old = replaces === undefined ? undefined : this.#replaceable(replaces, tx.nonce, tx.feeRate);
    if (old) releaseSpend(this.balances, old);
    try {
      this.assertSpendable(tx.network, tx.from, { amount: tx.amount, fee });
    } catch (error) {
      if (old) reserveSpend(this.balances, old);
      throw error;
    }
    if (this.definition.addressFormat === 'evm') this.#takeNonce(tx.from, tx.nonce, old);
    const tag = broadcast ? { broadcast } : {};
    const record = this.#add({ ...tx, txid: signed.txid, fee, external: false, withdrawalId: tx.id, ...tag });
    reserveSpend(this.balances, record);
    if (old) {
      old.state = 'replaced';
      old.replacedBy = record.txid;
      this.#mempool.remove(old.txid);
      this.#journal?.touch(old);
      this.#report(old);
    }
    void this.durable();
    return record;
  }

  /** A transfer from the outside world to `to`, paying the current normal fee (the devnet faucet). */
  submitExternal(
    transfer: {
      readonly network: NetworkId;
      readonly to: string;
      readonly amount: bigint;
      readonly destinationTag?: number;
    },
    priority: FeePriority = 'normal',
  ): TxRecord {
    this.assertRunHere();
    const { network, to, amount } = transfer;
    const payload = `external:${network}:${this.#seq}:${to}:${transfer.destinationTag ?? ''}:${amount}`;
    const { feeRate, fee } = this.estimate(network, priority);
    const txid = txidFor(this.definition.id, utf8ToBytes(payload));
    const record = this.#add({
      ...transfer,
      from: `external:${this.definition.id}`,
      txid,
      feeRate,
      fee,
      external: true,
    });
    void this.durable();
    return record;
  }

  mineBlock(): ChainBlock {
    this.assertRunHere();
    const height = this.#height + 1;
    const evm = this.definition.addressFormat === 'evm';
    const minRate = evm ? this.#market.baseRate : this.params.floorRate;
    const nextNonce = (from: string): number => this.#minedNonce.get(from) ?? 0;
    const picked = this.#mempool.takeBlock({ capacity: this.params.capacity, minRate, nextNonce });
    const ours = picked.flatMap((entry) => (entry.record ? [entry.record] : []));
    const failures = ours.map((record) => this.#failureOf(record));
    // A failed UTXO transaction never enters a block; a failed account transaction does, and pays its fee.
    const dropsFailures = this.definition.model === 'utxo';
    const txids = ours.filter((_, i) => !(failures[i] && dropsFailures)).map((record) => record.txid);
    const previous = this.#blocks.get(this.#height) as ChainBlock;
    const hash = bytesToHex(sha256(utf8ToBytes(`${previous.hash}:${height}:${txids.join(',')}`)));
    ours.forEach((record, i) => this.#settle(record, { height, hash, failure: failures[i] ?? null }));
    for (const record of ours) this.#journal?.touch(record);
    this.#market.afterBlock(picked.length + this.#mempool.eligibleCount(minRate));
    const nextSeq = (): number => this.#seq++;
    const { random } = this.#options;
    this.#mempool.addTraffic({ random, market: this.#market, perBlock: this.params.trafficPerBlock, height, nextSeq });
    const time = this.#options.clock.now().getTime();
    const block: ChainBlock = { chain: this.definition.id, height, hash, previousHash: previous.hash, time, txids };
    this.#blocks.set(height, block);
    this.#blocks.delete(height - this.#options.retainBlocks);
    this.#height = height;
    this.#journal?.block(block);
    this.#emit({ kind: 'block', block });
    for (const txid of [...this.#tracking.keys()]) this.#report(this.#records.get(txid) as TxRecord);
    void this.durable();
    return block;
  }

  /** Throws the refusal of a retired owner (`retire`): another process runs the devnet now. */
  assertRunHere(): void {
    if (this.#refusal) throw this.#refusal;
  }

  #add(fields: Omit<TxRecord, 'seq' | 'state' | 'feePaid' | 'asset' | 'feeAsset'>): TxRecord {
    const asset = NETWORKS[fields.network].asset;
    const feeAsset = this.definition.nativeAsset;
    const record: TxRecord = { ...fields, asset, feeAsset, seq: this.#seq++, state: 'pending', feePaid: 0n };
    this.#index(record);
    this.#journal?.touch(record);
    this.#mempool.add(record);
    this.#report(record);
    return record;
  }

  #index(record: TxRecord): void {
    this.#records.set(record.txid, record);
    const paid = this.#byRecipient.get(record.to);
    if (paid) paid.push(record);
    else this.#byRecipient.set(record.to, [record]);
  }

  #replaceable(txid: string, nonce: number | undefined, feeRate: bigint): TxRecord {
    if (this.definition.addressFormat !== 'evm') {
      throw new ChainError('replacement_is_not_supported', `${this.definition.name} transactions are not replaced`);
    }
    const old = this.#records.get(txid);
    if (!old || old.external || old.state !== 'pending' || old.nonce === undefined || old.nonce !== nonce) {
      throw new ChainError('transaction_is_not_replaceable', 'Only a pending withdrawal can be replaced, same nonce');
    }
    if (feeRate * 100n < old.feeRate * REPLACEMENT_BUMP_PERCENT) {
      throw new ChainError('replacement_fee_is_too_low', 'A replacement must pay at least 10% more per unit');
    }
    return old;
  }

  #takeNonce(from: string, nonce: number | undefined, old: TxRecord | undefined): void {
    const expected = old?.nonce ?? this.nextNonce(from);
    if (nonce !== expected) throw new Error(`Devnet nonce ${String(nonce)} is not the expected ${expected}`);
    if (!old) this.#nextNonce.set(from, expected + 1);
  }

  #failureOf(record: TxRecord): string | null {
    const { network, amount, to, external } = record;
    const ruled = this.#options.failureRule({ network, amount, to, external });
    if (ruled) return ruled;
    const { failureProbability, random } = this.#options;
    return failureProbability > 0 && random.next() < failureProbability ? 'simulated_random_failure' : null;
  }

  #settle(record: TxRecord, outcome: Outcome): void {
    this.#mempool.remove(record.txid);
    if (!record.external) releaseSpend(this.balances, record);
    if (outcome.failure) record.failureReason = outcome.failure;
    if (outcome.failure && this.definition.model === 'utxo') {
      record.state = 'failed';
      return;
    }
    record.blockHeight = outcome.height;
    record.blockHash = outcome.hash;
    record.feePaid = record.fee;
    record.state = outcome.failure ? 'failed' : 'included';
    if (record.nonce !== undefined) this.#minedNonce.set(record.from, record.nonce + 1);
    if (!record.external) this.balances.debit(record.feeAsset, record.from, record.fee);
    if (outcome.failure) return;
    if (!record.external) this.balances.debit(record.asset, record.from, record.amount);
    this.balances.credit(record.asset, record.to, record.amount);
  }

  /** Tells listeners about a transaction whose status or confirmations changed; stops once it is final. */
  #report(record: TxRecord): void {
    const status = statusOf(record, this.#height);
    const stamp = `${status}:${confirmationsOf(record, this.#height)}`;
    if (this.#tracking.get(record.txid) === stamp) return;
    if (status === 'pending' || status === 'confirming') this.#tracking.set(record.txid, stamp);
    else this.#tracking.delete(record.txid);
    this.#emit({ kind: 'transaction', record: { ...record }, height: this.#height });
  }

  #stateNow(): DevnetChainState {
    return {
      height: this.#height,
      seq: this.#seq,
      baseMilli: this.#market.baseMilli,
      random: this.#options.random.state(),
      background: this.#mempool.background().map((entry) => ({ ...entry })),
    };
  }

  /** With a journal, an event waits until its batch is written; a retired owner's memory tells nothing. */
  #emit(event: DevnetChainEvent): void {
    if (this.#journal) this.#journal.event(event);
    else if (!this.#retiredMemory) this.#dispatch(event);
  }

  #dispatch(event: DevnetChainEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (error) {
        // A listener's bug must not leave the chain half-updated; it still surfaces as an uncaught error.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}
