// Reads of an Ethereum JSON-RPC node turned into Rora's shapes. A block becomes the transfers it
// makes: native coin paid by successful transactions (the receipt's status says the value moved) and
// `Transfer` events of the configured ERC-20 contracts, read by the block's hash so both come from one
// block. Every field is checked: a malformed answer is a NodeError, never a wrong amount. Value moved
// by contracts (internal transactions) is not seen: that needs a tracing node (ADR 0039).
import { toChecksumAddress } from '../codecs/evm.ts';
import type { NetworkId } from '../networks.ts';
import { NO_PARENT, type BlockOutput, type ScannedBlock } from '../utxo/node-reads.ts';
import { NodeError } from '../utxo/rpc-client.ts';
import { address20, hash32, quantity, smallQuantity, toQuantity, type EvmRpc } from './rpc.ts';

/** keccak256("Transfer(address,address,uint256)"), the ERC-20 event's first topic. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

export interface RawTransaction {
  hash?: unknown;
  from?: unknown;
  to?: unknown;
  value?: unknown;
  input?: unknown;
  nonce?: unknown;
  blockNumber?: unknown;
  blockHash?: unknown;
}
interface RawBlock {
  number?: unknown;
  hash?: unknown;
  parentHash?: unknown;
  baseFeePerGas?: unknown;
  transactions?: unknown;
}
export interface RawReceipt {
  status?: unknown;
  gasUsed?: unknown;
  effectiveGasPrice?: unknown;
  blockNumber?: unknown;
  blockHash?: unknown;
}
interface RawLog {
  address?: unknown;
  topics?: unknown;
  data?: unknown;
  transactionHash?: unknown;
  logIndex?: unknown;
  removed?: unknown;
}

/** One 32-byte ABI word: a Transfer event's amount. */
const WORD = /^0x[0-9a-f]{64}$/i;

/** An EVM block's transfers: each output names the network (ETH or a token) it moves. */
export interface EvmBlockOutput extends BlockOutput {
  readonly network: NetworkId;
}

export async function tipHeight(rpc: EvmRpc): Promise<number> {
  return smallQuantity(await rpc.call('eth_blockNumber'), 'The block number');
}

async function rawBlock(rpc: EvmRpc, height: number | 'latest', full: boolean): Promise<RawBlock | null> {
  const tag = height === 'latest' ? 'latest' : toQuantity(height);
  const block = await rpc.call<RawBlock | null>('eth_getBlockByNumber', [tag, full]);
  if (block === null) return null;
  if (typeof block !== 'object') throw new NodeError('malformed', `Block ${height} is not an object`);
  if (height !== 'latest' && smallQuantity(block.number, 'A block number') !== height) {
    throw new NodeError('malformed', `Block ${height} is not the block asked for`);
  }
  return block;
}

export async function blockHashAt(rpc: EvmRpc, height: number): Promise<string | null> {
  const block = await rawBlock(rpc, height, false);
  return block ? hash32(block.hash, 'A block hash') : null;
}

/** The latest block's base fee per gas, or null on a chain without EIP-1559. */
export async function latestBaseFee(rpc: EvmRpc): Promise<bigint | null> {
  const block = await rawBlock(rpc, 'latest', false);
  if (!block) throw new NodeError('malformed', 'The node has no latest block');
  return block.baseFeePerGas === undefined || block.baseFeePerGas === null
    ? null
    : quantity(block.baseFeePerGas, 'A base fee');
}

export async function receiptOf(rpc: EvmRpc, txid: string): Promise<RawReceipt | null> {
  const receipt = await rpc.call<RawReceipt | null>('eth_getTransactionReceipt', [txid]);
  if (receipt !== null && typeof receipt !== 'object') throw new NodeError('malformed', `Receipt of ${txid}`);
  return receipt;
}

export function succeeded(receipt: RawReceipt): boolean {
  return quantity(receipt.status, 'A receipt status') === 1n;
}

/** The native coin paid by a block's successful transactions (one output per transaction, index 0). */
async function nativeOutputs(
  rpc: EvmRpc,
  network: NetworkId,
  block: RawBlock,
  hot: string | undefined,
): Promise<EvmBlockOutput[]> {
  if (!Array.isArray(block.transactions)) throw new NodeError('malformed', 'A block has no transaction list');
  // The hot wallet's payments to deposit addresses are gas top-ups for sweeps (ADR 0044), not deposits.
  const fromHot = (tx: RawTransaction) => hot !== undefined && String(tx.from).toLowerCase() === hot;
  const paying = (block.transactions as RawTransaction[]).filter(
    (tx) =>
      typeof tx === 'object' && tx !== null && tx.to !== null && quantity(tx.value, 'A value') > 0n && !fromHot(tx),
  );
  // Concurrent calls travel as one batched request.
  const receipts = await Promise.all(paying.map((tx) => receiptOf(rpc, hash32(tx.hash, 'A transaction hash'))));
  return paying.flatMap((tx, index) => {
    const receipt = receipts[index];
    if (!receipt || !succeeded(receipt)) return [];
    const txid = hash32(tx.hash, 'A transaction hash');
    const address = toChecksumAddress(address20(tx.to, 'A recipient'));
    return [{ network, txid, outputIndex: 0, address, amount: quantity(tx.value, 'A value') }];
  });
}

/** `Transfer` events of the configured contracts in the block `hash` (read by hash: EIP-234). */
async function tokenOutputs(
  rpc: EvmRpc,
  hash: string,
  contracts: ReadonlyMap<string, NetworkId>,
): Promise<EvmBlockOutput[]> {
  if (contracts.size === 0) return [];
  const filter = { blockHash: hash, address: [...contracts.keys()], topics: [TRANSFER_TOPIC] };
  const logs = await rpc.call<RawLog[]>('eth_getLogs', [filter]);
  if (!Array.isArray(logs)) throw new NodeError('malformed', 'eth_getLogs did not answer a list');
  return logs.flatMap((log) => {
    const network = contracts.get(address20(log.address, 'A log address'));
    const topics = log.topics;
    // Not ours, removed, or not the standard three-topic Transfer (ERC-721 has four).
    if (!network || log.removed === true || !Array.isArray(topics) || topics.length !== 3) return [];
    if (typeof log.data !== 'string' || !WORD.test(log.data)) throw new NodeError('malformed', 'A Transfer amount');
    const amount = BigInt(log.data);
    if (amount === 0n) return [];
    const to = hash32(topics[2], 'A Transfer topic');
    return [
      {
        network,
        txid: hash32(log.transactionHash, 'A log transaction hash'),
        outputIndex: smallQuantity(log.logIndex, 'A log index'),
        address: toChecksumAddress(`0x${to.slice(26)}`),
        amount,
      },
    ];
  });
}

/** The block at `height` as the deposit scanner reads it, or null when the node is not there yet. */
export async function scanBlock(
  rpc: EvmRpc,
  height: number,
  networks: {
    readonly native: NetworkId;
    readonly contracts: ReadonlyMap<string, NetworkId>;
    /** The hot wallet (lower case), whose native payments are not deposits. */
    readonly hot?: string;
  },
): Promise<(ScannedBlock & { readonly outputs: readonly EvmBlockOutput[] }) | null> {
  const block = await rawBlock(rpc, height, true);
  if (!block) return null;
  const hash = hash32(block.hash, 'A block hash');
  const previousHash = height === 0 ? NO_PARENT : hash32(block.parentHash, 'A parent hash');
  const [native, tokens] = await Promise.all([
    nativeOutputs(rpc, networks.native, block, networks.hot),
    tokenOutputs(rpc, hash, networks.contracts),
  ]);
  return { height, hash, previousHash, outputs: [...native, ...tokens] };
}
