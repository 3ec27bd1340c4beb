// The ChainAdapter for Bitcoin and Litecoin over a node's JSON-RPC (Bitcoin Core, litecoind). Reads
// blocks and transactions from the node; estimates fees with `estimatesmartfee`; pays withdrawals
// from one hot wallet address whose coins the node tracks in a watch-only wallet (`listunspent`),
// chooses the coins here, has the Signer sign exactly that, stores the signed bytes durably, then
// `sendrawtransaction`. Deposits are found by the deposit scanner (`scanner`), which walks blocks by
// height with a cursor in PostgreSQL; this adapter pushes no events.
import { bech32 } from '@scure/base';
import { Address, OutScript } from '@scure/btc-signer';
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
import { parseBitcoinAddress } from '../codecs/bitcoin.ts';
import type { AddressDeriver, DepositAddress } from '../derive.ts';
import { ChainError } from '../errors.ts';
import { NodeAdapterBase } from '../node-adapter-base.ts';
import type { NetworkDefinition } from '../networks.ts';
import {
  validateAddress,
  type AddressErrorCode,
  type AddressValidation,
  type ValidateAddressOptions,
} from '../validate.ts';
import type { BroadcastStore, StoredBroadcast } from './broadcast-store.ts';
import { outputBytes, outpoint, selectCoins, type Coin } from './coin-selection.ts';
import { blockHashAt, readTransaction, scanBlock, type BlockOutput, type ScannedBlock } from './node-reads.ts';
import type { UtxoParams } from './params.ts';
import { readScan, sweepDepositAddress, type UtxoScan } from './sweep.ts';
import { NodeError, coinsToMinor, isNodeError, type RpcClient } from './rpc-client.ts';

/** Blocks within which each priority aims to be mined (what `estimatesmartfee` is asked). */
const TARGET_BLOCKS: Readonly<Record<FeePriority, number>> = { fast: 2, normal: 3, slow: 6 };
/** Node answers to `sendrawtransaction` that mean "already there": the same bytes were sent before. */
const ALREADY_KNOWN = [/already in (the )?block ?chain/i, /txn-already-known/i, /txn-already-in-mempool/i];

export interface UtxoRpcAdapterOptions {
  readonly network: NetworkDefinition;
  readonly params: UtxoParams;
  readonly rpc: RpcClient;
  /** Derives mainnet-form addresses from the configured xpub; re-encoded for this network's prefix. */
  readonly deriver: AddressDeriver;
  readonly signer: Signer;
  readonly store: BroadcastStore;
  /** The node's watch-only wallet that tracks the hot wallet address's coins. */
  readonly watchWallet: string;
  /** Minor units per vbyte when the node has no estimate yet (a fresh regtest chain, a new node). */
  readonly fallbackFeeRate: bigint;
}

/** How the deposit scanner reads a chain: by height, with hashes to detect reorganisations. */
export interface BlockScanner {
  tipHeight(): Promise<number>;
  blockHash(height: number): Promise<string | null>;
  block(height: number): Promise<ScannedBlock | null>;
}

export class UtxoRpcAdapter extends NodeAdapterBase implements ChainAdapter {
  readonly scanner: BlockScanner;
  readonly #options: UtxoRpcAdapterOptions;
  readonly #rpc: RpcClient;
  /** Coins spent by transactions this process sent that the node's wallet may not have seen yet. */
  readonly #reserved = new Set<string>();
  /** The last rate the node gave per priority, used while it cannot answer. */
  readonly #lastRates = new Map<FeePriority, bigint>();
  /** The last balance scan, which the sweeps of the same pass reuse while the tip has not moved. */
  #lastScan: UtxoScan | undefined;
  #prepared: Promise<void> | undefined;

  constructor(options: UtxoRpcAdapterOptions) {
    super(options);
    this.#options = options;
    this.#rpc = options.rpc;
    const rpc = options.rpc;
    this.scanner = {
      tipHeight: () => this.getBlockHeight(),
      blockHash: (height) => blockHashAt(rpc, height),
      block: (height) => scanBlock(rpc, height),
    };
  }

  /**
   * Creates (or loads) the watch-only wallet and imports the hot wallet address, without a rescan:
   * coins paid to the hot wallet before the first import are not seen until the operator rescans
   * (`rescanblockchain`), so fund it after the first start. Runs before the first withdrawal.
   */
  async prepare(): Promise<void> {
    const wallet = this.#options.watchWallet;
    const loaded = await this.#rpc.call<string[]>('listwallets');
    if (!loaded.includes(wallet)) {
      try {
        await this.#rpc.call('loadwallet', [wallet]);
      } catch (error) {
        if (!(error instanceof NodeError && error.rpcCode === -18)) throw error;
        await this.#rpc.call('createwallet', [wallet, true, true]);
      }
    }
    const hot = this.signer.addressFor(this.network.id);
    await this.#rpc.call('importaddress', [hot, 'rora-hot', false], wallet);
  }

  /**
   * Consolidates a deposit address's confirmed coins into the hot wallet (ADR 0049), signed by the
   * signer with the deposit key of `request.index`; once per id, under the adapter's lock.
   */
  async sweep(request: SweepRequest): Promise<SweepResult> {
    const context = {
      network: this.network,
      params: this.#options.params,
      rpc: this.#rpc,
      signer: this.signer,
      store: this.#options.store,
      deriveAddress: (index: number) => this.deriveAddress(index),
      feeRate: (priority: FeePriority) => this.#feeRate(priority),
      send: (raw: string) => this.#sendRaw(raw),
      recentScan: async () => {
        const scan = this.#lastScan;
        return scan && scan.tip === (await this.getBlockHeight()) ? scan : null;
      },
    };
    return this.exclusively(() => sweepDepositAddress(context, request));
  }

  /** The deriver's address, in this network kind's bech32 prefix (testnet, regtest). */
  override deriveAddress(index: number): DepositAddress {
    const derived = this.deriver.derive(this.network.id, index);
    return { ...derived, address: withPrefix(derived.address, this.#options.params.address.bech32 as string) };
  }

  async validateAddress(address: string, options: ValidateAddressOptions = {}): Promise<AddressValidation> {
    if (this.#options.params.kind === 'mainnet') return validateAddress(this.network, address, options);
    const parsed = parseBitcoinAddress(this.#options.params.address, address.trim());
    const refuse = (code: AddressErrorCode, message: string): AddressValidation => ({
      ok: false,
      network: this.network.id,
      code,
      message,
      detected: [],
    });
    if (options.destinationTag !== undefined) {
      return refuse('destination_tag_is_not_supported', `${this.network.name} has no destination tags`);
    }
    if (parsed.kind === 'valid') return { ok: true, network: this.network.id, address: parsed.address };
    const code = parsed.kind === 'checksum' ? 'address_checksum_is_invalid' : 'address_is_not_valid_for_network';
    return refuse(code, `This is not a ${this.network.name} ${this.#options.params.kind} address`);
  }

  async estimateFee(request: { readonly amount: bigint; readonly priority: FeePriority }): Promise<FeeEstimate> {
    if (typeof request.amount !== 'bigint' || request.amount <= 0n) {
      throw new ChainError('amount_must_be_positive', 'An amount must be a positive number of minor units');
    }
    const feeRate = await this.#feeRate(request.priority);
    const units = this.network.transferUnits;
    return {
      network: this.network.id,
      priority: request.priority,
      feeAsset: this.feeAsset(),
      fee: feeRate * units,
      feeRate,
      units,
      expectedBlocks: TARGET_BLOCKS[request.priority],
    };
  }

  async getTransaction(txid: string): Promise<ChainTransaction | null> {
    const [read, ours] = await Promise.all([
      readTransaction(this.#rpc, txid),
      this.#options.store.findByTxid(this.network.id, txid),
    ]);
    if (!read && ours) {
      // Ours, but the node forgot it (evicted from its mempool, a restarted node): send it again. A
      // refusal (its coins spent otherwise) leaves it pending for an operator; it is never re-signed.
      await this.send(ours).catch((error: unknown) => {
        if (!(error instanceof NodeError && error.kind === 'rejected')) throw error;
      });
      return this.#toChainTransaction({ txid, outputs: [], confirmations: 0 }, ours);
    }
    return read ? this.#toChainTransaction(read, ours) : null;
  }

  /**
   * Balances at the chain's tip from the node's UTXO set (`scantxoutset`), any address, no wallet and
   * no key needed (watch-only cold addresses too). It reads the whole set: seconds on regtest, minutes
   * on mainnet, so it runs every few blocks, never per request.
   */
  async balancesOf(addresses: readonly string[]): Promise<ReadonlyMap<string, bigint>> {
    const balances = new Map(addresses.map((address) => [address, 0n]));
    if (addresses.length === 0) return balances;
    const descriptors = addresses.map((address) => `addr(${address})`);
    const scan = readScan(await this.#rpc.call('scantxoutset', ['start', descriptors]));
    this.#lastScan = scan;
    for (const [address, coins] of scan.coins) {
      if (balances.has(address))
        balances.set(
          address,
          coins.reduce((sum, coin) => sum + coin.amount, 0n),
        );
    }
    return balances;
  }

  async getBlockHeight(): Promise<number> {
    const height = await this.#rpc.call<unknown>('getblockcount');
    if (!Number.isSafeInteger(height) || (height as number) < 0) throw new NodeError('malformed', 'Block count');
    return height as number;
  }

  async listIncomingTransfers(range: {
    readonly fromHeight: number;
    readonly toHeight?: number;
  }): Promise<readonly ChainTransaction[]> {
    const tip = await this.getBlockHeight();
    const heights = { first: Math.max(0, range.fromHeight), last: range.toHeight ?? tip };
    return this.watchedTransfers(heights, (output, block) =>
      this.incomingTransfer(output, { ...block, confirmations: tip - block.height + 1 }),
    );
  }

  /**
   * The node's rate for the priority. A node that is down, slow or garbled does not stop a customer from
   * sending (the send waits, held, until the chain is healthy: ADR 0044): its last good rate is used,
   * else the configured fallback; fee reconciliation books any difference with what is paid.
   */
  async #feeRate(priority: FeePriority): Promise<bigint> {
    let answer: { feerate?: unknown } | null;
    try {
      answer = await this.#rpc.call<{ feerate?: unknown }>('estimatesmartfee', [TARGET_BLOCKS[priority]]);
    } catch (error) {
      if (!isNodeError(error)) throw error;
      return this.#lastRates.get(priority) ?? this.#options.fallbackFeeRate;
    }
    if (answer?.feerate === undefined) return this.#options.fallbackFeeRate;
    // The node answers in coins per 1,000 vbytes; round the per-vbyte rate up.
    const perKvb = coinsToMinor(answer.feerate);
    const perVbyte = (perKvb + 999n) / 1000n;
    const rate = perVbyte > 0n ? perVbyte : 1n;
    this.#lastRates.set(priority, rate);
    return rate;
  }

  /** The signed transaction for this id: stored before, or made now under the adapter's lock. */
  protected override signOnce(request: WithdrawalRequest): Promise<StoredBroadcast> {
    const fingerprint = JSON.stringify([request.to.trim(), String(request.amount), request.priority]);
    return this.storedOrSigned(request, fingerprint, { sign: () => this.#signNew(request, fingerprint) });
  }

  async #signNew(request: WithdrawalRequest, fingerprint: string): Promise<StoredBroadcast> {
    const adopted = await this.#adoptRecorded(request, fingerprint);
    if (adopted) return adopted;
    // The watch-only wallet must exist before coins can be listed (once per process; retried on failure).
    this.#prepared ??= this.prepare().catch((error: unknown) => {
      this.#prepared = undefined;
      throw error;
    });
    await this.#prepared;
    const validation = await this.validateAddress(request.to);
    if (!validation.ok) throw new ChainError(validation.code, validation.message);
    if (request.destinationTag !== undefined) {
      throw new ChainError('destination_tag_is_not_supported', `${this.network.name} has no destination tags`);
    }
    const estimate = await this.estimateFee({ amount: request.amount, priority: request.priority });
    const from = this.signer.addressFor(this.network.id);
    const recipientBytes = outputBytes(
      OutScript.encode(Address(this.#options.params.signer).decode(validation.address)).length,
    );
    const selection = selectCoins(await this.#spendableCoins(from), {
      amount: request.amount,
      feeRate: estimate.feeRate,
      recipientBytes,
    });
    if (!selection) {
      throw new ChainError(
        'hot_wallet_balance_is_insufficient',
        `The ${this.network.name} hot wallet cannot cover this withdrawal and its fee now`,
      );
    }
    const signed = await this.signer.sign({
      network: this.network.id,
      id: request.id,
      from,
      to: validation.address,
      amount: request.amount,
      feeRate: estimate.feeRate,
      feeUnits: BigInt(selection.vsize),
      inputs: selection.inputs,
      ...(selection.change > 0n ? { change: { address: from, amount: selection.change } } : {}),
    });
    const stored: StoredBroadcast = {
      network: this.network.id,
      id: request.id,
      fingerprint,
      txid: signed.txid,
      raw: signed.raw,
      to: validation.address,
      amount: request.amount,
      fee: selection.fee,
    };
    await this.#options.store.save(stored);
    for (const coin of selection.inputs) this.#reserved.add(outpoint(coin));
    return (await this.#options.store.find(this.network.id, request.id)) ?? stored;
  }

  /**
   * A signature the signer recorded under this id that this adapter never stored (it died, or lost the
   * answer, in between; ADR 0041): that transaction is adopted and sent, rather than asking the signer
   * for another one, which it would refuse.
   */
  async #adoptRecorded(request: WithdrawalRequest, fingerprint: string): Promise<StoredBroadcast | null> {
    const found = await this.signer.recorded?.(this.network.id, request.id);
    if (!found) return null;
    const { transaction, signed } = found;
    if (transaction.amount !== request.amount) {
      // Not a ChainError: something was signed under this id, so the send must stay held for an operator.
      throw new Error(`The signer's record of withdrawal ${request.id} is for another amount`);
    }
    const inputs = transaction.inputs ?? [];
    const spent = inputs.reduce((sum, input) => sum + input.amount, 0n);
    const stored: StoredBroadcast = {
      network: this.network.id,
      id: request.id,
      fingerprint,
      txid: signed.txid,
      raw: signed.raw,
      to: transaction.to,
      amount: transaction.amount,
      fee: spent - transaction.amount - (transaction.change?.amount ?? 0n),
    };
    await this.#options.store.save(stored);
    for (const coin of inputs) this.#reserved.add(outpoint(coin));
    return (await this.#options.store.find(this.network.id, request.id)) ?? stored;
  }

  async #spendableCoins(address: string): Promise<Coin[]> {
    const unspent = await this.#rpc.call<{ txid?: unknown; vout?: unknown; amount?: unknown }[]>(
      'listunspent',
      [0, 9_999_999, [address], true],
      this.#options.watchWallet,
    );
    if (!Array.isArray(unspent)) throw new NodeError('malformed', 'listunspent did not answer a list');
    const coins = unspent.map((entry) => ({
      txid: String(entry.txid),
      vout: Number(entry.vout),
      amount: coinsToMinor(entry.amount),
    }));
    // A reservation ends when the node no longer lists the coin (it saw the spend).
    const listed = new Set(coins.map(outpoint));
    for (const reserved of this.#reserved) if (!listed.has(reserved)) this.#reserved.delete(reserved);
    return coins.filter((coin) => !this.#reserved.has(outpoint(coin)));
  }

  protected override async send(stored: StoredBroadcast): Promise<void> {
    await this.#sendRaw(stored.raw);
  }

  async #sendRaw(raw: string): Promise<void> {
    try {
      await this.#rpc.call('sendrawtransaction', [raw]);
    } catch (error) {
      if (error instanceof NodeError && ALREADY_KNOWN.some((pattern) => pattern.test(error.message))) return;
      throw error;
    }
  }

  #toChainTransaction(
    read: { txid: string; outputs: readonly BlockOutput[]; confirmations: number; blockHash?: string },
    ours: StoredBroadcast | null,
  ): ChainTransaction {
    const required = this.network.confirmations;
    const paid = ours
      ? read.outputs.find((output) => output.address === ours.to)
      : (read.outputs.find((output) => this.watched.has(output.address)) ?? read.outputs[0]);
    const status = read.confirmations === 0 ? 'pending' : read.confirmations >= required ? 'confirmed' : 'confirming';
    return {
      txid: read.txid,
      network: this.network.id,
      from: ours ? this.signer.addressFor(this.network.id) : '',
      to: ours?.to ?? paid?.address ?? '',
      amount: ours?.amount ?? paid?.amount ?? 0n,
      ...(paid ? { outputIndex: paid.outputIndex } : {}),
      fee: ours?.fee ?? 0n,
      feeAsset: this.feeAsset(),
      status,
      confirmations: read.confirmations,
      requiredConfirmations: required,
      ...(read.blockHash ? { blockHash: read.blockHash } : {}),
      ...(ours ? { withdrawalId: ours.id } : {}),
    };
  }
}

/** The same SegWit program under another network's prefix (the key is the key; `rltc1…` on regtest). */
export function withPrefix(address: string, prefix: string): string {
  const decoded = bech32.decode(address as `${string}1${string}`);
  return decoded.prefix === prefix ? address : bech32.encode(prefix, decoded.words);
}
