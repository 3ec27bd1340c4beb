// The devnet's journal in PostgreSQL (tables devnet_chains, devnet_blocks, devnet_transactions;
// ADR 0048): each batch a chain hands over (one per block or broadcast) is one transaction, and on
// start the snapshots are read back to rebuild the devnet exactly. Batches from the six chains go
// one at a time over the connection that holds the devnet lock (devnet-lock.ts), so only the lock's
// holder ever writes.
import type pg from 'pg';
import type {
  ChainBlock,
  ChainId,
  DevnetChanges,
  DevnetJournal,
  DevnetMarket,
  DevnetSnapshot,
  TxRecord,
} from '@rora/chains';
import { CHAINS, getNetwork, isChainId } from '@rora/chains';

interface ChainRow {
  chain: string;
  height: string;
  seq: string;
  base_rate_milli: string;
  random_state: number[];
  background: { rate: string; seq: number; expiresAfter?: number }[];
}

interface BlockRow {
  chain: string;
  height: string;
  hash: string;
  previous_hash: string;
  time_ms: string;
  txids: string[];
}

interface TransactionRow {
  chain: string;
  txid: string;
  seq: string;
  network: string;
  from_address: string;
  to_address: string;
  amount: string;
  destination_tag: string | null;
  fee_rate: string;
  fee: string;
  nonce: string | null;
  external: boolean;
  withdrawal_id: string | null;
  broadcast_key: string | null;
  broadcast_fingerprint: string | null;
  broadcast_sweep: boolean | null;
  state: TxRecord['state'];
  block_height: string | null;
  block_hash: string | null;
  failure_reason: string | null;
  replaced_by: string | null;
  fee_paid: string;
}

const UPSERT_TRANSACTIONS = `
INSERT INTO devnet_transactions
SELECT $1, r.* FROM jsonb_to_recordset($2::jsonb) AS r(
  txid text, seq bigint, network text, asset text, fee_asset text, from_address text, to_address text,
  amount numeric, destination_tag bigint, fee_rate numeric, fee numeric, nonce bigint, external boolean,
  withdrawal_id text, broadcast_key text, broadcast_fingerprint text, broadcast_sweep boolean, state text,
  block_height bigint, block_hash text, failure_reason text, replaced_by text, fee_paid numeric)
ON CONFLICT (chain, txid) DO UPDATE SET state = excluded.state, block_height = excluded.block_height,
  block_hash = excluded.block_hash, failure_reason = excluded.failure_reason,
  replaced_by = excluded.replaced_by, fee_paid = excluded.fee_paid`;

const INSERT_BLOCKS = `
INSERT INTO devnet_blocks (chain, height, hash, previous_hash, time_ms, txids)
SELECT $1, r.height, r.hash, r.previous_hash, r.time_ms, ARRAY(SELECT jsonb_array_elements_text(r.txids))
FROM jsonb_to_recordset($2::jsonb) AS r(height bigint, hash text, previous_hash text, time_ms bigint, txids jsonb)
ON CONFLICT (chain, height) DO NOTHING`;

const UPSERT_CHAIN = `
INSERT INTO devnet_chains (chain, height, seq, base_rate_milli, random_state, background, updated_at)
VALUES ($1, $2, $3, $4, $5, $6::jsonb, now())
ON CONFLICT (chain) DO UPDATE SET height = excluded.height, seq = excluded.seq,
  base_rate_milli = excluded.base_rate_milli, random_state = excluded.random_state,
  background = excluded.background, updated_at = now()`;

/** One batch, in one transaction: the chain's row first (blocks and transactions refer to it). */
export async function writeDevnetChanges(client: pg.ClientBase, changes: DevnetChanges): Promise<void> {
  const { chain, state } = changes;
  const background = state.background.map((entry) => ({ ...entry, rate: String(entry.rate) }));
  await client.query('BEGIN');
  try {
    await client.query(UPSERT_CHAIN, [
      chain,
      state.height,
      state.seq,
      String(state.baseMilli),
      [...state.random],
      JSON.stringify(background),
    ]);
    if (changes.records.length > 0) {
      await client.query(UPSERT_TRANSACTIONS, [chain, JSON.stringify(changes.records.map(transactionJson))]);
    }
    if (changes.blocks.length > 0)
      await client.query(INSERT_BLOCKS, [chain, JSON.stringify(changes.blocks.map(blockJson))]);
    await client.query('DELETE FROM devnet_blocks WHERE chain = $1 AND height < $2', [chain, changes.keepFrom]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

interface JournalRows {
  chains: pg.QueryResult<ChainRow>;
  blocks: pg.QueryResult<BlockRow>;
  transactions: pg.QueryResult<TransactionRow>;
}

async function readJournalRows(client: pg.ClientBase): Promise<JournalRows> {
  const chains = await client.query<ChainRow>('SELECT * FROM devnet_chains');
  const blocks = await client.query<BlockRow>('SELECT * FROM devnet_blocks ORDER BY chain, height');
  const transactions = await client.query<TransactionRow>('SELECT * FROM devnet_transactions ORDER BY chain, seq');
  return { chains, blocks, transactions };
}

/**
 * The journal's rows as one snapshot. A reader (given the pool) reads while the owner writes: three
 * reads each at its own moment could pair a chain's height with records and blocks written after it,
 * so they share one REPEATABLE READ, read-only transaction. The lock's holder (given its connection)
 * is the only writer, and reads on that connection before it writes.
 */
async function journalRows(source: pg.ClientBase | pg.Pool): Promise<JournalRows> {
  if (!('totalCount' in source)) return readJournalRows(source);
  const client = await source.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const rows = await readJournalRows(client);
    await client.query('COMMIT');
    return rows;
  } catch (error) {
    await client.query('ROLLBACK').catch((lost: unknown) => (broken = lost as Error));
    throw error;
  } finally {
    client.release(broken);
  }
}

/** Every chain the journal holds, ready for `Devnet.restore`. */
export async function readDevnetSnapshots(
  source: pg.ClientBase | pg.Pool,
): Promise<Partial<Record<ChainId, DevnetSnapshot>>> {
  const { chains, blocks, transactions } = await journalRows(source);
  const snapshots: Partial<Record<ChainId, DevnetSnapshot>> = {};
  for (const row of chains.rows) {
    if (!isChainId(row.chain)) throw new Error(`devnet_chains holds an unknown chain ${row.chain}`);
    const chain = row.chain;
    snapshots[chain] = {
      state: {
        height: Number(row.height),
        seq: Number(row.seq),
        baseMilli: BigInt(row.base_rate_milli),
        random: [
          row.random_state[0] ?? 0,
          row.random_state[1] ?? 0,
          row.random_state[2] ?? 0,
          row.random_state[3] ?? 0,
        ],
        background: row.background.map((entry) => ({ ...entry, rate: BigInt(entry.rate) })),
      },
      blocks: blocks.rows.filter((block) => block.chain === chain).map(blockOf),
      records: transactions.rows.filter((tx) => tx.chain === chain).map(recordOf),
    };
  }
  return snapshots;
}

/**
 * One chain's fee market as its owner last wrote it (ADR 0082): the base rate, the background's
 * waiting transactions, and ours still pending (the rest of the mempool, which `replay` would rebuild).
 */
export async function readDevnetMarket(client: pg.ClientBase | pg.Pool, chain: ChainId): Promise<DevnetMarket | null> {
  const { rows } = await client.query<
    Pick<ChainRow, 'base_rate_milli' | 'background'> & { pending: { rate: string; seq: string }[] }
  >(
    `SELECT c.base_rate_milli, c.background,
       (SELECT COALESCE(jsonb_agg(jsonb_build_object('rate', t.fee_rate::text, 'seq', t.seq)), '[]'::jsonb)
          FROM devnet_transactions t WHERE t.chain = c.chain AND t.state = 'pending') AS pending
     FROM devnet_chains c WHERE c.chain = $1`,
    [chain],
  );
  const row = rows[0];
  if (!row) return null;
  const background = row.background.map((entry) => ({ ...entry, rate: BigInt(entry.rate) }));
  const ours = row.pending.map((entry) => ({ rate: BigInt(entry.rate), seq: Number(entry.seq) }));
  return { baseMilli: BigInt(row.base_rate_milli), waiting: [...ours, ...background] };
}

/** A journal over the lock's connection: one batch at a time across chains, errors to the log. */
export function createDevnetJournal(deps: {
  /** The connection holding the devnet lock (taken again if it was lost). */
  connection(): Promise<pg.ClientBase>;
  log: { error(object: object, message: string): void };
}): DevnetJournal {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    write(changes) {
      const run = queue.then(async () => writeDevnetChanges(await deps.connection(), changes));
      queue = run.catch(() => undefined);
      return run;
    },
    failed(error, chain) {
      deps.log.error({ chain, err: error }, 'devnet journal write failed; retrying');
    },
  };
}

function transactionJson(record: TxRecord) {
  return {
    txid: record.txid,
    seq: record.seq,
    network: record.network,
    asset: record.asset,
    fee_asset: record.feeAsset,
    from_address: record.from,
    to_address: record.to,
    amount: String(record.amount),
    destination_tag: record.destinationTag ?? null,
    fee_rate: String(record.feeRate),
    fee: String(record.fee),
    nonce: record.nonce ?? null,
    external: record.external,
    withdrawal_id: record.withdrawalId ?? null,
    broadcast_key: record.broadcast?.key ?? null,
    broadcast_fingerprint: record.broadcast?.fingerprint ?? null,
    broadcast_sweep: record.broadcast?.sweep ?? null,
    state: record.state,
    block_height: record.blockHeight ?? null,
    block_hash: record.blockHash ?? null,
    failure_reason: record.failureReason ?? null,
    replaced_by: record.replacedBy ?? null,
    fee_paid: String(record.feePaid),
  };
}

function blockJson(block: ChainBlock) {
  return {
    height: block.height,
    hash: block.hash,
    previous_hash: block.previousHash,
    time_ms: block.time,
    txids: block.txids,
  };
}

function blockOf(row: BlockRow): ChainBlock {
  const chain = row.chain as ChainId;
  const { hash, txids } = row;
  return { chain, height: Number(row.height), hash, previousHash: row.previous_hash, time: Number(row.time_ms), txids };
}

function recordOf(row: TransactionRow): TxRecord {
  const network = getNetwork(row.network);
  const optional = {
    ...(row.destination_tag === null ? {} : { destinationTag: Number(row.destination_tag) }),
    ...(row.nonce === null ? {} : { nonce: Number(row.nonce) }),
    ...(row.withdrawal_id === null ? {} : { withdrawalId: row.withdrawal_id }),
    ...(row.block_height === null ? {} : { blockHeight: Number(row.block_height), blockHash: row.block_hash ?? '' }),
    ...(row.failure_reason === null ? {} : { failureReason: row.failure_reason }),
    ...(row.replaced_by === null ? {} : { replacedBy: row.replaced_by }),
    ...(row.broadcast_key === null
      ? {}
      : {
          broadcast: {
            key: row.broadcast_key,
            fingerprint: row.broadcast_fingerprint ?? '',
            sweep: row.broadcast_sweep ?? false,
          },
        }),
  };
  return {
    txid: row.txid,
    network: network.id,
    asset: network.asset,
    feeAsset: CHAINS[network.chain].nativeAsset,
    from: row.from_address,
    to: row.to_address,
    amount: BigInt(row.amount),
    feeRate: BigInt(row.fee_rate),
    fee: BigInt(row.fee),
    seq: Number(row.seq),
    external: row.external,
    state: row.state,
    feePaid: BigInt(row.fee_paid),
    ...optional,
  };
}
