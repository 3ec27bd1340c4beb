// Reads an account-level extended public key (xpub, zpub, Ltub) from configuration and refuses the
// mistakes that would silently produce wrong or unsafe deposit addresses: a private key in the API's
// configuration, a test-network key, a key of another script type, a key at the wrong depth.
import { HDKey } from '@scure/bip32';
import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { ChainError } from './errors.ts';
import { CHAINS, type ChainId } from './networks.ts';

interface KeyVersion {
  readonly prefix: string;
  readonly kind: 'public' | 'private';
  readonly testnet: boolean;
  /** Chains whose deposit script this key may serve; empty for keys of another script type (BIP49). */
  readonly chains: readonly ChainId[];
}

// SLIP-132 version bytes. BIP49 (P2SH-SegWit) keys are recognised only to refuse them clearly.
const VERSIONS = new Map<number, KeyVersion>([
  [0x0488b21e, { prefix: 'xpub', kind: 'public', testnet: false, chains: ['btc', 'ltc', 'eth', 'bsc'] }],
  [0x04b24746, { prefix: 'zpub', kind: 'public', testnet: false, chains: ['btc', 'ltc'] }],
  [0x019da462, { prefix: 'Ltub', kind: 'public', testnet: false, chains: ['ltc'] }],
  [0x049d7cb2, { prefix: 'ypub', kind: 'public', testnet: false, chains: [] }],
  [0x01b26ef6, { prefix: 'Mtub', kind: 'public', testnet: false, chains: [] }],
  [0x0488ade4, { prefix: 'xprv', kind: 'private', testnet: false, chains: [] }],
  [0x04b2430c, { prefix: 'zprv', kind: 'private', testnet: false, chains: [] }],
  [0x049d7878, { prefix: 'yprv', kind: 'private', testnet: false, chains: [] }],
  [0x019d9cfe, { prefix: 'Ltpv', kind: 'private', testnet: false, chains: [] }],
  [0x01b26792, { prefix: 'Mtpv', kind: 'private', testnet: false, chains: [] }],
  [0x043587cf, { prefix: 'tpub', kind: 'public', testnet: true, chains: [] }],
  [0x04358394, { prefix: 'tprv', kind: 'private', testnet: true, chains: [] }],
  [0x045f1cf6, { prefix: 'vpub', kind: 'public', testnet: true, chains: [] }],
  [0x045f18bc, { prefix: 'vprv', kind: 'private', testnet: true, chains: [] }],
  [0x044a5262, { prefix: 'upub', kind: 'public', testnet: true, chains: [] }],
  [0x044a4e28, { prefix: 'uprv', kind: 'private', testnet: true, chains: [] }],
  [0x0436f6e1, { prefix: 'ttub', kind: 'public', testnet: true, chains: [] }],
]);

const ACCOUNT_DEPTH = 3;
const base58check = createBase58check(sha256);

/**
 * Parses the account-level extended public key configured for a chain. Errors never quote the key:
 * when someone pastes a private key by mistake, it must not reach a log.
 */
export function parseAccountKey(chain: ChainId, text: string): HDKey {
  const what = `The ${CHAINS[chain].name} extended key`;
  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(text.trim());
  } catch {
    throw new ChainError('extended_key_is_invalid', `${what} is not a valid Base58Check extended key`);
  }
  if (bytes.length !== 78) throw new ChainError('extended_key_is_invalid', `${what} has the wrong length`);
  const versionNumber = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
  const version = VERSIONS.get(versionNumber);
  if (!version) throw new ChainError('extended_key_is_invalid', `${what} has unknown version bytes`);
  assertUsable(chain, what, version);
  if (bytes[4] !== ACCOUNT_DEPTH) {
    const path = CHAINS[chain].accountPath ?? 'the account path';
    throw new ChainError(
      'extended_key_must_be_account_level',
      `${what} is at depth ${String(bytes[4])}; configure the account key at ${path} (depth 3)`,
    );
  }
  try {
    return HDKey.fromExtendedKey(text.trim(), { public: versionNumber, private: 0 });
  } catch {
    throw new ChainError('extended_key_is_invalid', `${what} does not hold a valid public key`);
  }
}

function assertUsable(chain: ChainId, what: string, version: KeyVersion): void {
  if (version.kind === 'private') {
    throw new ChainError(
      'extended_key_must_be_public',
      `${what} is a private key (${version.prefix}); remove it from the configuration and configure its public key`,
    );
  }
  if (version.testnet) {
    throw new ChainError('extended_key_is_for_another_network', `${what} is a test network key (${version.prefix})`);
  }
  if (!version.chains.includes(chain)) {
    const path = CHAINS[chain].accountPath ?? '';
    throw new ChainError(
      'extended_key_is_for_another_network',
      `${what} is a ${version.prefix}, which does not fit ${CHAINS[chain].name}; configure the account key at ${path}`,
    );
  }
}
