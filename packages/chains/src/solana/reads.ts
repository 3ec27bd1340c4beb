// Reads of a Solana node turned into Rora's shapes, finalized commitment only (a finalized block is
// never rolled back). The deposit scanner walks slots; a slot with no block (skipped by its leader)
// is read as an empty block that carries on its predecessor's hash, so the scanner's parent check
// still holds across it: a block's `previousBlockhash` is the hash of the block before the gap. A
// deposit is what a successful transaction added to an account's lamports (postBalances minus
// preBalances): this counts transfers made by other programs (inner instructions) too.
import { asCount, asMinor, asRecord } from '../json-post.ts';
import type { BlockOutput, ScannedBlock } from '../utxo/node-reads.ts';
import { NodeError } from '../utxo/rpc-client.ts';
import type { SolanaRpc } from './rpc.ts';

/** getBlock errors for a slot that has no block and never will (skipped, or not kept by this node). */
const SKIPPED_SLOT = new Set([-32007, -32009]);
/** How far back the hash of a skipped slot's predecessor is looked for. */
const MAX_SKIPPED_RUN = 1_000;
const FINALIZED = { commitment: 'finalized' } as const;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,88}$/;

function base58Text(value: unknown, what: string): string {
  if (typeof value !== 'string' || !BASE58.test(value)) throw new NodeError('malformed', `${what} is not base58`);
  return value;
}

export async function finalizedSlot(rpc: SolanaRpc): Promise<number> {
  return asCount(await rpc.call('getSlot', [FINALIZED]), 'The finalized slot');
}

export async function finalizedBlockHeight(rpc: SolanaRpc): Promise<number> {
  return asCount(await rpc.call('getBlockHeight', [FINALIZED]), 'The finalized block height');
}

/** The block at `slot` (`none`: header only), or null when the slot was skipped. */
async function getBlock(rpc: SolanaRpc, slot: number, details: 'full' | 'none') {
  try {
    const block = await rpc.call('getBlock', [
      slot,
      {
        ...FINALIZED,
        encoding: 'json',
        transactionDetails: details,
        rewards: false,
        maxSupportedTransactionVersion: 0,
      },
    ]);
    return block === null ? null : asRecord(block, `Block ${slot}`);
  } catch (error) {
    if (error instanceof NodeError && error.rpcCode !== undefined && SKIPPED_SLOT.has(error.rpcCode)) return null;
    throw error;
  }
}

/** The hash of the block at `slot`, or of the last block before it when the slot was skipped. */
export async function slotHash(rpc: SolanaRpc, slot: number): Promise<string | null> {
  if (slot > (await finalizedSlot(rpc))) return null;
  for (let at = slot; at >= Math.max(0, slot - MAX_SKIPPED_RUN); at -= 1) {
    const block = await getBlock(rpc, at, 'none');
    if (block) return base58Text(block.blockhash, 'A blockhash');
  }
  throw new NodeError('malformed', `No block in the ${MAX_SKIPPED_RUN} slots up to ${slot}`);
}

function accountKeys(transaction: Record<string, unknown>, meta: Record<string, unknown>): string[] {
  const message = asRecord(asRecord(transaction.transaction, 'A transaction').message, 'A transaction message');
  if (!Array.isArray(message.accountKeys)) throw new NodeError('malformed', 'A message has no account keys');
  const loaded = meta.loadedAddresses === undefined ? {} : asRecord(meta.loadedAddresses, 'loadedAddresses');
  const list = (value: unknown) => (Array.isArray(value) ? value : []);
  return [...message.accountKeys, ...list(loaded.writable), ...list(loaded.readonly)].map((key) =>
    base58Text(key, 'An account key'),
  );
}

/** What a transaction of a block added to each account's lamports, if it succeeded. */
export function transactionOutputs(value: unknown): BlockOutput[] {
  const transaction = asRecord(value, 'A block transaction');
  const meta = asRecord(transaction.meta, 'A transaction meta');
  if (meta.err !== null) return [];
  const signatures = asRecord(transaction.transaction, 'A transaction').signatures;
  if (!Array.isArray(signatures) || signatures.length === 0)
    throw new NodeError('malformed', 'A transaction has no signature');
  const txid = base58Text(signatures[0], 'A signature');
  const keys = accountKeys(transaction, meta);
  const { preBalances: before, postBalances: after } = meta;
  if (
    !Array.isArray(before) ||
    !Array.isArray(after) ||
    before.length !== keys.length ||
    after.length !== keys.length
  ) {
    throw new NodeError('malformed', `Transaction ${txid} has balances that do not match its accounts`);
  }
  const outputs: BlockOutput[] = [];
  keys.forEach((address, index) => {
    const added = asMinor(after[index], 'A balance') - asMinor(before[index], 'A balance');
    if (added > 0n) outputs.push({ txid, outputIndex: index, address, amount: added });
  });
  return outputs;
}

/** Finalized slot `slot` as the lamports it paid; null above the finalized tip. */
export async function scanSlot(rpc: SolanaRpc, slot: number): Promise<ScannedBlock | null> {
  if (slot > (await finalizedSlot(rpc))) return null;
  const block = await getBlock(rpc, slot, 'full');
  if (block === null) {
    const carried = await slotHash(rpc, slot - 1);
    if (carried === null) return null;
    return { height: slot, hash: carried, previousHash: carried, outputs: [] };
  }
  const transactions = block.transactions;
  if (!Array.isArray(transactions)) throw new NodeError('malformed', `Block ${slot} has no transaction list`);
  return {
    height: slot,
    hash: base58Text(block.blockhash, 'A blockhash'),
    previousHash: base58Text(block.previousBlockhash, 'A previous blockhash'),
    outputs: transactions.flatMap(transactionOutputs),
  };
}
