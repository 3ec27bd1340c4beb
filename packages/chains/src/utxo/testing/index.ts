// Test tools of @rora/chains: a private litecoind in regtest and the public keys its tests use,
// stand-in XRP and Solana nodes, and the EVM test chain.
export { litecoindBinary, regtestAvailable, startRegtestNode, type RegtestNode } from './regtest-node.ts';
export { REGTEST_HOT_KEY, REGTEST_LTC, REGTEST_LTC_DEPOSIT_XPRV, REGTEST_LTC_XPUB } from './regtest-keys.ts';
// Stand-in XRP and Solana nodes on a local port, answering the documented JSON-RPC shapes (ADR 0040).
export { FakeRippled, xrpTestAccount, type FakeAccount } from '../../xrp/testing/fake-rippled.ts';
export { FakeSolana, LAMPORTS_PER_SIGNATURE, solanaTestKey } from '../../solana/testing/fake-solana.ts';
export * from '../../evm/testing/index.ts';
