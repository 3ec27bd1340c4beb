// The order server of server-process.ts as a child process, and the customers that use it, for the
// kill-and-restart test and the chaos run: each starts the real server on its
// own database and signs customers in straight through the database (approved, with a session, and
// funded if asked), which is fast.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import type { Database } from '@rora/db';
import { createLedger, type TransferInput } from '@rora/ledger';
import type { AssetSymbol } from '@rora/money';
import { hashToken } from '../../sessions/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../../../..');
const START_TIMEOUT_MS = 60_000;
/** Node's flags for the server, as `npm start` gives them (package.json; ADR 0018). */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

export interface ServerChild {
  child: ChildProcess;
  /** Where it serves, as it printed it: http://host:port. */
  baseUrl: string;
  /** What else its READY line said, word by word (the embedded server's database URL). */
  details: string[];
  /** Everything it printed so far (its stderr too, unless inherited). */
  output(): string;
}

/**
 * Starts `testing/<entry>.ts` (server-process by default), or the script `entryFile`, with Node's
 * flags of `npm start`, on the database at `databaseUrl` if given, with `env` added; resolves once it
 * prints `READY <address> [details]`. Its stderr is kept for the error if it never gets there, or
 * passed through (`stderr: 'inherit'`).
 */
export function startServerChild(options: {
  databaseUrl?: string;
  entry?: string;
  entryFile?: string;
  env?: NodeJS.ProcessEnv;
  nodeArgs?: string[];
  stderr?: 'pipe' | 'inherit';
}): Promise<ServerChild> {
  const entry = options.entryFile ?? path.join(here, `${options.entry ?? 'server-process'}.ts`);
  const database = options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {};
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...(options.nodeArgs ?? []), '--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, ...database, ...options.env },
    stdio: ['ignore', 'pipe', options.stderr ?? 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start: ${output}`));
    }, START_TIMEOUT_MS);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /READY ([^\n]+)\n/.exec(output);
      if (match) {
        clearTimeout(timer);
        const [baseUrl, ...details] = match[1]!.split(' ');
        resolve({ child, baseUrl: baseUrl!, details, output: () => output });
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}): ${output}`));
    });
  });
}

export async function insertSignedInCustomer(
  pool: pg.Pool,
  emailPrefix: string,
): Promise<{ userId: string; token: string }> {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, kyc_status) VALUES ($1, 'test-only', 'approved') RETURNING id`,
    [`${emailPrefix}-${randomBytes(5).toString('hex')}@example.test`],
  );
  const userId = rows[0]!.id;
  const token = randomBytes(32).toString('base64url');
  await pool.query(`INSERT INTO sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`, [
    userId,
    hashToken(token),
  ]);
  return { userId, token };
}

/** Money credited to a customer from the outside world: an asset and its amount in minor units. */
export interface Deposit {
  readonly asset: AssetSymbol;
  readonly amount: bigint;
}

/** The deposit transfers that credit `deposits` to a customer's available balances, from the outside world. */
export function depositTransfers(userId: string, deposits: readonly Deposit[]): TransferInput[] {
  return deposits.map(({ asset, amount }) => ({
    id: randomUUID(),
    asset,
    debit: { system: 'external_world' as const },
    credit: { owner: userId, kind: 'available' as const },
    amount,
    code: 'deposit' as const,
  }));
}

/** insertSignedInCustomer, then `deposits` credited to its available balances in one ledger call. */
export async function insertFundedCustomer(
  database: Pick<Database, 'db' | 'pool'>,
  options: { emailPrefix: string; deposits: readonly Deposit[] },
): Promise<{ userId: string; token: string }> {
  const customer = await insertSignedInCustomer(database.pool, options.emailPrefix);
  await createLedger().transferMany(database.db, depositTransfers(customer.userId, options.deposits));
  return customer;
}
