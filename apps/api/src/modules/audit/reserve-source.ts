// Where the reserves come from: Rora's addresses with their on-chain balances, and the key that
// signs each one's ownership message. The sandbox reads the in-process devnet and signs with the
// devnet's keys, which come from the public BIP39 test mnemonic (so anyone can check them, and they
// must never guard real money: production refuses the devnet, ADR 0020). A live implementation asks
// the chain adapters for balances and the signer (an HSM) for the signatures.
import { hmac } from '@noble/hashes/hmac.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import type pg from 'pg';
import { NETWORK_IDS, NETWORKS, signMessage, type Devnet, type NetworkId, type SignedMessage } from '@rora/chains';

export type ReserveRole = 'hot' | 'deposit' | 'omnibus' | 'cold';

export interface ReserveHolding {
  readonly asset: string;
  readonly network: NetworkId;
  readonly address: string;
  readonly role: ReserveRole;
  readonly balance: bigint;
  /** Where the signer finds the key: a BIP32 path, or a Solana SLIP-10 account. */
  readonly key: { readonly path: string } | { readonly solAccount: number };
}

export interface ReserveSource {
  /** Every platform address holding coins now, with its balance. */
  holdings(): Promise<ReserveHolding[]>;
  /** The ownership message signed with the address's key; null when the signer holds no key for it. */
  sign(holding: ReserveHolding, message: string): Promise<SignedMessage | null>;
}

/** The public BIP39 test mnemonic the devnet's keys come from (packages/chains/src/devnet/dev-keys.ts). */
const DEVNET_MNEMONIC = `${'abandon '.repeat(11)}about`;
/** Paths of the devnet's hot wallets (scripts/derive-xpubs.ts). */
const HOT_KEYS: Record<string, ReserveHolding['key']> = {
  btc: { path: "m/84'/0'/1'/0/0" },
  ltc: { path: "m/84'/2'/1'/0/0" },
  eth: { path: "m/44'/60'/1'/0/0" },
  bsc: { path: "m/44'/60'/1'/0/0" },
  xrp: { path: "m/44'/144'/0'/0/0" },
  sol: { solAccount: 1_000_000 },
};

/** SLIP-10 for ed25519 (hardened only): the key of m/44'/501'/account'/0'. */
function solanaKey(seed: Uint8Array, account: number): Uint8Array {
  let node = hmac(sha512, utf8ToBytes('ed25519 seed'), seed);
  for (const index of [44, 501, account, 0]) {
    const data = new Uint8Array(37);
    data.set(node.subarray(0, 32), 1);
    new DataView(data.buffer).setUint32(33, (index | 0x8000_0000) >>> 0);
    node = hmac(sha512, node.subarray(32), data);
  }
  return node.subarray(0, 32);
}

interface WalletAddressRow {
  network: string;
  address: string;
  derivation_path: string | null;
  address_index: number;
}

export function createDevnetReserveSource(deps: { devnet: Devnet; pool: pg.Pool }): ReserveSource {
  let seed: Uint8Array | undefined;
  const seedOnce = () => (seed ??= mnemonicToSeedSync(DEVNET_MNEMONIC));
  const keyOf = (key: ReserveHolding['key']): Uint8Array => {
    if ('solAccount' in key) return solanaKey(seedOnce(), key.solAccount);
    const privateKey = HDKey.fromMasterSeed(seedOnce()).derive(key.path).privateKey;
    if (!privateKey) throw new Error(`No private key at ${key.path}`);
    return privateKey;
  };
  return {
    async holdings() {
      const hot = NETWORK_IDS.map((network) =>
        holding(deps.devnet, { network, address: deps.devnet.signer.addressFor(network), role: 'hot' }),
      );
      const { rows } = await deps.pool.query<WalletAddressRow>(
        'SELECT DISTINCT network, address, derivation_path, address_index FROM wallets ORDER BY network, address',
      );
      const seen = new Set(hot.map((item) => `${item.network}|${item.address}`));
      const deposits = rows.flatMap((row) => {
        const network = row.network as NetworkId;
        if (!(network in NETWORKS) || seen.has(`${network}|${row.address}`)) return [];
        seen.add(`${network}|${row.address}`);
        const item = holding(deps.devnet, { network, address: row.address, role: 'deposit' }, row);
        return item.balance > 0n ? [item] : [];
      });
      return [...hot, ...deposits];
    },
    async sign(item, message) {
      try {
        return signMessage({
          chain: NETWORKS[item.network].chain,
          address: item.address,
          privateKey: keyOf(item.key),
          message,
        });
      } catch {
        // Not a devnet key (the operator configured their own xpub): control cannot be proven here.
        return null;
      }
    },
  };
}

function holding(
  devnet: Devnet,
  at: { network: NetworkId; address: string; role: ReserveRole },
  row?: WalletAddressRow,
): ReserveHolding {
  const { network, address, role } = at;
  const chain = NETWORKS[network].chain;
  const key = row?.derivation_path
    ? { path: row.derivation_path }
    : role === 'hot' || chain === 'xrp'
      ? (HOT_KEYS[chain] as ReserveHolding['key'])
      : { solAccount: row?.address_index ?? 0 };
  const tagged = chain === 'xrp' && role !== 'hot';
  return {
    asset: NETWORKS[network].asset,
    network,
    address,
    role: tagged ? 'omnibus' : role,
    balance: devnet.balanceOf(network, address),
    key,
  };
}
