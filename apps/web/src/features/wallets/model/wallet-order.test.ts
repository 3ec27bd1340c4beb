import { describe, expect, it } from 'vitest';
import type { Wallet } from '@rora/contracts';
import { activeWallet, orderWallets, searchWallets } from './wallet-order.ts';

const wallet = (id: string, symbol: string, favourite = false, network = symbol.toLowerCase()): Wallet =>
  ({
    id,
    favourite,
    network: {
      id: network,
      assetSymbol: symbol,
      assetName: `${symbol} coin`,
      name: `${symbol} net`,
      chainName: 'Chain',
    },
  }) as Wallet;

describe('wallet order', () => {
  const list = [
    wallet('1', 'BTC'),
    wallet('2', 'ETH', true),
    wallet('3', 'USDT', false, 'usdt-erc20'),
    wallet('4', 'SOL', true),
  ];

  it('puts favourites first and keeps the catalogue order otherwise', () => {
    expect(orderWallets(list).map((w) => w.id)).toEqual(['2', '4', '1', '3']);
  });

  it('finds wallets by symbol, coin name or network', () => {
    expect(searchWallets(list, 'usdt').map((w) => w.id)).toEqual(['3']);
    expect(searchWallets(list, ' eth coin ').map((w) => w.id)).toEqual(['2']);
    expect(searchWallets(list, 'chain')).toHaveLength(4);
    expect(searchWallets(list, '')).toHaveLength(4);
  });

  it('makes the first wallet active after loading, or keeps the chosen one', () => {
    const ordered = orderWallets(list);
    expect(activeWallet(ordered, null)?.id).toBe('2');
    expect(activeWallet(ordered, '3')?.id).toBe('3');
    expect(activeWallet(ordered, 'gone')?.id).toBe('2');
    expect(activeWallet([], null)).toBeNull();
  });
});
