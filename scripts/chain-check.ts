// The chain against the ledger, per asset (part of `npm run ledger:check`, ADR 0044). The coins on
// chain at Rora's addresses (hot wallet, deposit addresses, cold addresses), as the API last read
// them (`chain_balance_observations`, every few blocks, devnet or node), against what the ledger says
// the house holds on chain (minus chain_omnibus and cold_omnibus). The ledger may run ahead of a
// reading by what is in flight: sends broadcast but not yet posted (their amount and network fee may
// already have left), deposits credited after the reading, platform moves not yet final (their fee).
// A shortfall beyond that is a failure: coins the books say Rora holds are not on chain. A surplus is
// reported, not failed: the house's own coins (the devnet's funded hot wallets) or deposits seen on
// chain and not yet credited.
import type pg from 'pg';
import { NETWORKS, feeAssetOf, getNetwork, networksForAsset, type NetworkId } from '@rora/chains';
import { assetScale, formatAmount, type AssetSymbol } from '@rora/money';

export interface AssetComparison {
  readonly asset: string;
  /** Null: a network of this asset has no reading yet. */
  readonly onChain: bigint | null;
  readonly owed: bigint;
  readonly inFlight: bigint;
  readonly verdict: 'ok' | 'surplus' | 'shortfall' | 'unobserved';
  readonly oldestReading: Date | null;
}

interface Observation {
  network: string;
  asset: string;
  total: string;
  observed_at: Date;
}

type Amounts = Map<string, bigint>;
const add = (amounts: Amounts, asset: string, amount: bigint) =>
  amounts.set(asset, (amounts.get(asset) ?? 0n) + amount);

async function owedByAsset(client: pg.PoolClient): Promise<Amounts> {
  const { rows } = await client.query<{ asset: string; owed: string }>(
    `SELECT asset, (-sum(balance))::text AS owed FROM ledger_accounts
      WHERE owner_id IS NULL AND kind IN ('chain_omnibus', 'cold_omnibus') GROUP BY asset`,
  );
  return new Map(rows.map((row) => [row.asset, BigInt(row.owed)]));
}

/** What may have left the chain, or been credited, since each network's reading, per asset. */
async function inFlightByAsset(client: pg.PoolClient, readings: Map<string, Date>): Promise<Amounts> {
  const inFlight: Amounts = new Map();
  const sends = await client.query<{ network: string; amount: string; fee: string }>(
    `SELECT network, amount::text, coalesce(network_fee, fee)::text AS fee FROM wallet_sends
      WHERE kind = 'external' AND status IN ('broadcast', 'confirmed')`,
  );
  for (const send of sends.rows) {
    if (!(send.network in NETWORKS)) continue;
    const network = getNetwork(send.network);
    add(inFlight, network.asset, BigInt(send.amount));
    add(inFlight, feeAssetOf(network), BigInt(send.fee));
  }
  const deposits = await client.query<{ network: string; amount: string; credited_at: Date }>(
    `SELECT network, amount::text, credited_at FROM chain_deposits WHERE status = 'credited'
      AND credited_at > (SELECT min(observed_at) FROM chain_balance_observations)`,
  );
  for (const deposit of deposits.rows) {
    const reading = readings.get(deposit.network);
    if (reading && deposit.credited_at > reading)
      add(inFlight, getNetwork(deposit.network).asset, BigInt(deposit.amount));
  }
  const moves = await client.query<{ network: string; fee: string }>(
    `SELECT network, fee::text FROM chain_sweeps WHERE status = 'broadcast'`,
  );
  for (const move of moves.rows) add(inFlight, feeAssetOf(getNetwork(move.network)), BigInt(move.fee));
  return inFlight;
}

function compareAsset(
  asset: AssetSymbol,
  facts: { observations: readonly Observation[]; owed: Amounts; inFlight: Amounts },
): AssetComparison[] {
  const rows = facts.observations.filter((row) => row.asset === asset);
  const owed = facts.owed.get(asset) ?? 0n;
  if (owed === 0n && rows.length === 0) return [];
  const inFlight = facts.inFlight.get(asset) ?? 0n;
  const read = new Set(rows.map((row) => row.network));
  const complete = networksForAsset(asset).every((network) => read.has(network.id as NetworkId));
  const oldestReading = rows.length === 0 ? null : new Date(Math.min(...rows.map((row) => row.observed_at.getTime())));
  if (!complete) return [{ asset, onChain: null, owed, inFlight, verdict: 'unobserved', oldestReading }];
  const onChain = rows.reduce((total, row) => total + BigInt(row.total), 0n);
  const verdict = owed - onChain > inFlight ? 'shortfall' : onChain > owed ? 'surplus' : 'ok';
  return [{ asset, onChain, owed, inFlight, verdict, oldestReading }];
}

/** Compares, in one REPEATABLE READ snapshot, each asset that is on a chain. */
export async function compareChainBalances(pool: pg.Pool): Promise<AssetComparison[]> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const observations = await client.query<Observation>(
      `SELECT network, asset, (hot + deposits + cold)::text AS total, observed_at FROM chain_balance_observations`,
    );
    const readings = new Map(observations.rows.map((row) => [row.network, row.observed_at]));
    const owed = await owedByAsset(client);
    const inFlight = await inFlightByAsset(client, readings);
    await client.query('COMMIT');
    const assets = [...new Set(Object.values(NETWORKS).map((network) => network.asset))].sort();
    return assets.flatMap((asset) => compareAsset(asset, { observations: observations.rows, owed, inFlight }));
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** One line per asset; returns whether any asset is short. */
export function printChainComparison(comparisons: readonly AssetComparison[], print: (line: string) => void): boolean {
  print('On chain versus ledger (hot + deposit + cold addresses against chain_omnibus + cold_omnibus):');
  if (comparisons.length === 0) print('  no asset on a chain yet');
  for (const item of comparisons) {
    const scale = assetScale(item.asset as AssetSymbol);
    const show = (amount: bigint) => `${formatAmount(amount, scale)} ${item.asset}`;
    const at = item.oldestReading ? ` (read ${item.oldestReading.toISOString()})` : '';
    if (item.onChain === null) {
      print(`  ??   ${item.asset}: not read on every network yet; the ledger holds ${show(item.owed)}${at}`);
      continue;
    }
    const difference = item.onChain - item.owed;
    const label = { ok: 'ok  ', surplus: 'ok  ', shortfall: 'FAIL', unobserved: '??  ' }[item.verdict];
    const note =
      item.verdict === 'shortfall'
        ? `short by ${show(-difference)}, beyond ${show(item.inFlight)} in flight`
        : item.verdict === 'surplus'
          ? `surplus ${show(difference)} (the house's own coins, or deposits not yet credited)`
          : `within ${show(item.inFlight)} in flight`;
    print(`  ${label} ${item.asset}: on chain ${show(item.onChain)}, ledger ${show(item.owed)}; ${note}${at}`);
  }
  return comparisons.some((item) => item.verdict === 'shortfall');
}
