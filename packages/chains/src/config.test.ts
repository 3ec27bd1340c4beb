import { describe, expect, it } from 'vitest';
import { depositConfigsFromEnv } from './config.ts';
import { createAddressDerivers } from './derive.ts';
import { isChainError } from './errors.ts';

const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

describe('depositConfigsFromEnv', () => {
  it('reads the configured chains and leaves the others out', () => {
    const configs = depositConfigsFromEnv({
      CHAINS_BTC_XPUB: ` ${ZPUB} `,
      CHAINS_ETH_XPUB: '',
      CHAINS_XRP_OMNIBUS_ADDRESS: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
      CHAINS_XRP_FIRST_TAG: '500',
      CHAINS_SOL_ADDRESSES:
        'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk,\n Hh8QwFUA6MtVu1qAoq12ucvFHNwCcVTV7hpWjeY1Hztb',
    });
    expect(configs).toEqual({
      btc: { scheme: 'hd', xpub: ZPUB },
      xrp: { scheme: 'tagged', address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', firstTag: 500 },
      sol: {
        scheme: 'pool',
        addresses: ['HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk', 'Hh8QwFUA6MtVu1qAoq12ucvFHNwCcVTV7hpWjeY1Hztb'],
      },
    });
    const derivers = createAddressDerivers(configs);
    expect(derivers.xrp?.derive('xrp', 2).destinationTag).toBe(502);
    expect(derivers.btc?.derive('btc', 0).address).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
  });

  it('refuses a first tag that is not a whole number', () => {
    try {
      depositConfigsFromEnv({
        CHAINS_XRP_OMNIBUS_ADDRESS: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
        CHAINS_XRP_FIRST_TAG: '-1',
      });
      expect.unreachable();
    } catch (error) {
      expect(isChainError(error) && error.code).toBe('destination_tag_is_invalid');
    }
  });
});
