// Ethereum and BNB Smart Chain keys in the signer (ADR 0041, ADR 0039): one hot key per chain signs
// its native network and its ERC-20 tokens, with the chains package's EvmKeySigner, under this
// signer's own settings, never the caller's: the chain id (EIP-155, so a signature is void on any
// other chain), each token's contract (a token withdrawal is exactly `transfer(to, amount)` on it),
// and a ceiling on the fee cap and gas a request may ask for, so that a compromised API cannot spend
// the hot wallet's coins on gas. The nonce and the fees themselves come from the adapter's request.
import { EvmKeySigner, networksOnChain, type NetworkId, type Signer } from '@rora/chains';
import type { KeyHolder, NetworkKind } from './keys.ts';
import { SignerRefusal } from './refusal.ts';

export const EVM_SIGNER_CHAINS = ['eth', 'bsc'] as const;
export type EvmSignerChain = (typeof EVM_SIGNER_CHAINS)[number];
export const EVM_MAINNET_CHAIN_IDS: Record<EvmSignerChain, number> = { eth: 1, bsc: 56 };

/** Default ceilings: 500 gwei per gas, 200,000 gas (an ERC-20 transfer takes about 65,000). */
export const EVM_DEFAULT_CEILING = { maxFeePerGas: 500_000_000_000n, maxGas: 200_000n } as const;

export interface EvmChainSettings {
  /** The EIP-155 chain id every signature of this chain is bound to. */
  readonly chainId: number;
  /** The most wei per gas a request may offer (its fee cap, or gas price). */
  readonly maxFeePerGas: bigint;
  /** The most gas a request may allow. */
  readonly maxGas: bigint;
  /** The token networks signed on this chain, with their contracts. */
  readonly tokens: Readonly<Partial<Record<NetworkId, string>>>;
}

const HEX_KEY = /^(0x)?[0-9a-f]{64}$/i;
const HEX_ADDRESS = /^0x[0-9a-f]{40}$/i;

/** The 32-byte private key of a hex text (0x optional), or null. */
export function evmPrivateKeyFromHex(text: string): Uint8Array | null {
  const key = text.trim();
  if (!HEX_KEY.test(key)) return null;
  return Uint8Array.from(Buffer.from(key.replace(/^0x/i, ''), 'hex'));
}

/** The token networks of `chain` with their contracts: configured, else mainnet's on chain id 1. */
export function evmTokenContracts(
  chain: EvmSignerChain,
  chainId: number,
  configured: Readonly<Partial<Record<NetworkId, string | undefined>>>,
): Partial<Record<NetworkId, string>> {
  const tokens: Partial<Record<NetworkId, string>> = {};
  for (const network of networksOnChain(chain)) {
    const contract = configured[network.id] ?? (chainId === 1 ? network.token?.contract : undefined);
    if (network.token && contract) tokens[network.id] = contract;
  }
  return tokens;
}

const sameAddress = (a: string, b: string) =>
  HEX_ADDRESS.test(a.trim()) && HEX_ADDRESS.test(b.trim()) && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The holders of one chain's key: its native network and each token network, sharing the key. */
export function evmKeyHolders(
  chain: EvmSignerChain,
  kind: NetworkKind,
  privateKey: Uint8Array,
  settings: EvmChainSettings,
): KeyHolder[] {
  const tokens = Object.entries(settings.tokens) as [NetworkId, string][];
  const inner = new EvmKeySigner({
    chainId: settings.chainId,
    privateKey: Buffer.from(privateKey).toString('hex'),
    networks: [{ network: chain }, ...tokens.map(([network, contract]) => ({ network, contract }))],
  });
  const address = inner.addressFor(chain);
  const signer: Signer = {
    addressFor: (network) => inner.addressFor(network),
    sign: async (transaction) => {
      if (transaction.feeRate > settings.maxFeePerGas || transaction.feeUnits > settings.maxGas) {
        throw new SignerRefusal(
          'transaction_fee_is_above_ceiling',
          `Withdrawal ${transaction.id} offers ${transaction.feeRate} wei per gas for ${transaction.feeUnits} gas; ` +
            `this signer signs at most ${settings.maxFeePerGas} wei per gas and ${settings.maxGas} gas on ${chain}`,
        );
      }
      return inner.sign(transaction);
    },
  };
  return [chain, ...tokens.map(([network]) => network)].map((network) => ({
    network,
    kind,
    address,
    signer,
    sameDestination: sameAddress,
  }));
}
