// Devnet defaults: block intervals shortened so a deposit confirms within seconds on a laptop (the real
// intervals are in networks.ts), fee markets sized like each chain's, and hot wallets funded at genesis.
import { parseAssetAmount } from '@rora/money';
import { NETWORK_IDS, NETWORKS, type ChainId, type NetworkId } from '../networks.ts';
import type { DevnetChainParams } from './chain.ts';

const GWEI = 1_000_000_000n;

export const DEVNET_CHAIN_PARAMS: Readonly<Record<ChainId, DevnetChainParams>> = {
  // sat/vB; 2 confirmations in about 20 s.
  btc: { blockIntervalMs: 10_000, capacity: 20, floorRate: 1n, initialRate: 8n, maxRate: 2_000n, trafficPerBlock: 12 },
  // litoshi/vB; 4 confirmations in about 20 s.
  ltc: { blockIntervalMs: 5_000, capacity: 20, floorRate: 1n, initialRate: 4n, maxRate: 1_000n, trafficPerBlock: 12 },
  // wei/gas; 12 confirmations in about 36 s.
  eth: {
    blockIntervalMs: 3_000,
    capacity: 30,
    floorRate: GWEI,
    initialRate: 15n * GWEI,
    maxRate: 500n * GWEI,
    trafficPerBlock: 20,
  },
  // wei/gas; 15 confirmations in about 15 s.
  bsc: {
    blockIntervalMs: 1_000,
    capacity: 30,
    floorRate: GWEI,
    initialRate: 3n * GWEI,
    maxRate: 100n * GWEI,
    trafficPerBlock: 20,
  },
  // drops per transaction; one validated ledger.
  xrp: {
    blockIntervalMs: 2_000,
    capacity: 30,
    floorRate: 10n,
    initialRate: 12n,
    maxRate: 10_000n,
    trafficPerBlock: 20,
  },
  // lamports per signature; 32 confirmations in about 13 s.
  sol: {
    blockIntervalMs: 400,
    capacity: 50,
    floorRate: 5_000n,
    initialRate: 5_000n,
    maxRate: 1_000_000n,
    trafficPerBlock: 33,
  },
};

// The house's own coins. The sandbox's books fund the house from outside (swap inventory, staking
// rewards pools, the market maker's inventory: 29.5 million USDT, 136 BTC, 2,080 ETH, 42,000 LTC,
// 13.8 million ADX...), and all of it can pass to customers, so each hot wallet holds more than that
// (apps/api/src/modules/audit/sandbox-house-coins.test.ts, ADR 0078).
const FUNDING: Readonly<Record<NetworkId, string>> = {
  btc: '200',
  ltc: '50000',
  eth: '3000',
  'usdt-erc20': '40000000',
  'adx-erc20': '20000000',
  'busd-erc20': '10000000',
  bsc: '10000',
  xrp: '10000000',
  sol: '100000',
};

/** What each hot wallet holds at genesis, in minor units of the network's asset. */
export const DEVNET_HOT_WALLET_FUNDING: Readonly<Record<NetworkId, bigint>> = Object.fromEntries(
  NETWORK_IDS.map((id) => [id, parseAssetAmount(FUNDING[id], NETWORKS[id].asset).minor]),
) as Record<NetworkId, bigint>;

export const DEVNET_DEFAULT_SEED = 'rora-devnet';
export const DEVNET_DEFAULT_SIGNER_KEY = 'rora-devnet-signer';
/** Blocks kept for `getBlock` and catch-up scans (transactions are kept for good). */
export const DEVNET_RETAIN_BLOCKS = 20_000;
