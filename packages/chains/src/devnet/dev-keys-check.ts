// Tells whether a deposit configuration is the devnet's public test material (dev-keys.ts): keys
// derived from a mnemonic printed in the BIP standards, so anyone can spend what is sent to their
// addresses. Production refuses them even when they are given explicitly (ADR 0020). Keys are
// compared by the addresses they derive, so the same key written another way is still caught.
import { createAddressDeriver, type DepositConfig, type DepositConfigs } from '../derive.ts';
import { networksOnChain, type ChainId } from '../networks.ts';
import { DEVNET_DEPOSIT_CONFIGS, DEVNET_HOT_WALLETS } from './dev-keys.ts';

/** Addresses checked per HD key: the first few a customer would get. */
const HD_ADDRESSES_COMPARED = 3;

function firstAddresses(chain: ChainId, config: DepositConfig): string[] {
  const deriver = createAddressDeriver(chain, config);
  const network = networksOnChain(chain)[0]!.id;
  const count = config.scheme === 'pool' ? config.addresses.length : HD_ADDRESSES_COMPARED;
  return Array.from({ length: count }, (_unused, index) => deriver.derive(network, index).address);
}

/**
 * True when `config` for `chain` hands out any address of the devnet's public keys (or its hot
 * wallet). Throws the deriver's ChainError when the configuration itself is invalid.
 */
export function usesDevnetKeys(chain: ChainId, config: DepositConfig): boolean {
  const devnet = DEVNET_DEPOSIT_CONFIGS[chain];
  const known = new Set([DEVNET_HOT_WALLETS[chain], ...(devnet ? firstAddresses(chain, devnet) : [])]);
  return firstAddresses(chain, config).some((address) => known.has(address));
}

/** The chains of `configs` whose configuration is the devnet's public test material. */
export function chainsOnDevnetKeys(configs: DepositConfigs): ChainId[] {
  return (Object.keys(configs) as ChainId[]).filter((chain) => usesDevnetKeys(chain, configs[chain]!));
}

const knownAddresses = new Map<ChainId, string[]>();

/**
 * Every devnet address of `chain` anyone can spend from: its hot wallet and its first deposit
 * addresses (derived once: a configuration check asks for each setting).
 */
function devnetAddresses(chain: ChainId): string[] {
  let known = knownAddresses.get(chain);
  if (!known) {
    const devnet = DEVNET_DEPOSIT_CONFIGS[chain];
    known = [DEVNET_HOT_WALLETS[chain], ...(devnet ? firstAddresses(chain, devnet) : [])];
    knownAddresses.set(chain, known);
  }
  return known;
}

/**
 * True when `address` on `chain` is one of the devnet's (its hot wallet, a first deposit address),
 * whose keys are public: money sent there is anyone's. EVM addresses compare without their case.
 */
export function isDevnetAddress(chain: ChainId, address: string): boolean {
  const evm = chain === 'eth' || chain === 'bsc';
  const given = evm ? address.trim().toLowerCase() : address.trim();
  return devnetAddresses(chain).some((known) => (evm ? known.toLowerCase() : known) === given);
}
