// @rora/chains: networks as data, deposit address derivation from extended public keys, address
// validation, explorer links, the ChainAdapter contract, and the offline devnet that implements it for
// every network. Holds no private key. See README.md.
export { CHAIN_ERROR_CODES, ChainError, isChainError, type ChainErrorCode } from './errors.ts';
export {
  CHAINS,
  CHAIN_IDS,
  NETWORKS,
  NETWORK_IDS,
  chainOf,
  feeAssetOf,
  getChain,
  getNetwork,
  isChainId,
  isNetworkId,
  networksForAsset,
  networksOnChain,
  type AddressFormat,
  type ChainDefinition,
  type ChainId,
  type DepositScheme,
  type NetworkDefinition,
  type NetworkId,
  type TokenDefinition,
} from './networks.ts';
export {
  DEFAULT_FIRST_DESTINATION_TAG,
  createAddressDeriver,
  createAddressDerivers,
  type AddressDeriver,
  type DepositAddress,
  type DepositConfig,
  type DepositConfigs,
} from './derive.ts';
export { parseAccountKey } from './extended-key.ts';
export { DEPOSIT_ENV_VARIABLES, depositConfigsFromEnv } from './config.ts';
export { SolAddressPool } from './sol-address-pool.ts';
export {
  assertValidAddress,
  detectAddress,
  validateAddress,
  type AddressErrorCode,
  type AddressValidation,
  type DetectedAddress,
  type ValidateAddressOptions,
} from './validate.ts';
export {
  EXPLORERS,
  GENERIC_EXPLORER,
  explorerAddressUrl,
  explorerFor,
  explorerKey,
  explorerTransactionUrl,
  type ExplorerKey,
  type ExplorerTemplates,
} from './explorers.ts';
export {
  BITCOIN_PARAMS,
  LITECOIN_PARAMS,
  DOGECOIN_PARAMS,
  hash160,
  p2wpkhAddress,
  type BitcoinParams,
} from './codecs/bitcoin.ts';
export { evmAddressFromPublicKey, toChecksumAddress } from './codecs/evm.ts';
export { xrpAddressFromPublicKey } from './codecs/xrp.ts';
export { solanaAddressFromPublicKey } from './codecs/solana.ts';
export {
  FEE_PRIORITIES,
  type BroadcastResult,
  type SweepRequest,
  type SweepResult,
  type ChainAdapter,
  type ChainBlock,
  type ChainEvent,
  type ChainEventListener,
  type ChainTransaction,
  type FeeEstimate,
  type FeePriority,
  type SignedTransaction,
  type Signer,
  type TransactionStatus,
  type RecordedSignature,
  type UnsignedTransaction,
  type WithdrawalRequest,
} from './adapter.ts';
export * from './devnet/index.ts';
export * from './utxo/index.ts';
export * from './signer/index.ts';
export * from './xrp/index.ts';
export * from './solana/index.ts';
export {
  MESSAGE_SCHEMES,
  messageSchemeOf,
  signMessage,
  verifyMessage,
  type MessageScheme,
  type SignedMessage,
} from './message-signing.ts';
export * from './evm/index.ts';
