import { assetScale, canonicalAssetSymbol } from '@rora/money';
import { describe, expect, it } from 'vitest';
import { toChecksumAddress } from './codecs/evm.ts';
import { isChainError } from './errors.ts';
import {
  CHAIN_IDS,
  CHAINS,
  chainOf,
  feeAssetOf,
  getNetwork,
  NETWORK_IDS,
  NETWORKS,
  networksForAsset,
  networksOnChain,
} from './networks.ts';

describe('networks', () => {
  it("keeps each network's on-chain decimals equal to its booked asset's scale", () => {
    for (const id of NETWORK_IDS) expect(NETWORKS[id].decimals).toBe(assetScale(NETWORKS[id].asset));
  });

  it('lists the mainnet ERC-20 contracts with their EIP-55 checksum', () => {
    expect(NETWORKS['usdt-erc20'].token?.contract).toBe('0xdAC17F958D2ee523a2206206994597C13D831ec7');
    for (const network of networksOnChain('eth')) {
      if (network.token) expect(toChecksumAddress(network.token.contract)).toBe(network.token.contract);
    }
    expect(networksOnChain('eth').map((network) => network.id)).toEqual([
      'eth',
      'usdt-erc20',
      'adx-erc20',
      'busd-erc20',
    ]);
  });

  it('requires the documented confirmations', () => {
    const required = Object.fromEntries(NETWORK_IDS.map((id) => [id, NETWORKS[id].confirmations]));
    expect(required).toEqual({
      btc: 2,
      ltc: 4,
      eth: 12,
      'usdt-erc20': 12,
      'adx-erc20': 12,
      'busd-erc20': 12,
      bsc: 15,
      xrp: 1,
      sol: 32,
    });
  });

  it('pays token fees in the chain asset and maps assets to their networks', () => {
    expect(feeAssetOf(NETWORKS['usdt-erc20'])).toBe('ETH');
    expect(chainOf('busd-erc20').id).toBe('eth');
    expect(networksForAsset('BNB').map((network) => network.id)).toEqual(['bsc']);
    expect(networksForAsset(canonicalAssetSymbol('bsc')).map((network) => network.id)).toEqual(['bsc']);
    expect(networksForAsset('DOGE')).toEqual([]);
  });

  it('derives by the documented scheme on every chain', () => {
    const schemes = Object.fromEntries(CHAIN_IDS.map((id) => [id, CHAINS[id].depositScheme]));
    expect(schemes).toEqual({ btc: 'hd', ltc: 'hd', eth: 'hd', bsc: 'hd', xrp: 'tagged', sol: 'pool' });
    expect(CHAINS.btc.accountPath).toBe("m/84'/0'/0'");
    expect(CHAINS.ltc.accountPath).toBe("m/84'/2'/0'");
    expect(CHAINS.eth.accountPath).toBe("m/44'/60'/0'");
  });

  it('refuses an unknown network id', () => {
    try {
      getNetwork('__proto__');
      expect.unreachable();
    } catch (error) {
      expect(isChainError(error) && error.code).toBe('network_is_unknown');
    }
  });
});
