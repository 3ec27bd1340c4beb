// Reads of a Bitcoin Core-compatible node, turned into Rora's shapes: blocks as the outputs they pay
// (what the deposit scanner needs), transactions with their confirmations. Every field is checked:
// a malformed answer is a NodeError, never a wrong amount.
import type { NetworkId } from '../networks.ts';
import { NodeError, coinsToMinor, type RpcClient } from './rpc-client.ts';

/** One output of a block's transactions that pays an address. */
export interface BlockOutput {
  readonly txid: string;
  readonly outputIndex: number;
  readonly address: string;
  readonly amount: bigint;
  /** XRP: the destination tag of a payment to a shared address (which customer it is for). */
  readonly destinationTag?: number;
  /** Where one chain carries several networks (ETH and its ERC-20 tokens): the one this moves. */
  readonly network?: NetworkId;
}

export interface ScannedBlock {
  readonly height: number;
  readonly hash: string;
  readonly previousHash: string;
  readonly outputs: readonly BlockOutput[];
}

interface RawOutput {
  value?: unknown;
  n?: unknown;
  scriptPubKey?: { address?: unknown; addresses?: unknown };
}
interface RawTransaction {
  txid?: unknown;
  vout?: RawOutput[];
  confirmations?: unknown;
  blockhash?: unknown;
}
interface RawBlock {
  hash?: unknown;
  height?: unknown;
  previousblockhash?: unknown;
  tx?: RawTransaction[];
}

const HASH = /^[0-9a-f]{64}$/;
/** The parent of the genesis block. */
export const NO_PARENT = '0'.repeat(64);

export function assertHash(value: unknown, what: string): string {
  if (typeof value !== 'string' || !HASH.test(value)) throw new NodeError('malformed', `${what} is not a hash`);
  return value;
}

function count(value: unknown, what: string): number {
  if (!Number.isSafeInteger(value) || (value as number) < 0) throw new NodeError('malformed', `${what} is not a count`);
  return value as number;
}

/** The address an output pays (Bitcoin Core 22+ writes `address`, older nodes and litecoind `addresses`). */
function addressOf(output: RawOutput): string | null {
  const script = output.scriptPubKey;
  if (typeof script?.address === 'string') return script.address;
  if (Array.isArray(script?.addresses) && script.addresses.length === 1 && typeof script.addresses[0] === 'string') {
    return script.addresses[0];
  }
  return null;
}

export function outputsOf(transaction: RawTransaction): BlockOutput[] {
  const txid = assertHash(transaction.txid, 'A transaction id');
  if (!Array.isArray(transaction.vout)) throw new NodeError('malformed', `Transaction ${txid} has no outputs`);
  const outputs: BlockOutput[] = [];
  for (const output of transaction.vout) {
    const address = addressOf(output);
    // Outputs without one address (OP_RETURN, bare multisig, MWEB hooks) cannot be deposits.
    if (address === null) continue;
    outputs.push({
      txid,
      outputIndex: count(output.n, 'An output index'),
      address,
      amount: coinsToMinor(output.value),
    });
  }
  return outputs;
}

export async function blockHashAt(rpc: RpcClient, height: number): Promise<string | null> {
  try {
    return assertHash(await rpc.call<unknown>('getblockhash', [height]), 'A block hash');
  } catch (error) {
    // -8: height out of range (the node is not there yet, or a reorg shortened its chain).
    if (error instanceof NodeError && error.rpcCode === -8) return null;
    throw error;
  }
}

export async function scanBlock(rpc: RpcClient, height: number): Promise<ScannedBlock | null> {
  const hash = await blockHashAt(rpc, height);
  if (hash === null) return null;
  const block = await rpc.call<RawBlock>('getblock', [hash, 2]);
  if (!block || !Array.isArray(block.tx) || block.height !== height || block.hash !== hash) {
    throw new NodeError('malformed', `Block ${height} is not the block asked for`);
  }
  const previousHash = height === 0 ? NO_PARENT : assertHash(block.previousblockhash, 'A previous block hash');
  return { height, hash, previousHash, outputs: block.tx.flatMap(outputsOf) };
}

export interface NodeTransaction {
  readonly txid: string;
  readonly outputs: readonly BlockOutput[];
  readonly confirmations: number;
  readonly blockHash?: string;
}

/** A transaction the node knows (mempool, or any block with `txindex=1`), or null. */
export async function readTransaction(rpc: RpcClient, txid: string): Promise<NodeTransaction | null> {
  let raw: RawTransaction;
  try {
    raw = await rpc.call<RawTransaction>('getrawtransaction', [txid, true]);
  } catch (error) {
    if (error instanceof NodeError && error.rpcCode === -5) return null;
    throw error;
  }
  const confirmations = raw.confirmations === undefined ? 0 : count(raw.confirmations, 'A confirmation count');
  return {
    txid: assertHash(raw.txid, 'A transaction id'),
    outputs: outputsOf(raw),
    confirmations,
    ...(confirmations > 0 ? { blockHash: assertHash(raw.blockhash, 'A block hash') } : {}),
  };
}
