// The EVM half of `npm run bench:chains`: Hardhat's EDR node in this process with an ERC-20 deployed,
// the API's services with Ethereum and the token read through it, then one block holding --deposits
// transactions to the customers' addresses, alternately ETH payments and token transfers (the block
// gas limit is raised to hold them). Measured as for Litecoin: the node read of that block (baseline),
// the scanner pass that records the deposits, and the pass at the 12th confirmation that credits them
// (block to balances).
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { EDR_CHAIN_ID, EDR_HOT_KEY, startEdrNode, type EdrNode } from '@rora/chains/testing';
import { DEVNET_DEPOSIT_CONFIGS } from '@rora/chains';
import { connectDatabase, migrate } from '@rora/db';
import { buildApp, type App } from '../apps/api/src/app.ts';
import { systemClock } from '../apps/api/src/lib/clock.ts';
import { seedAssetCatalogue } from '../apps/api/src/modules/prices/index.ts';
import { loadTestConfig } from '../apps/api/src/testing/test-app.ts';
import { assertCreditedOnce, customerAddresses, reportRun, watchCredited } from './bench-chains-shared.ts';
import { startBenchDatabase } from './bench-database.ts';

const GWEI = 10n ** 9n;
/** Room for 1,000 token transfers (about 35,000 to 52,000 gas each) in one block. */
const BLOCK_GAS_LIMIT = 200_000_000n;

function hex(value: bigint): string {
  return `0x${value.toString(16)}`;
}

/** Sends the deposits to the mempool (automine off), then mines them into one block; returns its height. */
async function oneBlockOfDeposits(node: EdrNode, token: string, addresses: readonly string[], count: number) {
  await node.call('evm_setAutomine', [false]);
  await node.call('evm_setBlockGasLimit', [hex(BLOCK_GAS_LIMIT)]);
  for (let index = 0; index < count; index += 1) {
    const to = addresses[index % addresses.length]!;
    const step = BigInt((index % 9) + 1);
    if (index % 2 === 0) await node.send({ to, value: step * 10_000_000n * GWEI });
    else await node.sendToken(token, to, step * 1_000_000n);
  }
  await node.call('evm_mine');
  await node.call('evm_setAutomine', [true]);
  return Number(BigInt(await node.call<string>('eth_blockNumber')));
}

export async function benchEvm(options: { readonly deposits: number; readonly customers: number }): Promise<void> {
  const node = await startEdrNode();
  const token = await node.deployToken('USDT', 6, 10n ** 15n);
  const store = await startBenchDatabase('rora_bench_chains_evm');
  const database = connectDatabase(store.url, { max: 8 });
  let app: App | undefined;
  try {
    await migrate(database.pool);
    const eth = DEVNET_DEPOSIT_CONFIGS.eth;
    if (eth?.scheme !== 'hd') throw new Error('The devnet has no Ethereum account key');
    const config = loadTestConfig({
      CHAINS_ETH: 'rpc',
      CHAINS_ETH_RPC_URL: node.url,
      CHAINS_ETH_CHAIN_ID: String(EDR_CHAIN_ID),
      CHAINS_ETH_HOT_KEY: EDR_HOT_KEY,
      CHAINS_ETH_XPUB: eth.xpub,
      CHAINS_USDT_ERC20_CONTRACT: token,
      // Sweeps are their own work after the credit (and the hot key here cannot sign them): measured is
      // the watcher, as on Litecoin.
      TREASURY_SWEEPS: 'off',
    });
    app = await buildApp({ config, database, clock: systemClock });
    await seedAssetCatalogue(database);
    const addresses = await customerAddresses(app, database, { count: options.customers, network: 'eth' });
    const scanner = app.services.depositScanner;
    await scanner.scan('eth');
    const height = await oneBlockOfDeposits(node, token, addresses, options.deposits);
    const block = await node.call<{ transactions: string[] }>('eth_getBlockByNumber', [hex(BigInt(height)), false]);
    const adapterScanner = app.services.chains.scanned.find((entry) => entry.network === 'eth')!.scanner;

    let started = performance.now();
    const read = await adapterScanner.block(height);
    const readMs = performance.now() - started;
    const wanted = new Set(addresses);
    const paying = read?.outputs.filter((output) => wanted.has(output.address)).length ?? 0;

    started = performance.now();
    await scanner.scan('eth');
    const recordMs = performance.now() - started;
    await node.mine(11);
    started = performance.now();
    const visible = watchCredited(database, paying, started);
    await scanner.scan('eth');
    const creditMs = performance.now() - started;
    const visibleMs = await visible;
    const credited = await assertCreditedOnce(database, paying);
    console.log(
      `bench:chains on EDR (Hardhat's EVM), ${os.cpus().length} cores, Node ${process.version}: one block of ` +
        `${block.transactions.length} transactions paying ${paying} ETH and USDT deposits to ${options.customers} customers`,
    );
    await reportRun(database, { confirmations: 12, paying, credited, readMs, recordMs, creditMs, visibleMs });
  } finally {
    await app?.close();
    await database.close();
    await store.stop();
    await node.stop();
  }
}
