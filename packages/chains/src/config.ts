// Deposit configuration from environment variables, for the API's config loader. Only public material
// is read; a private key pasted by mistake is refused when the derivers are built (extended-key.ts).
import type { DepositConfig, DepositConfigs } from './derive.ts';
import { ChainError } from './errors.ts';
import type { ChainId } from './networks.ts';

/** The variables read, with the chain each configures. */
export const DEPOSIT_ENV_VARIABLES = {
  btc: ['CHAINS_BTC_XPUB'],
  ltc: ['CHAINS_LTC_XPUB'],
  eth: ['CHAINS_ETH_XPUB'],
  bsc: ['CHAINS_BSC_XPUB'],
  xrp: ['CHAINS_XRP_OMNIBUS_ADDRESS', 'CHAINS_XRP_FIRST_TAG'],
  sol: ['CHAINS_SOL_ADDRESSES'],
} as const satisfies Record<ChainId, readonly string[]>;

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The chains configured in `env`; chains left out are absent (the devnet then uses its own keys).
 * `CHAINS_SOL_ADDRESSES` lists the pool separated by commas, spaces or new lines.
 */
export function depositConfigsFromEnv(env: Env): DepositConfigs {
  const value = (name: string): string | undefined => {
    const text = env[name]?.trim();
    return text ? text : undefined;
  };
  const configs: Partial<Record<ChainId, DepositConfig>> = {};
  for (const chain of ['btc', 'ltc', 'eth', 'bsc'] as const) {
    const xpub = value(DEPOSIT_ENV_VARIABLES[chain][0]);
    if (xpub) configs[chain] = { scheme: 'hd', xpub };
  }
  const omnibus = value('CHAINS_XRP_OMNIBUS_ADDRESS');
  const firstTag = value('CHAINS_XRP_FIRST_TAG');
  if (firstTag !== undefined && !/^\d{1,10}$/.test(firstTag)) {
    throw new ChainError('destination_tag_is_invalid', 'CHAINS_XRP_FIRST_TAG must be a whole number');
  }
  if (omnibus)
    configs.xrp = { scheme: 'tagged', address: omnibus, ...(firstTag ? { firstTag: Number(firstTag) } : {}) };
  const pool = value('CHAINS_SOL_ADDRESSES');
  if (pool) configs.sol = { scheme: 'pool', addresses: pool.split(/[\s,]+/).filter(Boolean) };
  return configs;
}
