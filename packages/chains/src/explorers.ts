// Block explorer links (spec §9): per chain for Bitcoin, Ethereum, Litecoin, Dogecoin, XRP Ledger and
// Cardano, plus BNB Smart Chain and Solana, which Rora also moves; anything else gets a generic search
// link. Templates are data, so an operator can point a chain at another explorer.
import { getNetwork, isNetworkId } from './networks.ts';

export type ExplorerKey = 'btc' | 'eth' | 'ltc' | 'doge' | 'xrp' | 'ada' | 'bsc' | 'sol';

export interface ExplorerTemplates {
  readonly name: string;
  /** `{txid}` is replaced by the URI-encoded transaction id. */
  readonly transaction: string;
  /** `{address}` is replaced by the URI-encoded address. */
  readonly address: string;
  /** Address page filtered to one token; `{contract}` and `{address}` are replaced. */
  readonly tokenAddress?: string;
}

export const EXPLORERS: Readonly<Record<ExplorerKey, ExplorerTemplates>> = {
  btc: {
    name: 'mempool.space',
    transaction: 'https://mempool.space/tx/{txid}',
    address: 'https://mempool.space/address/{address}',
  },
  eth: {
    name: 'Etherscan',
    transaction: 'https://etherscan.io/tx/{txid}',
    address: 'https://etherscan.io/address/{address}',
    tokenAddress: 'https://etherscan.io/token/{contract}?a={address}',
  },
  ltc: {
    name: 'Litecoin Space',
    transaction: 'https://litecoinspace.org/tx/{txid}',
    address: 'https://litecoinspace.org/address/{address}',
  },
  doge: {
    name: 'Blockchair',
    transaction: 'https://blockchair.com/dogecoin/transaction/{txid}',
    address: 'https://blockchair.com/dogecoin/address/{address}',
  },
  xrp: {
    name: 'XRPL Explorer',
    transaction: 'https://livenet.xrpl.org/transactions/{txid}',
    address: 'https://livenet.xrpl.org/accounts/{address}',
  },
  ada: {
    name: 'Cardanoscan',
    transaction: 'https://cardanoscan.io/transaction/{txid}',
    address: 'https://cardanoscan.io/address/{address}',
  },
  bsc: {
    name: 'BscScan',
    transaction: 'https://bscscan.com/tx/{txid}',
    address: 'https://bscscan.com/address/{address}',
  },
  sol: {
    name: 'Solscan',
    transaction: 'https://solscan.io/tx/{txid}',
    address: 'https://solscan.io/account/{address}',
  },
};

export const GENERIC_EXPLORER: ExplorerTemplates = {
  name: 'Blockchair',
  transaction: 'https://blockchair.com/search?q={txid}',
  address: 'https://blockchair.com/search?q={address}',
};

// Names people and older data use for the same chains.
const KEY_BY_NAME: Readonly<Record<string, ExplorerKey>> = {
  bitcoin: 'btc',
  ethereum: 'eth',
  erc20: 'eth',
  'erc-20': 'eth',
  litecoin: 'ltc',
  dogecoin: 'doge',
  ripple: 'xrp',
  xrpl: 'xrp',
  cardano: 'ada',
  bnb: 'bsc',
  bep20: 'bsc',
  'bep-20': 'bsc',
  solana: 'sol',
};

/** The explorer key for a chain id, network id or chain name (`usdt-erc20` -> eth); undefined if none. */
export function explorerKey(chainOrNetwork: string): ExplorerKey | undefined {
  const name = String(chainOrNetwork).trim().toLowerCase();
  if (isNetworkId(name)) return getNetwork(name).chain as ExplorerKey;
  if (Object.hasOwn(EXPLORERS, name)) return name as ExplorerKey;
  return Object.hasOwn(KEY_BY_NAME, name) ? KEY_BY_NAME[name] : undefined;
}

export function explorerFor(chainOrNetwork: string): ExplorerTemplates {
  const key = explorerKey(chainOrNetwork);
  return key ? EXPLORERS[key] : GENERIC_EXPLORER;
}

export function explorerTransactionUrl(chainOrNetwork: string, txid: string): string {
  return fill(explorerFor(chainOrNetwork).transaction, { txid });
}

/** An address page; for a token network, the address's page for that token when the explorer has one. */
export function explorerAddressUrl(chainOrNetwork: string, address: string): string {
  const explorer = explorerFor(chainOrNetwork);
  const name = String(chainOrNetwork).trim().toLowerCase();
  const token = isNetworkId(name) ? getNetwork(name).token : undefined;
  if (token && explorer.tokenAddress) return fill(explorer.tokenAddress, { contract: token.contract, address });
  return fill(explorer.address, { address });
}

function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? encodeURIComponent(String(values[key])) : whole,
  );
}
