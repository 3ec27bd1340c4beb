// The signer process (apps/signer, ADR 0041) for the API's regtest tests, run as `npm run signer`
// runs it: its key imported by its CLI from standard input, then `serve` on a given loopback port.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');
const MAIN = path.join(root, 'apps/signer/src/main.ts');

export interface SignerProcessEnv {
  readonly SIGNER_DATABASE_URL: string;
  readonly SIGNER_KEK: string;
  readonly SIGNER_SECRET: string;
  readonly SIGNER_PORT: string;
  readonly SIGNER_NETWORK_KIND: string;
  /** Other signer settings (an EVM chain id, a token contract, a fee ceiling). */
  readonly [name: string]: string;
}

export function signerEnv(databaseUrl: string, port: number): SignerProcessEnv {
  return {
    SIGNER_DATABASE_URL: databaseUrl,
    SIGNER_KEK: randomBytes(32).toString('hex'),
    SIGNER_SECRET: randomBytes(24).toString('hex'),
    SIGNER_PORT: String(port),
    SIGNER_NETWORK_KIND: 'regtest',
  };
}

function spawnSigner(args: string[], env: SignerProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** `import-key <network> <kind>` with the key (WIF, or hex for EVM) on standard input; resolves to what it printed. */
export function importSignerKey(env: SignerProcessEnv, network: string, wif: string): Promise<string> {
  return runKeyCommand(['import-key', network, env.SIGNER_NETWORK_KIND], env, wif);
}

/** `import-deposit-key <chain>` with the account's xprv on standard input (ADR 0054). */
export function importDepositKey(env: SignerProcessEnv, chain: string, xprv: string): Promise<string> {
  return runKeyCommand(['import-deposit-key', chain], env, xprv);
}

function runKeyCommand(args: string[], env: SignerProcessEnv, input: string): Promise<string> {
  const child = spawnSigner(args, env);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stdin!.end(input);
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(output)))),
  );
}

export interface SignerProcess {
  readonly child: ChildProcess;
  output(): string;
  /** SIGKILL, resolved once it is gone. */
  kill(): Promise<void>;
}

/** `serve`, resolved once it prints READY. */
export function startSignerProcess(env: SignerProcessEnv): Promise<SignerProcess> {
  const child = spawnSigner(['serve'], env);
  child.stdin!.end();
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const process: SignerProcess = {
    child,
    output: () => output,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the signer did not start: ${output}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/READY \S+\n/.test(output)) {
        clearTimeout(timer);
        resolve(process);
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the signer exited: ${output}`));
    });
  });
}
