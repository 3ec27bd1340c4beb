// How wallets and networks look on the wire (contracts: Wallet, WalletNetwork): amounts as decimal
// strings in the asset, US dollar values from the latest price, rounded down.
import { CHAINS, explorerAddressUrl, type NetworkDefinition } from '@rora/chains';
import type { Wallet, WalletNetwork } from '@rora/contracts';
import type { Balances } from '@rora/ledger';
import { formatAmount, getAsset } from '@rora/money';
import { formatCents, formatPrice, toCents, usdValue, type AssetQuote } from '../prices/index.ts';
import type { WalletRow } from './wallets.repository.ts';

export const defaultLogo = (asset: string) => `/assets/logos/${asset.toLowerCase()}.svg`;

/** `tokenContract`: the contract this deployment uses for the network (ChainRegistry.tokenContract). */
export function networkView(
  network: NetworkDefinition,
  quote: AssetQuote | undefined,
  tokenContract: string | null,
): WalletNetwork {
  const chain = CHAINS[network.chain];
  return {
    id: network.id,
    name: network.name,
    chain: chain.id,
    chainName: chain.name,
    assetSymbol: network.asset,
    assetName: quote?.name ?? getAsset(network.asset).name,
    logo: quote?.logo ?? defaultLogo(network.asset),
    decimals: network.decimals,
    confirmations: network.confirmations,
    usesDestinationTag: chain.depositScheme === 'tagged',
    tokenContract,
  };
}

/** The exact dollar value of an amount of `asset` at its latest price (0 without one; prices/valuation.ts). */
export function valueOf(amount: bigint, network: NetworkDefinition, quote: AssetQuote | undefined): bigint {
  return quote?.usdPrice ? usdValue(amount, network.decimals, quote.usdPrice) : 0n;
}

export interface WalletContext {
  readonly network: NetworkDefinition;
  readonly balances: Balances | undefined;
  readonly quote: AssetQuote | undefined;
  readonly tokenContract: string | null;
}

export function walletView(row: WalletRow, context: WalletContext): Wallet {
  const { network, quote } = context;
  const available = context.balances?.available ?? 0n;
  return {
    id: row.id,
    network: networkView(network, quote, context.tokenContract),
    address: row.address,
    destinationTag: row.destinationTag,
    balance: formatAmount(available, network.decimals),
    held: formatAmount(context.balances?.held ?? 0n, network.decimals),
    usdPrice: quote?.usdPrice ? formatPrice(quote.usdPrice) : null,
    usdValue: formatCents(toCents(valueOf(available, network, quote))),
    favourite: row.favourite,
    addressUrl: explorerAddressUrl(network.id, row.address),
  };
}
