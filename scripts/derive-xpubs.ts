// Dev tool: prints the public configuration @rora/chains needs (account extended public keys, the XRP
// omnibus address, a Solana address pool, hot wallet addresses) for a BIP39 mnemonic. It is how the
// devnet defaults in packages/chains/src/devnet/dev-keys.ts were made from the public test mnemonic.
// For real funds, run the equivalent inside the signer: a mnemonic must never reach the API's machine.
//
//   RORA_MNEMONIC="abandon ... about" npx tsx scripts/derive-xpubs.ts [--sol-pool 100]
import { ed25519 } from '@noble/curves/ed25519.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import {
  BITCOIN_PARAMS,
  LITECOIN_PARAMS,
  evmAddressFromPublicKey,
  p2wpkhAddress,
  solanaAddressFromPublicKey,
  xrpAddressFromPublicKey,
} from '@rora/chains';

const ZPUB = { public: 0x04b24746, private: 0x04b2430c };
const XPUB = { public: 0x0488b21e, private: 0x0488ade4 };
const HARDENED = 0x8000_0000;

/** SLIP-10 for ed25519: hardened-only derivation, which is why Solana needs an address pool. */
export function slip10Ed25519(seed: Uint8Array, path: readonly number[]): Uint8Array {
  let node = hmac(sha512, utf8ToBytes('ed25519 seed'), seed);
  for (const index of path) {
    const data = new Uint8Array(37);
    data.set(node.subarray(0, 32), 1);
    new DataView(data.buffer).setUint32(33, (index | HARDENED) >>> 0);
    node = hmac(sha512, node.subarray(32), data);
  }
  return ed25519.getPublicKey(node.subarray(0, 32));
}

function publicKeyAt(root: HDKey, path: string): Uint8Array {
  const key = root.derive(path).publicKey;
  if (!key) throw new Error(`No public key at ${path}`);
  return key;
}

export function deriveDevConfig(seed: Uint8Array, solPoolSize: number) {
  const root = HDKey.fromMasterSeed(seed);
  const account = (path: string, versions: typeof XPUB) =>
    HDKey.fromMasterSeed(seed, versions).derive(path).publicExtendedKey;
  const solana = (account: number) => solanaAddressFromPublicKey(slip10Ed25519(seed, [44, 501, account, 0]));
  return {
    deposit: {
      btc: account("m/84'/0'/0'", ZPUB),
      ltc: account("m/84'/2'/0'", ZPUB),
      eth: account("m/44'/60'/0'", XPUB),
      bsc: account("m/44'/60'/0'", XPUB),
      xrpOmnibus: xrpAddressFromPublicKey(publicKeyAt(root, "m/44'/144'/0'/0/0")),
      solPool: Array.from({ length: solPoolSize }, (_, i) => solana(i)),
    },
    hotWallets: {
      btc: p2wpkhAddress(BITCOIN_PARAMS, publicKeyAt(root, "m/84'/0'/1'/0/0")),
      ltc: p2wpkhAddress(LITECOIN_PARAMS, publicKeyAt(root, "m/84'/2'/1'/0/0")),
      eth: evmAddressFromPublicKey(publicKeyAt(root, "m/44'/60'/1'/0/0")),
      bsc: evmAddressFromPublicKey(publicKeyAt(root, "m/44'/60'/1'/0/0")),
      xrp: xrpAddressFromPublicKey(publicKeyAt(root, "m/44'/144'/0'/0/0")),
      sol: solana(1_000_000),
    },
  };
}

function main(): void {
  const mnemonic = (process.env.RORA_MNEMONIC ?? '').trim().replace(/\s+/g, ' ');
  if (!validateMnemonic(mnemonic, wordlist)) {
    console.error('Set RORA_MNEMONIC to a valid English BIP39 mnemonic.');
    process.exit(1);
  }
  const poolFlag = process.argv.indexOf('--sol-pool');
  const poolSize = poolFlag > 0 ? Number(process.argv[poolFlag + 1]) : 100;
  if (!Number.isSafeInteger(poolSize) || poolSize < 0) {
    console.error('--sol-pool takes a whole number');
    process.exit(1);
  }
  console.log(JSON.stringify(deriveDevConfig(mnemonicToSeedSync(mnemonic), poolSize), null, 2));
}

if (import.meta.url === `file://${process.argv[1]}`) main();
