// A private Litecoin Core node for tests: `litecoind -regtest` on free ports with a temporary data
// directory, stopped and deleted by `stop()`. Blocks are mined on demand (`mine`), so no test waits
// for time. Where litecoind is not installed the suites say so in one line and skip, except under
// CI=true, where a missing node fails the run (`.ci/run` installs the Debian package).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRpcClient, type RpcClient } from '../rpc-client.ts';

export interface RegtestNode {
  readonly url: string;
  readonly rpc: RpcClient;
  /** The node's own wallet, funded by mining: pays deposits and receives withdrawals. */
  readonly miner: { address: string; send(to: string, coins: string): Promise<string> };
  /** Mines `count` blocks (to the miner); returns their hashes. */
  mine(count: number): Promise<string[]>;
  stop(): Promise<void>;
}

const USER = 'rora';
const PASSWORD = 'regtest-only';

/** The litecoind binary, or null when it is not installed. */
export function litecoindBinary(): string | null {
  const configured = process.env.LITECOIND;
  if (configured) return configured;
  const found = spawnSync('sh', ['-c', 'command -v litecoind'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

/** Whether the regtest suites run here; prints the one line that says why not. */
export function regtestAvailable(suite: string): boolean {
  if (litecoindBinary()) return true;
  if (process.env.CI === 'true') return true; // the suite then fails in beforeAll: CI must have the node
  console.warn(
    `[${suite}] litecoind is not installed: the Litecoin regtest tests are skipped (apt-get install litecoind)`,
  );
  return false;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForRpc(rpc: RpcClient, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`litecoind exited with code ${child.exitCode}`);
    try {
      await rpc.call('getblockcount');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** `extraArgs`: more litecoind options (the benchmark lifts the mempool's chain limits). */
export async function startRegtestNode(extraArgs: readonly string[] = []): Promise<RegtestNode> {
  const binary = litecoindBinary();
  if (!binary) throw new Error('litecoind is not installed (CI=true needs it: apt-get install litecoind)');
  const dataDir = mkdtempSync(join(tmpdir(), 'rora-ltc-regtest-'));
  const [port, rpcPort] = [await freePort(), await freePort()];
  const child = spawn(
    binary,
    [
      '-regtest',
      `-datadir=${dataDir}`,
      `-port=${port}`,
      `-rpcport=${rpcPort}`,
      `-rpcuser=${USER}`,
      `-rpcpassword=${PASSWORD}`,
      '-rpcbind=127.0.0.1',
      '-rpcallowip=127.0.0.1',
      '-listen=0',
      '-txindex=1',
      '-fallbackfee=0.0001',
      '-rpcworkqueue=256',
      '-printtoconsole=0',
      ...extraArgs,
    ],
    { stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${rpcPort}`;
  const rpc = createRpcClient({ url, username: USER, password: PASSWORD, timeoutMs: 60_000 });
  try {
    await waitForRpc(rpc, child);
    await rpc.call('createwallet', ['miner']);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const address = await rpc.call<string>('getnewaddress', ['', 'bech32'], 'miner');
  const mine = (count: number) => rpc.call<string[]>('generatetoaddress', [count, address], 'miner');
  // Coinbase outputs spend after 100 blocks: 101 gives the miner one spendable 50 LTC coin.
  await mine(101);
  return {
    url: `http://${USER}:${PASSWORD}@127.0.0.1:${rpcPort}`,
    rpc,
    miner: { address, send: (to, coins) => rpc.call<string>('sendtoaddress', [to, coins], 'miner') },
    mine,
    async stop() {
      await rpc.call('stop').catch(() => undefined);
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
