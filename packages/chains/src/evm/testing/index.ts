// Test tools of the EVM adapter: a private EDR node and a compiled ERC-20.
export { EDR_CHAIN_ID, EDR_FUNDER_KEY, EDR_HOT_KEY, edrAvailable, startEdrNode, type EdrNode } from './edr-node.ts';
export { testTokenContract, type CompiledContract } from './erc20.ts';
export { EDR_DEPOSIT_XPRV, sweepingEvmSigner } from './deposit-keys.ts';
