// The contract between Rora's wallets service and a blockchain. One adapter serves one network (ETH
// and USDT-on-ERC-20 are two adapters over one chain). The devnet implements it offline; a live
// implementation talks to a node or provider. Amounts are bigint minor units of the network's asset;
// fees are minor units of the chain's native asset (ETH pays for ERC-20 transfers).
//
// The API process never holds a private key. A withdrawal is a request: the adapter builds the
// unsigned transaction (fee, nonce) and hands it to a `Signer` (an HSM or a remote signing service in
// production, an in-process stand-in on the devnet), then broadcasts what comes back.
import type { AssetSymbol } from '@rora/money';
import type { DepositAddress } from './derive.ts';
import type { ExplorerTemplates } from './explorers.ts';
import type { ChainId, NetworkDefinition, NetworkId } from './networks.ts';
import type { AddressValidation, ValidateAddressOptions } from './validate.ts';

export const FEE_PRIORITIES = ['slow', 'normal', 'fast'] as const;
export type FeePriority = (typeof FEE_PRIORITIES)[number];

export interface FeeEstimate {
  readonly network: NetworkId;
  readonly priority: FeePriority;
  /** The chain's native asset. */
  readonly feeAsset: AssetSymbol;
  /** Total fee in minor units of `feeAsset`: `feeRate * units`. */
  readonly fee: bigint;
  /** Per unit, in the chain's `feeRateUnit` (sat/vB, wei/gas, drops/tx, lamports/signature). */
  readonly feeRate: bigint;
  readonly units: bigint;
  /** Blocks within which a transaction paying this rate is expected to be included. */
  readonly expectedBlocks: number;
}

export interface WithdrawalRequest {
  /** Idempotency id (the withdrawal's id): the same id always yields the same transaction. */
  readonly id: string;
  readonly to: string;
  readonly amount: bigint;
  readonly destinationTag?: number;
  readonly priority: FeePriority;
  /** EVM chains: replace this pending transaction (same nonce, higher fee) to speed it up. */
  readonly replaces?: string;
  /**
   * EVM chains: not a customer's withdrawal but the hot wallet's gas for the token sweep of Rora's own
   * deposit address at this index (ADR 0049), which the signer checks by deriving that address.
   */
  readonly gasTopUpIndex?: number;
}

/** What the signer is asked to sign: fully specified, so the signer decides nothing about money. */
export interface UnsignedTransaction {
  readonly network: NetworkId;
  readonly id: string;
  readonly from: string;
  readonly to: string;
  readonly amount: bigint;
  readonly destinationTag?: number;
  /** ERC-20 contract the transfer calls, for token networks. */
  readonly contract?: string;
  /** Account chains: sender sequence (EVM nonce, XRP sequence). */
  readonly nonce?: number;
  /** Per fee unit; EVM chains: the gas price (legacy) or the fee cap per gas (EIP-1559). */
  readonly feeRate: bigint;
  readonly feeUnits: bigint;
  /** EVM chains with EIP-1559: the tip per gas (at most `feeRate`); absent, a legacy gas price. */
  readonly priorityFeeRate?: bigint;
  /** UTXO chains: the hot wallet's coins spent, chosen by the adapter (the signer checks, never picks). */
  readonly inputs?: readonly UtxoInput[];
  /** UTXO chains: what returns to the hot wallet; absent when the remainder is dust left to the miner. */
  readonly change?: { readonly address: string; readonly amount: bigint };
  /**
   * Account chains with expiring transactions: the last ledger (XRP `LastLedgerSequence`) or block
   * height (Solana `lastValidBlockHeight`) at which the transaction can still be included.
   */
  readonly validUntil?: number;
  /** Solana: the recent blockhash the transaction is built on (its lifetime). */
  readonly recentBlockhash?: string;
  /**
   * Sweeps (ADR 0049): the index of the deposit address `from` whose key signs. The signer derives that
   * key itself and signs only a transfer of it to its own hot wallet (`to`), never elsewhere.
   */
  readonly depositIndex?: number;
  /** A gas top-up (ADR 0049): `to` is the deposit address at this index, which the signer derives. */
  readonly topUpIndex?: number;
}

/** A coin of the hot wallet: an output of an earlier transaction, with the amount it holds. */
export interface UtxoInput {
  readonly txid: string;
  readonly vout: number;
  readonly amount: bigint;
}

export interface SignedTransaction {
  readonly network: NetworkId;
  readonly id: string;
  readonly txid: string;
  /** Serialized signed transaction (hex), ready to broadcast. */
  readonly raw: string;
}

/** What a signer signed under a withdrawal id: the request and its signed bytes. */
export interface RecordedSignature {
  readonly transaction: UnsignedTransaction;
  readonly signed: SignedTransaction;
}

/** Holds the keys. Production: an HSM or remote signer that applies its own limits and policies. */
export interface Signer {
  /** The hot wallet address the signer spends from on a network. */
  addressFor(network: NetworkId): string;
  sign(transaction: UnsignedTransaction): Promise<SignedTransaction>;
  /**
   * Signers that sign once per id (the signer process, ADR 0041): what was already signed under this
   * id, so an adapter that lost the answer adopts that transaction instead of asking for another.
   */
  recorded?(network: NetworkId, id: string): Promise<RecordedSignature | null>;
}

/**
 * `pending`: in the mempool. `confirming`: in a block, fewer confirmations than the network requires.
 * `confirmed`: final for Rora. `failed`: will never move the amount (reverted in a block, paying the
 * fee, or dropped from the mempool). `replaced`: superseded by a transaction with the same nonce.
 */
export type TransactionStatus = 'pending' | 'confirming' | 'confirmed' | 'failed' | 'replaced';

export interface ChainTransaction {
  readonly txid: string;
  readonly network: NetworkId;
  readonly from: string;
  readonly to: string;
  readonly amount: bigint;
  readonly destinationTag?: number;
  /** Fee in minor units of the chain's native asset; paid even when a transaction fails in a block. */
  readonly fee: bigint;
  readonly feeAsset: AssetSymbol;
  readonly status: TransactionStatus;
  readonly confirmations: number;
  readonly requiredConfirmations: number;
  readonly blockHeight?: number;
  readonly blockHash?: string;
  readonly failureReason?: string;
  readonly replacedBy?: string;
  /** Idempotency id of the withdrawal that made it, for transactions this adapter broadcast. */
  readonly withdrawalId?: string;
  /** UTXO chains: the output of `txid` that pays `to` (a transaction may pay several addresses). */
  readonly outputIndex?: number;
}

export interface ChainBlock {
  readonly chain: ChainId;
  readonly height: number;
  readonly hash: string;
  readonly previousHash: string;
  /** Milliseconds since the epoch. */
  readonly time: number;
  readonly txids: readonly string[];
}

export type ChainEvent =
  | { readonly type: 'block'; readonly network: NetworkId; readonly block: ChainBlock }
  /**
   * A transfer to a watched address (`incoming`) or one this adapter broadcast (`outgoing`), each time
   * its status or confirmation count changes, until it is confirmed, failed or replaced.
   */
  | {
      readonly type: 'transfer';
      readonly network: NetworkId;
      readonly direction: 'incoming' | 'outgoing';
      readonly transaction: ChainTransaction;
    };

export type ChainEventListener = (event: ChainEvent) => void;

export interface BroadcastResult {
  readonly txid: string;
  readonly fee: bigint;
  readonly feeAsset: AssetSymbol;
  readonly status: TransactionStatus;
}

export interface SweepRequest {
  /** Derived from what the sweep is about (address and amount): a retry names the same transaction. */
  readonly id: string;
  readonly from: string;
  /** The deposit address's allocation index: the signer derives its key from it (ADR 0049). */
  readonly index?: number;
  readonly priority: FeePriority;
}

export interface SweepResult extends BroadcastResult {
  /** What the sweep moves to the hot wallet, in minor units of the network's asset. */
  readonly amount: bigint;
}

export interface ChainAdapter {
  readonly network: NetworkDefinition;
  readonly explorer: ExplorerTemplates;
  /** The i-th deposit address (index allocated by the wallets service). */
  deriveAddress(index: number): DepositAddress;
  /**
   * Validates a withdrawal address. Async because a live XRP adapter reads the receiving account's
   * `RequireDest` flag to decide whether a destination tag is required.
   */
  validateAddress(address: string, options?: ValidateAddressOptions): Promise<AddressValidation>;
  estimateFee(request: { readonly amount: bigint; readonly priority: FeePriority }): Promise<FeeEstimate>;
  /** Signs and broadcasts once per request id; a retry with the same id returns the same txid. */
  broadcast(request: WithdrawalRequest): Promise<BroadcastResult>;
  getTransaction(txid: string): Promise<ChainTransaction | null>;
  getBlockHeight(): Promise<number>;
  /** Incoming transfers to watched addresses in blocks `fromHeight..toHeight` (a restart catches up). */
  listIncomingTransfers(range: {
    readonly fromHeight: number;
    readonly toHeight?: number;
  }): Promise<readonly ChainTransaction[]>;
  /**
   * On-chain balances of the network's asset at these addresses (Rora's hot wallet, deposit and cold
   * addresses), for the check of the chain against the ledger (ADR 0044). Optional: an adapter that
   * cannot read them leaves its network out of that check.
   */
  balancesOf?(addresses: readonly string[]): Promise<ReadonlyMap<string, bigint>>;
  /** The hot wallet's address on this network, where withdrawals are paid from and sweeps go. */
  hotWalletAddress?(): string;
  /**
   * Moves everything at one of Rora's deposit addresses to the hot wallet (ADR 0044), once per id.
   * Native coins pay their own fee; a token needs the address to hold the fee in the native coin first
   * (`sweep_needs_gas`: `estimateFee` tells how much). Optional: an adapter without the deposit
   * addresses' keys cannot sweep.
   */
  sweep?(request: SweepRequest): Promise<SweepResult>;
  /** Reports transfers to this address from now on (deposit addresses; the XRP omnibus address). */
  watchAddress(address: string): void;
  /** Returns the function that unsubscribes. */
  subscribe(listener: ChainEventListener): () => void;
  transactionUrl(txid: string): string;
  addressUrl(address: string): string;
}
