// The signer's configuration, from environment variables (README: configuration). Every problem is
// one line naming the variable; secrets are never echoed. The signer never starts without its
// secret and KEK, in any environment, and listens only on a loopback address.
import { isIP } from 'node:net';
import { UTXO_NETWORK_KINDS } from '@rora/chains';
import { LocalKek } from './envelope.ts';
import type { NetworkKind } from './keys.ts';

export interface SignerConfig {
  readonly databaseUrl: string;
  readonly kek: LocalKek;
  readonly secret: string;
  readonly host: string;
  readonly port: number;
  readonly kind: NetworkKind;
}

export class SignerConfigError extends Error {
  override readonly name = 'SignerConfigError';
}

/** The minimum length of SIGNER_SECRET: 32 characters (for example `openssl rand -hex 32` gives 64). */
export const MIN_SECRET_LENGTH = 32;

function isLoopback(host: string): boolean {
  const name = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (name === 'localhost' || name === '::1') return true;
  return isIP(name) === 4 && name.startsWith('127.');
}

type Env = Readonly<Record<string, string | undefined>>;

/** What `serve` needs; `needs` limits the check for the key commands (which do not listen). */
export function loadSignerConfig(env: Env, needs: 'serve' | 'keys' = 'serve'): SignerConfig {
  const problems: string[] = [];
  const value = (name: string) => (env[name] === '' ? undefined : env[name]);
  const databaseUrl = value('SIGNER_DATABASE_URL') ?? value('DATABASE_URL');
  if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('SIGNER_DATABASE_URL: required, a postgres:// URL (or DATABASE_URL)');
  }
  let kek: LocalKek | undefined;
  try {
    kek = LocalKek.parse(value('SIGNER_KEK') ?? '');
  } catch {
    problems.push('SIGNER_KEK: required, the key-encryption key: 32 bytes as 64 hex digits or base64');
  }
  const secret = value('SIGNER_SECRET') ?? '';
  if (needs === 'serve' && secret.length < MIN_SECRET_LENGTH) {
    problems.push(`SIGNER_SECRET: required, at least ${MIN_SECRET_LENGTH} characters shared with the API`);
  }
  const host = value('SIGNER_HOST') ?? '127.0.0.1';
  if (!isLoopback(host)) problems.push(`SIGNER_HOST: must be a loopback address (got ${JSON.stringify(host)})`);
  const port = Number(value('SIGNER_PORT') ?? '4100');
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push('SIGNER_PORT: must be a port number');
  const kind = (value('SIGNER_NETWORK_KIND') ?? 'mainnet') as NetworkKind;
  if (!UTXO_NETWORK_KINDS.includes(kind)) {
    problems.push(`SIGNER_NETWORK_KIND: must be one of ${UTXO_NETWORK_KINDS.join(', ')}`);
  } else if (env.NODE_ENV === 'production' && kind !== 'mainnet') {
    problems.push(`SIGNER_NETWORK_KIND: \`${kind}\` coins are worthless: not in production`);
  }
  if (problems.length > 0) {
    throw new SignerConfigError(`Invalid signer configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  }
  return { databaseUrl: databaseUrl!, kek: kek!, secret, host, port, kind };
}
