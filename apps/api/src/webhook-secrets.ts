// The sandbox's webhook secrets. When IDENTITY_WEBHOOK_SECRET or ONRAMP_WEBHOOK_SECRET is unset (never
// in production, which requires both: ADR 0020), each data folder gets random ones, kept in
// <RORA_DATA_DIR>/webhook-secrets.json with mode 0600: made on the first start, read on the next. No
// secret is written in the source, so a copy of the code forges no webhook of a running sandbox.
import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Config } from './config.ts';

export const WEBHOOK_SECRETS_FILE = 'webhook-secrets.json';

const storedSecrets = z.object({ identity: z.string().min(32), onramp: z.string().min(32) });
type StoredSecrets = z.infer<typeof storedSecrets>;

const randomSecret = () => randomBytes(32).toString('base64url');

/** Writes fresh secrets unless the file exists; atomic (link), so two starts at once agree on one file. */
function createOnce(file: string): StoredSecrets | null {
  const secrets = { identity: randomSecret(), onramp: randomSecret() };
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

function readStored(file: string): StoredSecrets {
  // Someone may have loosened it; the secrets sign money-moving webhooks.
  chmodSync(file, 0o600);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    json = undefined;
  }
  const parsed = storedSecrets.safeParse(json);
  if (!parsed.success) {
    throw new Error(`${file} does not hold the sandbox's webhook secrets: remove it and start again for new ones`);
  }
  return parsed.data;
}

/** The secrets of the data folder `dataDir`, made on first use. */
export function dataDirWebhookSecrets(dataDir: string): StoredSecrets {
  const folder = path.resolve(dataDir);
  // The file is 0600; the folder keeps the default mode, because the embedded PostgreSQL runs as its
  // own user when Rora runs as root and must reach its data in <dataDir>/pg.
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, WEBHOOK_SECRETS_FILE);
  return createOnce(file) ?? readStored(file);
}

/** `config` with both webhook secrets: those given, else the data folder's. */
export function withWebhookSecrets(config: Config): Config {
  if (config.IDENTITY_WEBHOOK_SECRET && config.ONRAMP_WEBHOOK_SECRET) return config;
  const stored = dataDirWebhookSecrets(config.RORA_DATA_DIR);
  return {
    ...config,
    IDENTITY_WEBHOOK_SECRET: config.IDENTITY_WEBHOOK_SECRET ?? stored.identity,
    ONRAMP_WEBHOOK_SECRET: config.ONRAMP_WEBHOOK_SECRET ?? stored.onramp,
  };
}

/** The secret a module signs and checks webhooks with; startServer (or a test app) always sets it. */
export function requireWebhookSecret(
  config: Config,
  name: 'IDENTITY_WEBHOOK_SECRET' | 'ONRAMP_WEBHOOK_SECRET',
): string {
  const secret = config[name];
  if (!secret) throw new Error(`${name} is unset: startServer takes it from RORA_DATA_DIR (webhook-secrets.ts)`);
  return secret;
}
