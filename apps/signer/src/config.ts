// The signer's configuration, from environment variables (README: configuration). Every problem is
// one line naming the variable; secrets are never echoed. The signer never starts without its
// secret and KEK, in any environment, and listens only on a loopback address; in production its
// database link is encrypted or private, by the API's rule (@rora/db, ADR 0076).
import { isIP } from 'node:net';
import { UTXO_NETWORK_KINDS, type NetworkId } from '@rora/chains';
import { ambiguousLinkMessage, certificateChecksProblem, DATABASE_LINK_ADVICE, databaseLinkProblem } from '@rora/db';
import { LocalKek } from './envelope.ts';
import {
  EVM_DEFAULT_CEILING,
  EVM_MAINNET_CHAIN_IDS,
  EVM_SIGNER_CHAINS,
  evmTokenContracts,
  type EvmChainSettings,
} from './evm-keys.ts';
import type { EvmSettings, NetworkKind } from './keys.ts';
import { loadColdAddresses, loadDepositKeys, type DepositKeys } from './sweep-authorization.ts';

export interface SignerConfig {
  readonly databaseUrl: string;
  readonly kek: LocalKek;
  readonly secret: string;
  readonly host: string;
  readonly port: number;
  readonly kind: NetworkKind;
  /** Ethereum and BNB Smart Chain: chain id, fee ceiling and token contracts of each chain signed. */
  readonly evm: EvmSettings;
  /** Deposit account keys the sweeps sign with (SIGNER_<CHAIN>_DEPOSIT_XPRV, ADR 0049). */
  readonly depositKeys: DepositKeys;
  /** Cold-storage addresses the hot wallet may pay (SIGNER_COLD_ADDRESSES, ADR 0049). */
  readonly cold: Readonly<Record<string, readonly string[]>>;
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

const DEFAULT_MAX_FEE_PER_GAS = String(EVM_DEFAULT_CEILING.maxFeePerGas);
const DEFAULT_MAX_GAS = String(EVM_DEFAULT_CEILING.maxGas);
const CHAIN_VARIABLES = {
  eth: { chainId: 'SIGNER_ETH_CHAIN_ID', maxFee: 'SIGNER_ETH_MAX_FEE_PER_GAS_WEI', maxGas: 'SIGNER_ETH_MAX_GAS' },
  bsc: { chainId: 'SIGNER_BSC_CHAIN_ID', maxFee: 'SIGNER_BSC_MAX_FEE_PER_GAS_WEI', maxGas: 'SIGNER_BSC_MAX_GAS' },
} as const;
const TOKEN_CONTRACT_VARIABLES: Partial<Record<NetworkId, string>> = {
  'usdt-erc20': 'SIGNER_USDT_ERC20_CONTRACT',
  'adx-erc20': 'SIGNER_ADX_ERC20_CONTRACT',
  'busd-erc20': 'SIGNER_BUSD_ERC20_CONTRACT',
};

/**
 * SIGNER_<X>_CHAIN_ID (default: the chain's mainnet id when SIGNER_NETWORK_KIND is mainnet; without
 * one the chain's key is not opened), SIGNER_<X>_MAX_FEE_PER_GAS_WEI, SIGNER_<X>_MAX_GAS and the
 * token contracts SIGNER_<TOKEN>_CONTRACT (default: mainnet's on chain id 1).
 */
function evmSettings(env: Env, kind: NetworkKind, problems: string[]): EvmSettings {
  const value = (name: string) => (env[name] === '' ? undefined : env[name]);
  const whole = (name: string, fallback: string | undefined, max: bigint) => {
    const text = value(name) ?? fallback;
    if (text === undefined) return undefined;
    if (!/^[0-9]{1,30}$/.test(text) || BigInt(text) < 1n || BigInt(text) > max) {
      problems.push(`${name}: must be a whole number from 1 to ${max}`);
      return undefined;
    }
    return BigInt(text);
  };
  const configured: Partial<Record<NetworkId, string>> = {};
  for (const [network, name] of Object.entries(TOKEN_CONTRACT_VARIABLES) as [NetworkId, string][]) {
    const contract = value(name);
    if (contract !== undefined && !/^0x[0-9a-fA-F]{40}$/.test(contract)) {
      problems.push(`${name}: must be a 0x-prefixed 20-byte hex address`);
    } else if (contract !== undefined) configured[network] = contract;
  }
  const settings: { -readonly [K in keyof EvmSettings]: EvmChainSettings } = {};
  for (const chain of EVM_SIGNER_CHAINS) {
    const names = CHAIN_VARIABLES[chain];
    const mainnet = EVM_MAINNET_CHAIN_IDS[chain];
    const chainId = whole(names.chainId, kind === 'mainnet' ? String(mainnet) : undefined, 4_294_967_295n);
    const maxFeePerGas = whole(names.maxFee, DEFAULT_MAX_FEE_PER_GAS, 10n ** 15n);
    const maxGas = whole(names.maxGas, DEFAULT_MAX_GAS, 30_000_000n);
    if (chainId === undefined || maxFeePerGas === undefined || maxGas === undefined) continue;
    if (env.NODE_ENV === 'production' && chainId !== BigInt(mainnet)) {
      problems.push(`${names.chainId}: chain ${chainId} is not ${chain} mainnet (${mainnet}): not in production`);
    }
    const id = Number(chainId);
    settings[chain] = { chainId: id, maxFeePerGas, maxGas, tokens: evmTokenContracts(chain, id, configured) };
  }
  return settings;
}

/**
 * The database link, in production, as the API's (ADR 0076): encrypted, or to this machine or its
 * private network. It carries the database password, the sealed keys and every signature. Named by
 * the variable it came from; the value is never printed (it may hold the password). pg reads PGHOST
 * and PGSSLMODE from the same environment when the URL leaves them out, and so does the rule.
 */
function databaseLinkLine(env: Env, name: string, url: string): string | undefined {
  const problem = env.NODE_ENV === 'production' ? databaseLinkProblem(url, env) : undefined;
  if (problem === undefined) return undefined;
  const adr = 'docs/adr/0076-links-off-the-private-network-are-encrypted.md';
  if ('refused' in problem) return `${name}: ${ambiguousLinkMessage(problem.refused, adr)}`;
  return `${name}: ${problem.clearText}, so the database password, the sealed keys and every signature would cross the network in clear text: not in production to a host off this machine and its private network; ${DATABASE_LINK_ADVICE} (${adr})`;
}

/** What `serve` needs; `needs` limits the check for the key commands (which do not listen). */
export function loadSignerConfig(env: Env, needs: 'serve' | 'keys' = 'serve'): SignerConfig {
  const problems: string[] = [];
  const value = (name: string) => (env[name] === '' ? undefined : env[name]);
  const databaseUrl = value('SIGNER_DATABASE_URL') ?? value('DATABASE_URL');
  if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('SIGNER_DATABASE_URL: required, a postgres:// URL (or DATABASE_URL)');
  } else {
    const name = value('SIGNER_DATABASE_URL') ? 'SIGNER_DATABASE_URL' : 'DATABASE_URL';
    const link = databaseLinkLine(env, name, databaseUrl);
    if (link) problems.push(link);
  }
  const certificates = env.NODE_ENV === 'production' ? certificateChecksProblem(env) : undefined;
  if (certificates) problems.push(`NODE_TLS_REJECT_UNAUTHORIZED: ${certificates}`);
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
  const evm = evmSettings(env, UTXO_NETWORK_KINDS.includes(kind) ? kind : 'mainnet', problems);
  const depositKeys = loadDepositKeys(env, problems);
  const cold = loadColdAddresses(env, problems);
  if (problems.length > 0) {
    throw new SignerConfigError(`Invalid signer configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  }
  return { databaseUrl: databaseUrl!, kek: kek!, secret, host, port, kind, evm, depositKeys, cold };
}
