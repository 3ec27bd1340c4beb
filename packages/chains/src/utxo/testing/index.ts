// Test tools of @rora/chains: a private litecoind in regtest and the public keys its tests use.
export { litecoindBinary, regtestAvailable, startRegtestNode, type RegtestNode } from './regtest-node.ts';
export { REGTEST_HOT_KEY, REGTEST_LTC, REGTEST_LTC_XPUB } from './regtest-keys.ts';
export * from '../../evm/testing/index.ts';
