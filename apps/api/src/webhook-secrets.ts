// The sandbox's shared secrets: the webhooks' (ADR 0020) and the key fee quotes are signed with (ADR
// 0080). When IDENTITY_WEBHOOK_SECRET, ONRAMP_WEBHOOK_SECRET or FEE_QUOTE_SECRET is unset (never in
// production, which requires each), each data folder gets random ones, kept with mode 0600 in
// <RORA_DATA_DIR>/webhook-secrets.json and <RORA_DATA_DIR>/fee-quote-secret.json: made on the first
// start, read on the next. Every process on one data folder (`npm run cluster`'s APIs and worker)
// so shares them, and no secret is written in the source, so a copy of the code forges no webhook
// and no fee quote of a running sandbox. The fee quotes' key has a file of its own: a data folder
// made before it keeps its webhook secrets untouched, and its first start makes the key once.
import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Config } from './config.ts';

export const WEBHOOK_SECRETS_FILE = 'webhook-secrets.json';
export const FEE_QUOTE_SECRET_FILE = 'fee-quote-secret.json';

const storedSecrets = z.object({ identity: z.string().min(32), onramp: z.string().min(32) });
type StoredSecrets = z.infer<typeof storedSecrets>;
const storedFeeQuoteSecret = z.object({ feeQuote: z.string().min(32) });

const randomSecret = () => randomBytes(32).toString('base64url');

/** Writes fresh secrets unless the file exists; atomic (link), so two starts at once agree on one file. */
function createOnce<T>(file: string, secrets: T): T | null {
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
    return secrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return null;
    throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}

function readStored<T>(file: string, schema: z.ZodType<T>, what: string): T {
  // Someone may have loosened it; the secrets sign money-moving webhooks and fee quotes.
  chmodSync(file, 0o600);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    json = undefined;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new Error(`${file} does not hold the sandbox's ${what}: remove it and start again for new ones`);
  }
  return parsed.data;
}

/** The file `name` of the data folder `dataDir`, made with `fresh` on first use. */
function dataDirFile<T>(dataDir: string, name: string, stored: { schema: z.ZodType<T>; fresh: () => T; what: string }) {
  const folder = path.resolve(dataDir);
  // The file is 0600; the folder keeps the default mode, because the embedded PostgreSQL runs as its
  // own user when Rora runs as root and must reach its data in <dataDir>/pg.
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, name);
  return createOnce(file, stored.fresh()) ?? readStored(file, stored.schema, stored.what);
}

/** The webhook secrets of the data folder `dataDir`, made on first use. */
export function dataDirWebhookSecrets(dataDir: string): StoredSecrets {
  return dataDirFile(dataDir, WEBHOOK_SECRETS_FILE, {
    schema: storedSecrets,
    fresh: () => ({ identity: randomSecret(), onramp: randomSecret() }),
    what: 'webhook secrets',
  });
}

/** The fee quotes' key of the data folder `dataDir`, made on first use. */
export function dataDirFeeQuoteSecret(dataDir: string): string {
  return dataDirFile(dataDir, FEE_QUOTE_SECRET_FILE, {
    schema: storedFeeQuoteSecret,
    fresh: () => ({ feeQuote: randomSecret() }),
    what: "fee quotes' key",
  }).feeQuote;
}

/** `config` with both webhook secrets and the fee quotes' key: those given, else the data folder's. */
export function withSandboxSecrets(config: Config): Config {
  const webhooks =
    config.IDENTITY_WEBHOOK_SECRET && config.ONRAMP_WEBHOOK_SECRET ? null : dataDirWebhookSecrets(config.RORA_DATA_DIR);
  return {
    ...config,
    IDENTITY_WEBHOOK_SECRET: config.IDENTITY_WEBHOOK_SECRET ?? webhooks?.identity,
    ONRAMP_WEBHOOK_SECRET: config.ONRAMP_WEBHOOK_SECRET ?? webhooks?.onramp,
    FEE_QUOTE_SECRET: config.FEE_QUOTE_SECRET ?? dataDirFeeQuoteSecret(config.RORA_DATA_DIR),
  };
}

/** A shared secret a module signs and checks with; startServer (or a test app) always sets it. */
export function requireSharedSecret(
  config: Config,
  name: 'IDENTITY_WEBHOOK_SECRET' | 'ONRAMP_WEBHOOK_SECRET' | 'FEE_QUOTE_SECRET',
): string {
  const secret = config[name];
  if (!secret) throw new Error(`${name} is unset: startServer takes it from RORA_DATA_DIR (webhook-secrets.ts)`);
  return secret;
}
