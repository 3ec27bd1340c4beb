// The signer as a running service: its keys opened with the KEK, the HTTP door on loopback, each
// signature logged as a JSON line. `main.ts` runs it as its own process; tests run it in-process.
import pg from 'pg';
import { loadSealedDepositKeys, mergeDepositKeys } from './deposit-key-store.ts';
import { loadKeys } from './key-store.ts';
import { startSignerServer, type SignerServer } from './http-server.ts';
import type { SignerConfig } from './config.ts';
import { createSigningService, type SignatureRecord, type SigningService } from './signing-service.ts';

export interface RunningSigner {
  readonly url: string;
  readonly service: SigningService;
  close(): Promise<void>;
}

export interface RunOptions {
  /** Where each line goes (stdout by default). */
  readonly log?: (line: string) => void;
  /** Called after a new signature is recorded, before it is answered (tests stop the process here). */
  readonly afterRecord?: (record: SignatureRecord) => void;
}

export async function runSigner(config: SignerConfig, options: RunOptions = {}): Promise<RunningSigner> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
  pool.on('error', () => undefined);
  let server: SignerServer | undefined;
  try {
    const keys = await loadKeys(pool, config.kek, config.kind, config.evm);
    const sealedDeposits = await loadSealedDepositKeys(pool, config.kek, config.kind);
    const depositKeys = mergeDepositKeys(sealedDeposits, config.depositKeys);
    const service = createSigningService({
      pool,
      keys,
      sweeps: { keys: depositKeys, kind: config.kind, evm: config.evm, cold: config.cold },
      onSigned: (record) => {
        log(JSON.stringify({ event: 'signed', ...record, amount: record.amount.toString() }));
        options.afterRecord?.(record);
      },
    });
    server = await startSignerServer({
      service,
      secret: config.secret,
      host: config.host,
      port: config.port,
      onError: (error) => log(JSON.stringify({ event: 'error', error: (error as Error).name })),
    });
    const held = keys.map((key) => `${key.network}:${key.address}`).join(' ') || 'no keys';
    log(JSON.stringify({ event: 'listening', url: server.url, kind: config.kind, keys: held }));
    const running = server;
    return {
      url: running.url,
      service,
      close: async () => {
        await running.close();
        await pool.end();
      },
    };
  } catch (error) {
    await server?.close();
    await pool.end();
    throw error;
  }
}
