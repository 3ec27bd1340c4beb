// Addresses production refuses (ADR 0020) where Rora asks for money or keeps it: the devnet's hot
// wallets and first deposit addresses, whose keys come from a mnemonic printed in the BIP standards,
// so anyone can spend what reaches them; and the zero address, which nobody can. The devnet's deposit
// keys are refused in production-config.ts; these are the addresses given one by one.
import { getNetwork, isDevnetAddress, NETWORK_IDS, type ChainId } from '@rora/chains';
import type { Problem } from './production-config.ts';

type Values = Readonly<Record<string, string | undefined>>;

const DEVNET = 'is a devnet address, whose key is public';
const ZERO_ADDRESS = /^0x0{40}$/i;

const HOT_ADDRESSES: ReadonlyArray<readonly [ChainId, string]> = [
  ['btc', 'CHAINS_BTC_HOT_ADDRESS'],
  ['ltc', 'CHAINS_LTC_HOT_ADDRESS'],
  ['eth', 'CHAINS_ETH_HOT_ADDRESS'],
  ['bsc', 'CHAINS_BSC_HOT_ADDRESS'],
  ['xrp', 'CHAINS_XRP_HOT_ADDRESS'],
  ['sol', 'CHAINS_SOL_HOT_ADDRESS'],
];

function shareAddress(values: Values): Problem[] {
  const address = values.SHARE_PAYMENT_ADDRESS;
  if (address === undefined) return [];
  if (ZERO_ADDRESS.test(address)) {
    return [{ name: 'SHARE_PAYMENT_ADDRESS', message: 'is the zero address: what is paid to it is lost' }];
  }
  if (!isDevnetAddress('eth', address)) return [];
  return [{ name: 'SHARE_PAYMENT_ADDRESS', message: `${DEVNET}: anyone could spend what is paid to it` }];
}

/** The first cold address (`network:address`) on a devnet address; the schema has checked the form. */
function coldAddresses(values: Values): Problem[] {
  for (const item of (values.TREASURY_COLD_ADDRESSES ?? '').split(',')) {
    const [network = '', ...rest] = item.trim().split(':');
    if (!(NETWORK_IDS as readonly string[]).includes(network)) continue;
    if (isDevnetAddress(getNetwork(network).chain, rest.join(':'))) {
      const message = `${network}'s cold address ${DEVNET}: anyone could spend what is swept to it`;
      return [{ name: 'TREASURY_COLD_ADDRESSES', message }];
    }
  }
  return [];
}

/** Every address setting production must not run with. */
export function addressProblems(values: Values): Problem[] {
  const hot = HOT_ADDRESSES.filter(
    ([chain, name]) => values[name] !== undefined && isDevnetAddress(chain, values[name]),
  ).map(([, name]) => ({ name, message: `${DEVNET}: anyone could spend the hot wallet` }));
  return [...shareAddress(values), ...coldAddresses(values), ...hot];
}
