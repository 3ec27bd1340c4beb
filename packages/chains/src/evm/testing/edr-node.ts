// A private EVM node for tests: Hardhat's network (EDR, from npm) in this process, answering standard
// JSON-RPC over HTTP on a free port (EDR_PORTS=4780-4799 picks one in a range), so the adapter talks
// to it exactly as to a real node. Blocks are mined on demand (`mine`), a transaction is mined when
// sent (automine), and `snapshot`/`revert` rewrite history to make reorganisations. Where EDR's
// native binding is missing (npm on Node 20 skips it: it declares node >= 22) the suites say so in one
// line and skip, except under CI=true, where the run fails.
import type * as Edr from '@nomicfoundation/edr';
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:http';
import { encodeDeployData, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { testTokenContract } from './erc20.ts';

const require = createRequire(import.meta.url);

export const EDR_CHAIN_ID = 31337;
/** The node's funded account: it pays deposits and deploys the tokens (test material only). */
export const EDR_FUNDER_KEY = `0x${'ac'.repeat(32)}` as const;
/** The hot wallet key of the EVM tests (test material, worthless everywhere). */
export const EDR_HOT_KEY = `0x${'5e'.repeat(32)}` as const;

export interface EdrNode {
  readonly url: string;
  readonly funder: string;
  call<T>(method: string, params?: readonly unknown[]): Promise<T>;
  /** Sends from the funder (native coin, or a call) and returns the transaction hash; mined at once. */
  send(request: { to?: string; value?: bigint; data?: Hex }): Promise<string>;
  /** Deploys a RoraTestToken; the funder holds its supply. Returns the contract address. */
  deployToken(symbol: string, decimals: number, supply: bigint): Promise<string>;
  /** Transfers tokens of `contract` from the funder. */
  sendToken(contract: string, to: string, amount: bigint): Promise<string>;
  mine(count: number): Promise<void>;
  setBalance(address: string, wei: bigint): Promise<void>;
  snapshot(): Promise<string>;
  revert(id: string): Promise<void>;
  stop(): Promise<void>;
}

type EdrModule = typeof Edr;

function loadEdr(): EdrModule | null {
  try {
    return require('@nomicfoundation/edr') as EdrModule;
  } catch {
    return null;
  }
}

/** Whether the EVM suites run here; prints the one line that says why not. */
export function edrAvailable(suite: string): boolean {
  if (loadEdr()) return true;
  if (process.env.CI === 'true') return true; // the suite then fails in beforeAll: CI must have EDR
  console.warn(
    `[${suite}] EDR's native binding is not installed: the EVM tests are skipped (run npm install under Node 24)`,
  );
  return false;
}

let context: Promise<InstanceType<EdrModule['EdrContext']>> | undefined;

async function provider(edr: EdrModule) {
  // One context per process (EDR allows one), its L1 factory registered once.
  context ??= (async () => {
    const created = new edr.EdrContext();
    await created.registerProviderFactory(edr.L1_CHAIN_TYPE, edr.l1ProviderFactory());
    return created;
  })();
  const hardfork = edr.l1HardforkLatest();
  const funder = privateKeyToAccount(EDR_FUNDER_KEY).address;
  const genesis = [
    ...edr.l1GenesisState(hardfork),
    { address: Buffer.from(funder.slice(2), 'hex'), balance: 10n ** 24n },
  ];
  return (await context).createProvider(
    edr.L1_CHAIN_TYPE,
    {
      allowBlocksWithSameTimestamp: true,
      allowUnlimitedContractSize: false,
      bailOnCallFailure: false,
      bailOnTransactionFailure: false,
      chainId: BigInt(EDR_CHAIN_ID),
      coinbase: Buffer.alloc(20, 0xc0),
      defaultTransactionGasLimit: 5_000_000n,
      genesisState: genesis,
      hardfork: edr.l1HardforkToString(hardfork),
      initialBaseFeePerGas: 1_000_000_000n,
      minGasPrice: 0n,
      mining: { autoMine: true, memPool: { order: edr.MineOrdering.Priority } },
      network: { genesisBlockGasLimit: 30_000_000n },
      networkId: BigInt(EDR_CHAIN_ID),
      observability: {},
      ownedAccounts: [EDR_FUNDER_KEY],
      precompileOverrides: [],
    },
    { enable: false, decodeConsoleLogInputsCallback: () => [], printLineCallback: () => undefined },
    { subscriptionCallback: () => undefined },
    new edr.ContractDecoder(),
  );
}

async function listen(server: Server): Promise<number> {
  const [low, high] = (process.env.EDR_PORTS ?? '0-0').split('-').map(Number) as [number, number];
  for (let port = low; port <= high; port += 1) {
    const bound = await new Promise<number | null>((resolve) => {
      server.once('error', () => resolve(null));
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : null);
      });
    });
    if (bound !== null) return bound;
  }
  throw new Error(`No free port in EDR_PORTS=${process.env.EDR_PORTS}`);
}

export async function startEdrNode(): Promise<EdrNode> {
  const edr = loadEdr();
  if (!edr) throw new Error("EDR's native binding is not installed (CI=true needs it)");
  const node = await provider(edr);
  const handle = async (body: string): Promise<string> => {
    const response = await node.handleRequest(body);
    return typeof response.data === 'string' ? response.data : JSON.stringify(response.data);
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      // A batch is answered call by call, in order (EDR takes one request at a time).
      const parsed = JSON.parse(body) as unknown;
      const answer = Array.isArray(parsed)
        ? Promise.all(parsed.map((one) => handle(JSON.stringify(one)))).then((parts) => `[${parts.join(',')}]`)
        : handle(body);
      void answer.then((text) => response.writeHead(200, { 'content-type': 'application/json' }).end(text));
    });
  });
  const port = await listen(server);
  let id = 0;
  const call = async <T>(method: string, params: readonly unknown[] = []): Promise<T> => {
    id += 1;
    const answer = JSON.parse(await handle(JSON.stringify({ jsonrpc: '2.0', id, method, params }))) as {
      result?: T;
      error?: { message: string };
    };
    if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
    return answer.result as T;
  };
  const funder = privateKeyToAccount(EDR_FUNDER_KEY).address;
  const hex = (value: bigint) => `0x${value.toString(16)}`;
  const send: EdrNode['send'] = (request) =>
    call<string>('eth_sendTransaction', [
      {
        from: funder,
        ...(request.to ? { to: request.to } : {}),
        value: hex(request.value ?? 0n),
        ...(request.data ? { data: request.data } : {}),
      },
    ]);
  return {
    url: `http://127.0.0.1:${port}`,
    funder,
    call,
    send,
    async deployToken(symbol, decimals, supply) {
      const { abi, bytecode } = testTokenContract();
      const data = encodeDeployData({ abi, bytecode, args: [`Test ${symbol}`, symbol, decimals, supply] });
      const txid = await send({ data });
      const receipt = await call<{ contractAddress: string }>('eth_getTransactionReceipt', [txid]);
      return receipt.contractAddress;
    },
    sendToken(contract, to, amount) {
      const data = `0xa9059cbb${to.slice(2).toLowerCase().padStart(64, '0')}${amount.toString(16).padStart(64, '0')}`;
      return send({ to: contract, data: data as Hex });
    },
    // One evm_mine per block: blocks reserved by hardhat_mine can report a zero parent hash when first
    // read in full (EDR 0.22), which would look like a reorganisation at every such block.
    async mine(count) {
      for (let index = 0; index < count; index += 1) await call('evm_mine');
    },
    setBalance: async (address, wei) => void (await call('hardhat_setBalance', [address, hex(wei)])),
    snapshot: () => call<string>('evm_snapshot'),
    revert: async (snapshot) => {
      if (!(await call<boolean>('evm_revert', [snapshot]))) throw new Error(`evm_revert ${snapshot} failed`);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
