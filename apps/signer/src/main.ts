// `npm run signer [-- command]`: the signer process (ADR 0041).
//   serve (default)                  open the keys with SIGNER_KEK and listen on SIGNER_HOST:SIGNER_PORT
//   import-key <network> <kind>      seal the key read from standard input (never from arguments):
//                                    WIF for btc/ltc, 64 hex digits for eth/bsc, a family seed
//                                    for xrp, a 64-byte secret key (base58 or JSON) for sol
//   generate-key <network> <kind>    make a new key, seal it, print its address (the key is never shown)
//   import-deposit-key <chain>       seal a deposit account key (xprv, from standard input) that the
//                                    sweeps sign with: btc, ltc, eth or bsc (ADR 0054)
//   list-keys                        the held keys' networks, addresses and KEK ids
// Prints `READY <url>` once it serves, and stops on SIGINT or SIGTERM.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { SignerConfigError, loadSignerConfig } from './config.ts';
import { listDepositKeys, parseDepositChain, storeDepositKey } from './deposit-key-store.ts';
import { listKeys, storeKey } from './key-store.ts';
import { KeyInputError, generatePrivateKey, parseNetwork, privateKeyFromText } from './keys.ts';
import { runSigner } from './run.ts';

async function keyCommand(command: string, args: string[]): Promise<void> {
  const config = loadSignerConfig(process.env, 'keys');
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 2 });
  try {
    if (command === 'list-keys') {
      for (const key of await listKeys(pool)) console.log(`${key.network} ${key.kind} ${key.address} ${key.kekId}`);
      for (const key of await listDepositKeys(pool))
        console.log(`${key.chain} ${key.kind} deposits ${key.xpub} ${key.kekId}`);
      return;
    }
    if (command === 'import-deposit-key') {
      const chain = parseDepositChain(args[0] ?? '');
      const text = readFileSync(0, 'utf8');
      const xpub = await storeDepositKey(pool, config.kek, { chain, kind: config.kind, text });
      console.log(`${chain} deposit key of ${xpub} sealed under ${config.kek.id}`);
      return;
    }
    const { network, kind } = parseNetwork(args[0] ?? '', args[1] ?? '');
    const privateKey =
      command === 'generate-key'
        ? generatePrivateKey(network)
        : privateKeyFromText(network, kind, readFileSync(0, 'utf8'));
    const stored = await storeKey(pool, config.kek, { network, kind, privateKey });
    privateKey.fill(0);
    console.log(`${stored.network} ${stored.kind} ${stored.address} sealed under ${stored.kekId}`);
  } finally {
    await pool.end();
  }
}

async function serve(): Promise<void> {
  const signer = await runSigner(loadSignerConfig(process.env));
  console.log(`READY ${signer.url}`);
  const stop = () => void signer.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function main(): Promise<void> {
  const [command = 'serve', ...args] = process.argv.slice(2);
  if (command === 'serve') return serve();
  if (['import-key', 'import-deposit-key', 'generate-key', 'list-keys'].includes(command))
    return keyCommand(command, args);
  throw new KeyInputError(
    `Unknown command ${command}: serve, import-key, import-deposit-key, generate-key or list-keys`,
  );
}

main().catch((error: unknown) => {
  const known = error instanceof SignerConfigError || error instanceof KeyInputError;
  // 42P01: no `signer` schema yet; the API applies the migrations (0093) when it starts.
  const noSchema = (error as { code?: string }).code === '42P01';
  console.error(
    known
      ? (error as Error).message
      : noSchema
        ? 'The signer stopped: the database has no signer schema yet; start the API once to apply the migrations'
        : `The signer stopped: ${(error as Error).message}`,
  );
  process.exit(1);
});
