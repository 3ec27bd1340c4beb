// The ChainAdapter for the XRP Ledger over a rippled server's JSON-RPC. Deposits are payments to the
// shared hot address, told apart by destination tag, read from validated ledgers only by the deposit
// scanner (`scanner`, one ledger per height; a validated ledger is final, so one confirmation). A
// withdrawal is a Payment from the hot account with a sequence reserved here, the fee from the `fee`
// method and a LastLedgerSequence a few ledgers ahead: signed once, stored before the server sees
// it, submitted, and, if its last ledger is validated without it, known failed (and rebuilt if asked
// again under the same id while still held). This adapter pushes no events.
import type {
  ChainAdapter,
  ChainTransaction,
  FeeEstimate,
  FeePriority,
  Signer,
  WithdrawalRequest,
} from '../adapter.ts';
import type { AddressDeriver } from '../derive.ts';
import { ChainError } from '../errors.ts';
import { NodeAdapterBase } from '../node-adapter-base.ts';
import { asCount, asMinor, asRecord } from '../json-post.ts';
import type { NetworkDefinition } from '../networks.ts';
import type { BroadcastStore, StoredBroadcast } from '../utxo/broadcast-store.ts';
import type { BlockScanner } from '../utxo/rpc-adapter.ts';
import { NodeError } from '../utxo/rpc-client.ts';
import { validateAddress, type AddressValidation, type ValidateAddressOptions } from '../validate.ts';
import { ledgerHashAt, paymentOutput, scanLedger, transactionEntry, validatedLedgerIndex } from './reads.ts';
import type { XrpRpc } from './rpc.ts';
import { SequenceAllocator } from './sequences.ts';
import { XRP_MAX_FEE_DROPS } from './signer.ts';
import { submitBlob } from './submit.ts';

/** AccountRoot flag lsfRequireDestTag: payments to this account must carry a destination tag. */
const REQUIRE_DEST_TAG = 0x0002_0000;
/** Ledgers (about 4 s each) a withdrawal may wait to be included before it is known failed. */
export const XRP_LEDGER_WINDOW = 20;

export interface XrpRpcAdapterOptions {
  readonly network: NetworkDefinition;
  readonly rpc: XrpRpc;
  /** The tagged deposit scheme: the shared address and customer i's tag. */
  readonly deriver: AddressDeriver;
  readonly signer: Signer;
  readonly store: BroadcastStore;
  readonly ledgerWindow?: number;
}

export class XrpRpcAdapter extends NodeAdapterBase implements ChainAdapter {
  readonly scanner: BlockScanner;
  readonly #options: XrpRpcAdapterOptions;
  readonly #rpc: XrpRpc;
  readonly #sequences: SequenceAllocator;
  readonly #window: number;

  constructor(options: XrpRpcAdapterOptions) {
    super(options);
    this.#options = options;
    this.#rpc = options.rpc;
    this.#window = options.ledgerWindow ?? XRP_LEDGER_WINDOW;
    this.#sequences = new SequenceAllocator(options.store, options.network.id);
    const rpc = options.rpc;
    this.scanner = {
      tipHeight: () => validatedLedgerIndex(rpc),
      blockHash: (height) => ledgerHashAt(rpc, height),
      block: (height) => scanLedger(rpc, height),
    };
  }

  /** The address rules, then the receiving account's RequireDest flag when no tag is given. */
  async validateAddress(address: string, options: ValidateAddressOptions = {}): Promise<AddressValidation> {
    const validation = validateAddress(this.network, address, options);
    if (!validation.ok || validation.destinationTag !== undefined) return validation;
    const info = await this.#rpc.call('account_info', { account: validation.address, ledger_index: 'validated' }, [
      'actNotFound',
    ]);
    if (info === null) return validation;
    const flags = asCount(asRecord(info.account_data, 'account_info.account_data').Flags ?? 0, 'Account flags');
    const required = asRecord(info.account_flags ?? {}, 'account_info.account_flags').requireDestinationTag === true;
    if (!required && (flags & REQUIRE_DEST_TAG) === 0) return validation;
    return {
      ok: false,
      network: this.network.id,
      code: 'destination_tag_required',
      message: 'This XRP account requires a destination tag',
      detected: [],
    };
  }

  async estimateFee(request: { readonly amount: bigint; readonly priority: FeePriority }): Promise<FeeEstimate> {
    if (typeof request.amount !== 'bigint' || request.amount <= 0n) {
      throw new ChainError('amount_must_be_positive', 'An amount must be a positive number of minor units');
    }
    const drops = asRecord((await this.#rpc.call('fee', {}))?.drops, 'fee.drops');
    const open = asMinor(drops.open_ledger_fee, 'The open ledger fee');
    const minimum = asMinor(drops.minimum_fee, 'The minimum fee');
    const chosen = request.priority === 'slow' ? minimum : request.priority === 'normal' ? open : open * 2n;
    // Never below the base fee, never above what the signer accepts (a fee spike waits instead).
    const base = asMinor(drops.base_fee, 'The base fee');
    const fee = chosen < base ? base : chosen > XRP_MAX_FEE_DROPS ? XRP_MAX_FEE_DROPS : chosen;
    return {
      network: this.network.id,
      priority: request.priority,
      feeAsset: 'XRP',
      fee,
      feeRate: fee,
      units: 1n,
      expectedBlocks: request.priority === 'slow' ? 3 : 1,
    };
  }

  async getTransaction(txid: string): Promise<ChainTransaction | null> {
    const ours = await this.#options.store.findByTxid(this.network.id, txid);
    const result = await this.#lookup(txid, ours);
    if (result.status === 'error' && result.error === 'txnNotFound') {
      return ours ? this.#missing(ours, await this.#expired(ours, result)) : null;
    }
    if (result.status !== 'success') throw new NodeError('rejected', `tx: ${String(result.error).slice(0, 60)}`);
    const entry = transactionEntry(result);
    if (entry.hash !== txid.toUpperCase()) throw new NodeError('malformed', `tx answered another transaction`);
    const validated = result.validated === true;
    const outcome = entry.meta?.TransactionResult;
    if (validated && typeof outcome !== 'string') throw new NodeError('malformed', `Transaction ${txid} has no result`);
    const output = paymentOutput(entry);
    const ledger = validated ? asCount(result.ledger_index, 'A ledger index') : undefined;
    const failed = validated && outcome !== 'tesSUCCESS';
    return {
      ...this.#base(ours, txid),
      to: ours?.to ?? output?.address ?? '',
      amount: output?.amount ?? (ours && !failed ? ours.amount : 0n),
      ...(output?.destinationTag === undefined ? {} : { destinationTag: output.destinationTag }),
      fee: asMinor(entry.json.Fee, `The fee of ${txid}`),
      status: !validated ? 'pending' : failed ? 'failed' : 'confirmed',
      confirmations: validated ? 1 : 0,
      ...(ledger === undefined ? {} : { blockHeight: ledger }),
      ...(typeof result.ledger_hash === 'string' ? { blockHash: result.ledger_hash } : {}),
      ...(failed ? { failureReason: String(outcome) } : {}),
    };
  }

  getBlockHeight(): Promise<number> {
    return validatedLedgerIndex(this.#rpc);
  }

  async listIncomingTransfers(range: {
    readonly fromHeight: number;
    readonly toHeight?: number;
  }): Promise<readonly ChainTransaction[]> {
    const heights = { first: Math.max(1, range.fromHeight), last: range.toHeight ?? (await this.getBlockHeight()) };
    // A validated ledger is final: one confirmation. The tag says which customer it is for.
    return this.watchedTransfers(heights, (output, ledger) => ({
      ...this.#base(null, output.txid),
      to: output.address,
      amount: output.amount,
      ...(output.destinationTag === undefined ? {} : { destinationTag: output.destinationTag }),
      fee: 0n,
      status: 'confirmed',
      confirmations: 1,
      blockHeight: ledger.height,
      blockHash: ledger.hash,
    }));
  }

  #base(ours: StoredBroadcast | null, txid: string) {
    return {
      txid: txid.toUpperCase(),
      network: this.network.id,
      from: ours ? this.hotWalletAddress() : '',
      feeAsset: 'XRP' as const,
      requiredConfirmations: this.network.confirmations,
      ...(ours ? { withdrawalId: ours.id } : {}),
    };
  }

  /** The tx method's answer; for ours, searching only the ledgers it could be in. */
  #lookup(txid: string, ours: StoredBroadcast | null) {
    const range =
      ours?.validUntil === undefined
        ? {}
        : { min_ledger: Math.max(1, ours.validUntil - 999), max_ledger: ours.validUntil };
    return this.#rpc.result('tx', { transaction: txid, binary: false, ...range });
  }

  /**
   * Never included and never can be: not found, the server holds every ledger it could be in
   * (`searched_all`), and its last ledger is validated.
   */
  async #expired(ours: StoredBroadcast, answer?: Record<string, unknown>): Promise<boolean> {
    const result = answer ?? (await this.#lookup(ours.txid, ours));
    if (result.status !== 'error' || result.error !== 'txnNotFound' || result.searched_all !== true) return false;
    return ours.validUntil !== undefined && (await this.getBlockHeight()) > ours.validUntil;
  }

  /** Ours, not found: failed once it expired, else sent again. */
  async #missing(ours: StoredBroadcast, expired: boolean): Promise<ChainTransaction> {
    if (!expired) await this.send(ours).catch(ignoreRejection);
    return {
      ...this.#base(ours, ours.txid),
      to: ours.to,
      amount: ours.amount,
      fee: 0n,
      status: expired ? 'failed' : 'pending',
      confirmations: 0,
      ...(expired ? { failureReason: 'transaction_expired' } : {}),
    };
  }

  protected override async send(stored: StoredBroadcast): Promise<void> {
    await submitBlob(this.#rpc, stored.raw);
  }

  /** The signed transaction for this id: stored before (rebuilt if it expired unseen), or made now. */
  protected override signOnce(request: WithdrawalRequest): Promise<StoredBroadcast> {
    const fingerprint = JSON.stringify([request.to.trim(), String(request.amount), request.destinationTag ?? null]);
    return this.storedOrSigned(request, fingerprint, {
      sign: (expired) => this.#signNew(request, fingerprint, expired),
      expired: (stored) => this.#expired(stored),
    });
  }

  async #signNew(request: WithdrawalRequest, fingerprint: string, expired: StoredBroadcast | null) {
    const validation = await this.validateAddress(request.to, {
      ...(request.destinationTag === undefined ? {} : { destinationTag: request.destinationTag }),
    });
    if (!validation.ok) throw new ChainError(validation.code, validation.message);
    const tag = validation.destinationTag;
    const estimate = await this.estimateFee({ amount: request.amount, priority: request.priority });
    const from = this.hotWalletAddress();
    const account = await this.#hotAccount(from);
    const { sequence, pending } = await this.#sequences.next(account);
    if (account.spendable - pending < request.amount + estimate.fee) {
      throw new ChainError('hot_wallet_balance_is_insufficient', 'The XRP hot wallet cannot cover this withdrawal now');
    }
    const validUntil = account.validatedIndex + this.#window;
    const signed = await this.signer.sign({
      network: this.network.id,
      id: request.id,
      from,
      to: validation.address,
      amount: request.amount,
      ...(tag === undefined ? {} : { destinationTag: tag }),
      nonce: sequence,
      feeRate: estimate.feeRate,
      feeUnits: estimate.units,
      validUntil,
    });
    const stored: StoredBroadcast = {
      network: this.network.id,
      id: request.id,
      fingerprint,
      txid: signed.txid,
      raw: signed.raw,
      to: validation.address,
      amount: request.amount,
      fee: estimate.fee,
      // The unique (scope, sequence) index refuses a sequence another live transaction holds; one that
      // expired unseen at or below the validated ledger gives it up (ADR 0040).
      nonceScope: `xrp:${from}`,
      nonce: sequence,
      validUntil,
    };
    const reuse = { validatedHeight: account.validatedIndex };
    const saved = expired
      ? await this.#options.store.replace(expired, stored, reuse)
      : (await this.#options.store.save(stored, reuse), true);
    if (saved) this.#sequences.reserve(sequence, { validUntil, spends: request.amount + estimate.fee });
    return (await this.#options.store.find(this.network.id, request.id)) ?? stored;
  }

  /** The hot account's next sequence and spendable drops (balance less its reserve), and the validated index. */
  async #hotAccount(address: string) {
    const [info, server] = await Promise.all([
      this.#rpc.call('account_info', { account: address, ledger_index: 'current' }, ['actNotFound']),
      this.#rpc.call('server_info', {}),
    ]);
    if (info === null) {
      throw new ChainError('hot_wallet_balance_is_insufficient', 'The XRP hot wallet account is not funded yet');
    }
    const data = asRecord(info.account_data, 'account_info.account_data');
    const validated = asRecord(asRecord(server?.info, 'server_info.info').validated_ledger, 'validated_ledger');
    const reserve =
      xrpToDrops(validated.reserve_base_xrp) +
      xrpToDrops(validated.reserve_inc_xrp) * BigInt(asCount(data.OwnerCount ?? 0, 'OwnerCount'));
    return {
      sequence: asCount(data.Sequence, 'The account sequence'),
      spendable: asMinor(data.Balance, 'The account balance') - reserve,
      validatedIndex: asCount(validated.seq, 'The validated ledger index'),
    };
  }
}

function ignoreRejection(error: unknown): void {
  if (!(error instanceof NodeError && error.kind === 'rejected')) throw error;
}

/** An XRP amount as server_info writes reserves (a JSON number of XRP, at most 6 decimals) in drops. */
export function xrpToDrops(value: unknown): bigint {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1e11) {
    throw new NodeError('malformed', 'A reserve is not an XRP amount');
  }
  const [whole, fraction = ''] = value.toFixed(6).split('.');
  return BigInt(`${whole}${fraction}`);
}
