// `npm run bench:chains`: how fast the deposit scanner credits deposits from a real node. Starts a
// private litecoind in regtest and a throwaway PostgreSQL, builds the API's services with Litecoin
// read through the node, gives --customers customers their addresses, then sends --deposits deposits
// (separate transactions) and mines them into one block. Measured, in this run:
//   - baseline: reading and parsing that block from the node alone (what any scanner must pay);
//   - the scanner's pass that records every deposit of the block (confirmation 1);
//   - the pass after the 4th confirmation that credits them all: the time from the block that makes
//     them final to the customers' balances (target: under 2 s for 1,000 deposits on 2 cores).
// Then the ledger invariants are checked and every deposit is verified credited once. The same is
// then measured on an EVM node (bench-chains-evm.ts: Hardhat's EDR, ETH and ERC-20 deposits).
// Options: --deposits N (default 1000), --customers N (default 200), --chains ltc,evm (default both).
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { coinsToMinor, minorToCoins } from '@rora/chains';
import { startRegtestNode, type RegtestNode } from '@rora/chains/testing';
import { REGTEST_HOT_KEY, REGTEST_LTC_XPUB } from '@rora/chains/testing';
import { connectDatabase, migrate } from '@rora/db';
import { buildApp, type App } from '../apps/api/src/app.ts';
import { systemClock } from '../apps/api/src/lib/clock.ts';
import { seedAssetCatalogue } from '../apps/api/src/modules/prices/index.ts';
import { loadTestConfig } from '../apps/api/src/testing/test-app.ts';
import { benchEvm } from './bench-chains-evm.ts';
import { assertCreditedOnce, customerAddresses, reportRun, watchCredited } from './bench-chains-shared.ts';
import { startBenchDatabase } from './bench-database.ts';

/** Each prepared coin, and the fee each deposit's transaction pays (about 10 litoshi per vbyte). */
const COIN = 20_000_000n;
const PAYER_FEE = 2_000n;

interface BenchOptions {
  deposits: number;
  customers: number;
  chains: readonly string[];
}

function readOptions(argv: string[]): BenchOptions {
  const value = (name: string, fallback: number) => {
    const at = argv.indexOf(`--${name}`);
    const parsed = at >= 0 ? Number(argv[at + 1]) : fallback;
    if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`--${name} must be a positive integer`);
    return parsed;
  };
  const at = argv.indexOf('--chains');
  const chains = at >= 0 ? String(argv[at + 1]).split(',') : ['ltc', 'evm'];
  if (chains.some((chain) => chain !== 'ltc' && chain !== 'evm')) throw new Error('--chains takes ltc, evm or both');
  return { deposits: value('deposits', 1_000), customers: value('customers', 200), chains };
}

/** Coins for the payer: one confirmed output per deposit, so no deposit waits on another's change. */
async function prepareCoins(node: RegtestNode, count: number): Promise<void> {
  await node.mine(110); // mature coinbase outputs: about 5,500 LTC
  for (let start = 0; start < count; start += 500) {
    const outputs: Record<string, string> = {};
    for (let index = start; index < Math.min(count, start + 500); index += 1) {
      outputs[await node.rpc.call<string>('getnewaddress', ['', 'bech32'], 'miner')] = minorToCoins(COIN);
    }
    await node.rpc.call('sendmany', ['', outputs], 'miner');
  }
  await node.mine(1);
}

/** `count` deposits, each its own transaction spending one prepared coin (no coin selection to wait on). */
async function sendDeposits(node: RegtestNode, addresses: readonly string[], count: number): Promise<void> {
  const coins = (
    await node.rpc.call<{ txid: string; vout: number; amount: number }[]>('listunspent', [1], 'miner')
  ).filter((coin) => coinsToMinor(coin.amount) === COIN);
  if (coins.length < count) throw new Error(`only ${coins.length} prepared coins for ${count} deposits`);
  const change = await node.rpc.call<string>('getnewaddress', ['', 'bech32'], 'miner');
  for (let index = 0; index < count; index += 1) {
    const coin = coins[index]!;
    const amount = 1_000_000n * BigInt((index % 9) + 1);
    const outputs = {
      [addresses[index % addresses.length]!]: minorToCoins(amount),
      [change]: minorToCoins(COIN - amount - PAYER_FEE),
    };
    const raw = await node.rpc.call<string>('createrawtransaction', [[{ txid: coin.txid, vout: coin.vout }], outputs]);
    const signed = await node.rpc.call<{ hex: string }>('signrawtransactionwithwallet', [raw], 'miner');
    await node.rpc.call('sendrawtransaction', [signed.hex]);
  }
}

async function benchLitecoin(options: BenchOptions): Promise<void> {
  const node = await startRegtestNode(['-maxmempool=300']);
  const store = await startBenchDatabase('rora_bench_chains');
  const database = connectDatabase(store.url, { max: 8 });
  let app: App | undefined;
  try {
    await migrate(database.pool);
    const config = loadTestConfig({
      CHAINS_LTC: 'rpc',
      CHAINS_LTC_RPC_URL: node.url,
      CHAINS_LTC_NETWORK: 'regtest',
      CHAINS_LTC_HOT_KEY: REGTEST_HOT_KEY,
      CHAINS_LTC_XPUB: REGTEST_LTC_XPUB,
    });
    app = await buildApp({ config, database, clock: systemClock });
    await seedAssetCatalogue(database);
    const progress = (what: string) => process.stderr.write(`  [${(performance.now() / 1000).toFixed(1)} s] ${what}\n`);
    progress('node and database up');
    const addresses = await customerAddresses(app, database, { count: options.customers, network: 'ltc' });
    progress(`${options.customers} customers with addresses`);
    const scanner = app.services.depositScanner;
    await prepareCoins(node, options.deposits);
    await scanner.scan('ltc');
    progress('coins ready');
    await sendDeposits(node, addresses, options.deposits);
    progress(`${options.deposits} deposits sent`);
    const [hash] = await node.mine(1);
    const height = await node.rpc.call<number>('getblockcount');
    const block = await node.rpc.call<{ nTx: number }>('getblock', [hash, 1]);
    const adapterScanner = app.services.chains.scanned[0]!.scanner;

    let started = performance.now();
    const read = await adapterScanner.block(height);
    const readMs = performance.now() - started;
    const paying = read?.outputs.filter((output) => addresses.includes(output.address)).length ?? 0;

    started = performance.now();
    await scanner.scan('ltc');
    const recordMs = performance.now() - started;
    await node.mine(3);
    started = performance.now();
    // A reader polling the balances sees them credited before the pass ends (it then tells customers).
    const visible = watchCredited(database, paying, started);
    await scanner.scan('ltc');
    const creditMs = performance.now() - started;
    const visibleMs = await visible;

    const credited = await assertCreditedOnce(database, paying);
    console.log(
      `bench:chains on litecoind regtest, ${os.cpus().length} cores, Node ${process.version}: ` +
        `one block of ${block.nTx} transactions paying ${paying} deposits to ${options.customers} customers`,
    );
    await reportRun(database, { confirmations: 4, paying, credited, readMs, recordMs, creditMs, visibleMs });
  } finally {
    await app?.close();
    await database.close();
    await store.stop();
    await node.stop();
  }
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  if (options.chains.includes('ltc')) await benchLitecoin(options);
  if (options.chains.includes('evm')) await benchEvm(options);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
