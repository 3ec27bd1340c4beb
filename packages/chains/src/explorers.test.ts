import { describe, expect, it } from 'vitest';
import { explorerAddressUrl, explorerFor, explorerKey, explorerTransactionUrl, GENERIC_EXPLORER } from './explorers.ts';

const TXID = 'f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16';

describe('explorer links', () => {
  it.each([
    ['btc', `https://mempool.space/tx/${TXID}`],
    ['eth', `https://etherscan.io/tx/0x${TXID}`],
    ['ltc', `https://litecoinspace.org/tx/${TXID}`],
    ['doge', `https://blockchair.com/dogecoin/transaction/${TXID}`],
    ['xrp', `https://livenet.xrpl.org/transactions/${TXID}`],
    ['ada', `https://cardanoscan.io/transaction/${TXID}`],
    ['bsc', `https://bscscan.com/tx/0x${TXID}`],
    ['sol', `https://solscan.io/tx/${TXID}`],
  ])('links a %s transaction to its chain explorer', (chain, url) => {
    const txid = chain === 'eth' || chain === 'bsc' ? `0x${TXID}` : TXID;
    expect(explorerTransactionUrl(chain, txid)).toBe(url);
  });

  it('links addresses per chain', () => {
    expect(explorerAddressUrl('btc', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).toBe(
      'https://mempool.space/address/bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    );
    expect(explorerAddressUrl('xrp', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh')).toBe(
      'https://livenet.xrpl.org/accounts/rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
    );
    expect(explorerAddressUrl('ada', 'addr1qx')).toBe('https://cardanoscan.io/address/addr1qx');
    expect(explorerAddressUrl('doge', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L')).toBe(
      'https://blockchair.com/dogecoin/address/DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L',
    );
  });

  it('resolves network ids and chain names to their chain', () => {
    expect(explorerKey('usdt-erc20')).toBe('eth');
    expect(explorerKey('Bitcoin')).toBe('btc');
    expect(explorerKey('ripple')).toBe('xrp');
    expect(explorerKey('CARDANO')).toBe('ada');
    expect(explorerKey('bep20')).toBe('bsc');
    expect(explorerTransactionUrl('usdt-erc20', '0xabc')).toBe('https://etherscan.io/tx/0xabc');
  });

  it("shows a token network's address page filtered to the token", () => {
    expect(explorerAddressUrl('usdt-erc20', '0x9858EfFD232B4033E47d90003D41EC34EcaEda94')).toBe(
      'https://etherscan.io/token/0xdAC17F958D2ee523a2206206994597C13D831ec7?a=0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    );
    expect(explorerAddressUrl('eth', '0x9858EfFD232B4033E47d90003D41EC34EcaEda94')).toBe(
      'https://etherscan.io/address/0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    );
  });

  it('falls back to a generic search for chains without their own explorer', () => {
    expect(explorerFor('polkadot')).toBe(GENERIC_EXPLORER);
    expect(explorerTransactionUrl('polkadot', '0xabc')).toBe('https://blockchair.com/search?q=0xabc');
    expect(explorerAddressUrl('', 'abc')).toBe('https://blockchair.com/search?q=abc');
  });

  it('encodes what it puts in a URL', () => {
    expect(explorerTransactionUrl('btc', '../admin?x=1#y')).toBe('https://mempool.space/tx/..%2Fadmin%3Fx%3D1%23y');
    expect(explorerAddressUrl('__proto__', 'a b')).toBe('https://blockchair.com/search?q=a%20b');
  });
});
