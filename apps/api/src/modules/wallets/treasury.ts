// Rora's own coins between its own addresses (ADR 0044), after each reading of a network's balances:
// 1. moves in flight are settled from the chain: final -> their network fee is booked (fee_result ->
//    chain_omnibus) and a cold move's amount moves chain_omnibus -> cold_omnibus (hot_to_cold); failed
//    -> closed (an account chain's failure in a block still books its fee);
// 2. deposit addresses holding coins are swept into the hot wallet: on UTXO chains only when the fee
//    is low (at most 1 % of what is swept: UTXO consolidation waits for cheap blocks); a token address first
//    gets its gas from the hot wallet (a `gas_top_up`), then is swept on a later pass;
// 3. the hot wallet's excess over its ceiling (TREASURY_HOT_CEILINGS) goes to the network's first cold
//    address (TREASURY_COLD_ADDRESSES, watch-only).
// Customer balances are never touched. Ids are derived from what a move is about, so a retry after a
// crash names the same move and the adapter answers with the same transaction.
import { sql } from 'drizzle-orm';
import {
  feeAssetOf,
  getNetwork,
  isChainError,
  NETWORKS,
  type ChainAdapter,
  type NetworkDefinition,
  type NetworkId,
} from '@rora/chains';
import type { Db } from '@rora/db';
import { withTransaction, type Ledger, type LedgerOp } from '@rora/ledger';
import type { Clock } from '../../lib/clock.ts';
import { derivedId } from '../../lib/derived-id.ts';
import type { ChainRegistry } from '../chain-watcher/index.ts';
import type { ChainBalances, ColdAddresses } from './chain-balances.ts';

export interface Treasury {
  run(balances: ChainBalances): Promise<void>;
}

interface TreasuryDeps {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  registry: ChainRegistry;
  cold: ColdAddresses;
  ceilings: Partial<Record<NetworkId, bigint>>;
  sweeps: boolean;
  log: { warn(object: object, message: string): void };
}

interface Move {
  id: string;
  network: NetworkId;
  kind: 'sweep' | 'cold' | 'gas_top_up';
  from: string;
  to: string;
  amount: bigint;
  fee: bigint;
  txid: string;
}

type OpenMove = {
  id: string;
  network: string;
  kind: Move['kind'];
  amount: string;
  fee: string;
  txid: string;
};

/** A sweep of a coin waits until its fee is at most this share of the amount (1 %). */
const SWEEP_MAX_FEE_PER_10_000 = 100n;

async function record(deps: TreasuryDeps, move: Move): Promise<void> {
  await deps.db.execute(sql`
    INSERT INTO chain_sweeps (id, network, kind, from_address, to_address, amount, fee, txid, status, created_at)
    VALUES (${move.id}, ${move.network}, ${move.kind}, ${move.from}, ${move.to}, ${String(move.amount)},
            ${String(move.fee)}, ${move.txid}, 'broadcast', ${deps.clock.now()})
    ON CONFLICT DO NOTHING`);
}

function bookings(move: OpenMove, paid: bigint): LedgerOp[] {
  const network = getNetwork(move.network);
  const ops: LedgerOp[] = [];
  if (paid > 0n) {
    ops.push({
      op: 'transfer',
      id: derivedId(move.id, 'network_fee'),
      asset: feeAssetOf(network),
      debit: { system: 'fee_result' },
      credit: { system: 'chain_omnibus' },
      amount: paid,
      code: 'network_fee',
      metadata: { moveId: move.id, kind: move.kind, txid: move.txid },
    });
  }
  if (move.kind === 'cold') {
    ops.push({
      op: 'transfer',
      id: derivedId(move.id, 'hot_to_cold'),
      asset: network.asset,
      debit: { system: 'cold_omnibus' },
      credit: { system: 'chain_omnibus' },
      amount: BigInt(move.amount),
      code: 'hot_to_cold',
      metadata: { moveId: move.id, txid: move.txid },
    });
  }
  return ops;
}

/** Closes a move once (conditional update) and books it in the same transaction. */
async function close(deps: TreasuryDeps, move: OpenMove, outcome: { settled: boolean; paid: bigint }) {
  await withTransaction(deps.db, async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`
      UPDATE chain_sweeps SET status = ${outcome.settled ? 'settled' : 'failed'}, settled_at = ${deps.clock.now()}
       WHERE id = ${move.id} AND status = 'broadcast' RETURNING id`);
    if (rows.length === 0) return;
    const ops = bookings(move, outcome.paid);
    await deps.ledger.apply(tx, outcome.settled ? ops : ops.filter((op) => 'code' in op && op.code === 'network_fee'));
  });
}

async function settleOpen(deps: TreasuryDeps, network: NetworkDefinition): Promise<void> {
  const { rows } = await deps.db.execute<OpenMove>(sql`
    SELECT id, network, kind, amount::text, fee::text, txid FROM chain_sweeps
     WHERE network = ${network.id} AND status = 'broadcast' ORDER BY created_at`);
  for (const move of rows) {
    const transaction = await deps.registry.adapter(network.id).getTransaction(move.txid);
    if (!transaction) continue;
    const paid = transaction.fee > 0n ? transaction.fee : BigInt(move.fee);
    if (transaction.status === 'confirmed') await close(deps, move, { settled: true, paid });
    else if (transaction.status === 'failed' || transaction.status === 'replaced') {
      await close(deps, move, { settled: false, paid: transaction.blockHeight === undefined ? 0n : paid });
    }
  }
}

/** The native network of a token's chain (usdt-erc20 -> eth), whose hot wallet pays the gas. */
function nativeNetwork(network: NetworkDefinition): NetworkDefinition {
  return Object.values(NETWORKS).find((n) => n.chain === network.chain && !n.token) as NetworkDefinition;
}

async function topUpGas(deps: TreasuryDeps, network: NetworkDefinition, adapter: ChainAdapter, to: string) {
  const native = deps.registry.adapter(nativeNetwork(network).id);
  const gas = (await adapter.estimateFee({ amount: 1n, priority: 'slow' })).fee;
  const id = derivedId(network.id, to, 'gas_top_up', String(await adapter.getBlockHeight()));
  const index = await addressIndex(deps, network.id, to);
  const topUp = { id, to, amount: gas, priority: 'normal' as const };
  const result = await native.broadcast(index === undefined ? topUp : { ...topUp, gasTopUpIndex: index });
  const from = native.hotWalletAddress?.() ?? 'hot';
  await record(deps, { id, network: native.network.id, kind: 'gas_top_up', from, to, amount: gas, ...paid(result) });
}

const paid = (result: { fee: bigint; txid: string }) => ({ fee: result.fee, txid: result.txid });

/** Sweeps that wait for a later pass: too little to pay the fee, or fees too high now. */
const WAIT_CODES = new Set(['sweep_amount_does_not_cover_fee', 'sweep_fee_is_above_one_percent']);

/** The deposit address's allocation index, from which the signer derives its key (ADR 0049). */
async function addressIndex(deps: TreasuryDeps, network: NetworkId, address: string): Promise<number | undefined> {
  const { rows } = await deps.db.execute<{ address_index: number }>(sql`
    SELECT address_index FROM wallets WHERE network = ${network} AND address = ${address} LIMIT 1`);
  return rows[0]?.address_index;
}

async function sweepOne(deps: TreasuryDeps, balances: ChainBalances, from: string, balance: bigint) {
  const network = getNetwork(balances.network);
  const adapter = deps.registry.adapter(network.id);
  if (!adapter.sweep) return;
  // A coin's own fee: sweep only when it is low next to the amount (on UTXO chains this is the wait for
  // cheap blocks to consolidate; on account chains it leaves a token address's gas top-up alone).
  if (!network.token) {
    const fee = (await adapter.estimateFee({ amount: balance, priority: 'slow' })).fee;
    if (fee * 10_000n > balance * SWEEP_MAX_FEE_PER_10_000) return;
  }
  const id = derivedId(network.id, from, 'sweep', String(balance));
  try {
    const result = await adapter.sweep({
      id,
      from,
      index: await addressIndex(deps, network.id, from),
      priority: 'slow',
    });
    const move = { id, network: network.id, kind: 'sweep' as const, from, to: balances.hotAddress };
    await record(deps, { ...move, amount: result.amount, fee: result.fee, txid: result.txid });
  } catch (error) {
    if (isChainError(error) && error.code === 'sweep_needs_gas') return topUpGas(deps, network, adapter, from);
    if (isChainError(error) && WAIT_CODES.has(error.code)) return;
    throw error;
  }
}

async function sweepDeposits(deps: TreasuryDeps, balances: ChainBalances): Promise<void> {
  const { rows } = await deps.db.execute<{ address: string }>(sql`
    SELECT from_address AS address FROM chain_sweeps WHERE network = ${balances.network} AND status = 'broadcast' AND kind = 'sweep'
    UNION SELECT to_address FROM chain_sweeps WHERE status = 'broadcast' AND kind = 'gas_top_up'`);
  const busy = new Set(rows.map((row) => row.address));
  for (const [from, balance] of balances.depositBalances) {
    if (busy.has(from)) continue;
    try {
      await sweepOne(deps, balances, from, balance);
    } catch (error) {
      deps.log.warn({ network: balances.network, error: (error as Error)?.name }, 'sweep not made; next pass retries');
    }
  }
}

async function moveExcessToCold(deps: TreasuryDeps, balances: ChainBalances): Promise<void> {
  const ceiling = deps.ceilings[balances.network];
  const to = deps.cold[balances.network]?.[0];
  if (ceiling === undefined || to === undefined || balances.hot <= ceiling) return;
  const { rows } = await deps.db.execute(sql`
    SELECT 1 FROM chain_sweeps WHERE network = ${balances.network} AND status = 'broadcast' AND kind = 'cold'`);
  if (rows.length > 0) return;
  const amount = balances.hot - ceiling;
  const id = derivedId(balances.network, 'cold', String(balances.height));
  try {
    const adapter = deps.registry.adapter(balances.network);
    const result = await adapter.broadcast({ id, to, amount, priority: 'slow' });
    const move = { id, network: balances.network, kind: 'cold' as const, from: balances.hotAddress, to, amount };
    await record(deps, { ...move, fee: result.fee, txid: result.txid });
  } catch (error) {
    // Short now (sends in flight hold the coins): the next pass looks again.
    if (!isChainError(error)) throw error;
    deps.log.warn({ network: balances.network, code: error.code }, 'cold move not made');
  }
}

export function createTreasury(deps: TreasuryDeps): Treasury {
  return {
    async run(balances) {
      const network = getNetwork(balances.network);
      // Rora's own moves go out where the chain is written (a devnet reader's copy never mines).
      if (!deps.registry.broadcastsHere(network.id)) return;
      await settleOpen(deps, network);
      if (network.chain === 'xrp') return; // one tagged omnibus account: nothing to sweep
      if (deps.sweeps) await sweepDeposits(deps, balances);
      await moveExcessToCold(deps, balances);
    },
  };
}
