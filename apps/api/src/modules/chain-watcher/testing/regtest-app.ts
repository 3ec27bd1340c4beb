// Shared set-up of the API's Litecoin regtest tests: the real app on a fresh database with Litecoin
// read through a private litecoind (CHAINS_LTC=rpc), and the reads the tests assert on.
import { sql } from 'drizzle-orm';
import { UtxoRpcAdapter } from '@rora/chains';
import { REGTEST_HOT_KEY, REGTEST_LTC_XPUB, type RegtestNode } from '@rora/chains/testing';
import { balancesIn } from '@rora/ledger/testing';
import type { TestApp } from '../../../testing/test-app.ts';
import { createWalletTestApp } from '../../wallets/testing/wallet-fixtures.ts';

export function regtestEnv(node: RegtestNode): Record<string, string> {
  return {
    CHAINS_LTC: 'rpc',
    CHAINS_LTC_RPC_URL: node.url,
    CHAINS_LTC_NETWORK: 'regtest',
    CHAINS_LTC_HOT_KEY: REGTEST_HOT_KEY,
    CHAINS_LTC_XPUB: REGTEST_LTC_XPUB,
    // Each test's database is new; its watch-only wallet is shared by the node.
    CHAINS_WATCH_WALLET: 'rora-hot',
  };
}

export function createRegtestApp(node: RegtestNode): Promise<TestApp> {
  return createWalletTestApp({ env: regtestEnv(node) });
}

export function ltcAdapter(t: TestApp): UtxoRpcAdapter {
  const adapter = t.app.services.chains.adapter('ltc');
  if (!(adapter instanceof UtxoRpcAdapter)) throw new Error('Litecoin is not read through the node');
  return adapter;
}

/** One scanner pass over Litecoin. */
export function scan(t: TestApp) {
  return t.app.services.depositScanner.scan('ltc');
}

export async function balances(t: TestApp, userId: string): Promise<{ available: bigint; held: bigint }> {
  const { available, held } = await balancesIn(t.database.db, userId, 'LTC');
  return { available, held };
}

export async function depositRow(t: TestApp, txid: string) {
  const { rows } = await t.database.db.execute<{
    status: string;
    confirmations: number;
    block_hash: string | null;
    amount: string;
    id: string;
  }>(sql`SELECT id, status, confirmations, block_hash, amount::text FROM chain_deposits WHERE txid = ${txid}`);
  return rows;
}

/** Mines `count` blocks holding no transaction (a reorganisation's new branch that leaves the mempool be). */
export async function mineEmpty(node: RegtestNode, count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    await node.rpc.call('generateblock', [node.miner.address, []]);
  }
}
