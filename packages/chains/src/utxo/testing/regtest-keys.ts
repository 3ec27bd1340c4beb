// Keys of the regtest tests: public test material, worthless on every real network.
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { WIF } from '@scure/btc-signer';
import { DEVNET_DEPOSIT_CONFIGS } from '../../devnet/dev-keys.ts';
import { utxoParams } from '../params.ts';

export const REGTEST_LTC = utxoParams('ltc', 'regtest');

/** The hot wallet key of the regtest tests (WIF, regtest version). */
export const REGTEST_HOT_KEY = WIF(REGTEST_LTC.signer).encode(sha256(utf8ToBytes('rora regtest hot wallet')));

/** The devnet's public Litecoin account key; on regtest its addresses read `rltc1…`. */
export const REGTEST_LTC_XPUB = (() => {
  const config = DEVNET_DEPOSIT_CONFIGS.ltc;
  if (config?.scheme !== 'hd') throw new Error('The devnet has no Litecoin account key');
  return config.xpub;
})();
