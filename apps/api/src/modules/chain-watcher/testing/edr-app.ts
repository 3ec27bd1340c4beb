// Shared set-up of the API's EVM tests: the real app on a fresh database with Ethereum (and a USDT
// deployed on the test node) read through a private EDR node (CHAINS_ETH=rpc), and the reads the
// tests assert on.
import { sql } from 'drizzle-orm';
import { DEVNET_DEPOSIT_CONFIGS, EvmRpcAdapter } from '@rora/chains';
import { EDR_CHAIN_ID, EDR_HOT_KEY, type EdrNode } from '@rora/chains/testing';
import { balancesIn } from '@rora/ledger/testing';
import type { TestApp } from '../../../testing/test-app.ts';

export function edrEnv(node: EdrNode, usdt: string): Record<string, string> {
  const eth = DEVNET_DEPOSIT_CONFIGS.eth;
  if (eth?.scheme !== 'hd') throw new Error('The devnet has no Ethereum account key');
  return {
    CHAINS_ETH: 'rpc',
    CHAINS_ETH_RPC_URL: node.url,
    CHAINS_ETH_CHAIN_ID: String(EDR_CHAIN_ID),
    CHAINS_ETH_HOT_KEY: EDR_HOT_KEY,
    CHAINS_ETH_XPUB: eth.xpub,
    CHAINS_USDT_ERC20_CONTRACT: usdt,
  };
}

export function evmAdapter(t: TestApp, network: 'eth' | 'usdt-erc20' = 'eth'): EvmRpcAdapter {
  const adapter = t.app.services.chains.adapter(network);
  if (!(adapter instanceof EvmRpcAdapter)) throw new Error(`${network} is not read through the node`);
  return adapter;
}

/** One scanner pass over Ethereum (its tokens with it). */
export function scanEth(t: TestApp) {
  return t.app.services.depositScanner.scan('eth');
}

export async function available(
  t: TestApp,
  userId: string,
  asset: string,
): Promise<{ available: bigint; held: bigint }> {
  const { available, held } = await balancesIn(t.database.db, userId, asset);
  return { available, held };
}

export async function depositsOf(t: TestApp, txid: string) {
  const { rows } = await t.database.db.execute<{
    network: string;
    status: string;
    confirmations: number;
    amount: string;
  }>(sql`SELECT network, status, confirmations, amount::text FROM chain_deposits WHERE txid = ${txid}`);
  return rows;
}
