// Network parameters of the Bitcoin-family chains the RPC adapter speaks to: the address prefixes the
// node uses (bech32 human-readable part, Base58 versions) and the private key (WIF) version, per
// network kind. Regtest is a private chain a test starts on this machine; its coins are worthless.
import type { BitcoinParams } from '../codecs/bitcoin.ts';
import { BITCOIN_PARAMS, LITECOIN_PARAMS } from '../codecs/bitcoin.ts';

export const UTXO_NETWORK_KINDS = ['mainnet', 'testnet', 'regtest'] as const;
export type UtxoNetworkKind = (typeof UTXO_NETWORK_KINDS)[number];
export type UtxoChainId = 'btc' | 'ltc';

export interface UtxoParams {
  readonly chain: UtxoChainId;
  readonly kind: UtxoNetworkKind;
  /** Address rules for validation: only this network's own prefixes count as valid. */
  readonly address: BitcoinParams;
  /** The same, in the shape @scure/btc-signer takes. */
  readonly signer: {
    readonly bech32: string;
    readonly pubKeyHash: number;
    readonly scriptHash: number;
    readonly wif: number;
  };
}

function only(bech32: string, pubKeyHash: number, scriptHash: number): BitcoinParams {
  return { bech32, testnetBech32: [], pubKeyHash, scriptHash, testnetVersions: [] };
}

const TABLE: Readonly<Record<UtxoChainId, Readonly<Record<UtxoNetworkKind, { address: BitcoinParams; wif: number }>>>> =
  {
    btc: {
      mainnet: { address: BITCOIN_PARAMS, wif: 0x80 },
      testnet: { address: only('tb', 0x6f, 0xc4), wif: 0xef },
      regtest: { address: only('bcrt', 0x6f, 0xc4), wif: 0xef },
    },
    ltc: {
      mainnet: { address: LITECOIN_PARAMS, wif: 0xb0 },
      // Litecoin's testnet and regtest P2SH use 0x3a ("Q"/"2" forms); bech32 parts differ.
      testnet: { address: only('tltc', 0x6f, 0x3a), wif: 0xef },
      regtest: { address: only('rltc', 0x6f, 0x3a), wif: 0xef },
    },
  };

export function utxoParams(chain: UtxoChainId, kind: UtxoNetworkKind): UtxoParams {
  const { address, wif } = TABLE[chain][kind];
  return {
    chain,
    kind,
    address,
    signer: {
      bech32: address.bech32 as string,
      pubKeyHash: address.pubKeyHash,
      scriptHash: address.scriptHash,
      wif,
    },
  };
}
