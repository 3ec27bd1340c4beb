// Reads of a rippled server turned into Rora's shapes, validated ledgers only: a ledger as the XRP
// payments it delivered (what the deposit scanner needs), a transaction with its result. Every field
// is checked: a malformed answer is a NodeError, never a wrong amount. A payment's amount is the
// `delivered_amount` of its metadata, never its `Amount`: a partial payment delivers less than it says.
import { asCount, asMinor, asRecord } from '../json-post.ts';
import type { BlockOutput, ScannedBlock } from '../utxo/node-reads.ts';
import { NodeError } from '../utxo/rpc-client.ts';
import type { XrpRpc } from './rpc.ts';

const HASH = /^[0-9A-F]{64}$/;

export function assertXrpHash(value: unknown, what: string): string {
  if (typeof value !== 'string' || !HASH.test(value.toUpperCase())) {
    throw new NodeError('malformed', `${what} is not a hash`);
  }
  return value.toUpperCase();
}

/** The index of the newest validated ledger. */
export async function validatedLedgerIndex(rpc: XrpRpc): Promise<number> {
  const result = (await rpc.call('server_info', {})) as Record<string, unknown>;
  const info = asRecord(result.info, 'server_info.info');
  if (info.validated_ledger === undefined) throw new NodeError('malformed', 'The server has no validated ledger yet');
  return asCount(asRecord(info.validated_ledger, 'server_info.validated_ledger').seq, 'The validated ledger index');
}

/** The hash of validated ledger `index`, or null when the server has no validated ledger there. */
export async function ledgerHashAt(rpc: XrpRpc, index: number): Promise<string | null> {
  const result = await rpc.call('ledger', { ledger_index: index }, ['lgrNotFound']);
  if (result === null || result.validated !== true) return null;
  return assertXrpHash(asRecord(result.ledger, 'ledger.ledger').ledger_hash ?? result.ledger_hash, 'A ledger hash');
}

/** A transaction as the ledger and tx methods write it: `tx_json` and `meta` (API v2) or flat (v1). */
export interface XrpTransactionEntry {
  readonly hash: string;
  readonly json: Record<string, unknown>;
  readonly meta: Record<string, unknown> | undefined;
}

export function transactionEntry(value: unknown): XrpTransactionEntry {
  const entry = asRecord(value, 'A transaction');
  const json = entry.tx_json === undefined ? entry : asRecord(entry.tx_json, 'tx_json');
  const meta = entry.meta ?? entry.metaData;
  return {
    hash: assertXrpHash(entry.hash ?? json.hash, 'A transaction hash'),
    json,
    meta: meta === undefined ? undefined : asRecord(meta, 'A transaction meta'),
  };
}

/** XRP (drops) a successful payment delivered, or null: an issued currency, or a failed payment. */
export function deliveredDrops(entry: XrpTransactionEntry): bigint | null {
  if (entry.json.TransactionType !== 'Payment' || entry.meta?.TransactionResult !== 'tesSUCCESS') return null;
  const delivered = entry.meta.delivered_amount;
  // An object is an issued currency (not XRP); "unavailable" only occurs before 2014.
  if (typeof delivered === 'object' && delivered !== null) return null;
  if (delivered === undefined || delivered === 'unavailable') {
    throw new NodeError('malformed', `Payment ${entry.hash} has no delivered_amount`);
  }
  return asMinor(delivered, `The delivered amount of ${entry.hash}`);
}

function destinationTag(value: unknown, hash: string): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || (value as number) < 0 || (value as number) > 0xffff_ffff) {
    throw new NodeError('malformed', `Payment ${hash} has a destination tag out of range`);
  }
  return value as number;
}

export function paymentOutput(entry: XrpTransactionEntry): BlockOutput | null {
  const drops = deliveredDrops(entry);
  if (drops === null || drops === 0n) return null;
  if (typeof entry.json.Destination !== 'string')
    throw new NodeError('malformed', `Payment ${entry.hash} has no destination`);
  const tag = destinationTag(entry.json.DestinationTag, entry.hash);
  return {
    txid: entry.hash,
    outputIndex: 0,
    address: entry.json.Destination,
    amount: drops,
    ...(tag === undefined ? {} : { destinationTag: tag }),
  };
}

/** Validated ledger `index` as the XRP it delivered, or null when it is not validated (yet). */
export async function scanLedger(rpc: XrpRpc, index: number): Promise<ScannedBlock | null> {
  const result = await rpc.call('ledger', { ledger_index: index, transactions: true, expand: true }, ['lgrNotFound']);
  if (result === null || result.validated !== true) return null;
  const ledger = asRecord(result.ledger, 'ledger.ledger');
  if (asCount(ledger.ledger_index ?? result.ledger_index, 'A ledger index') !== index) {
    throw new NodeError('malformed', `Ledger ${index} is not the ledger asked for`);
  }
  const transactions = ledger.transactions ?? [];
  if (!Array.isArray(transactions)) throw new NodeError('malformed', `Ledger ${index} has no transaction list`);
  const outputs = transactions.flatMap((value) => {
    const output = paymentOutput(transactionEntry(value));
    return output ? [output] : [];
  });
  return {
    height: index,
    hash: assertXrpHash(ledger.ledger_hash ?? result.ledger_hash, 'A ledger hash'),
    previousHash: assertXrpHash(ledger.parent_hash, 'A parent ledger hash'),
    outputs,
  };
}
