// The order of the wallet list and picker: favourites first, otherwise the order the API gives (the
// catalogue's), and a search by coin name, symbol or network. The active wallet after loading is the
// first of that order (spec §4), unless the customer chose one that still exists.
import type { Wallet } from '@rora/contracts';

export function orderWallets(wallets: readonly Wallet[]): Wallet[] {
  return wallets
    .map((wallet, index) => ({ wallet, index }))
    .sort((a, b) => Number(b.wallet.favourite) - Number(a.wallet.favourite) || a.index - b.index)
    .map(({ wallet }) => wallet);
}

export function searchWallets(wallets: readonly Wallet[], query: string): Wallet[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...wallets];
  return wallets.filter(({ network }) =>
    [network.assetSymbol, network.assetName, network.name, network.chainName].some((text) =>
      text.toLowerCase().includes(needle),
    ),
  );
}

/** The chosen wallet if it is still listed, else the first one (spec §4), else none. */
export function activeWallet(ordered: readonly Wallet[], chosenId: string | null): Wallet | null {
  return ordered.find((wallet) => wallet.id === chosenId) ?? ordered[0] ?? null;
}
