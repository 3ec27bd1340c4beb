// The signer (ADR 0041): hot-wallet keys sealed at rest, signing only held withdrawals, once.
export { LocalKek, KeyUnreadableError, openKey, sealKey, type KeyEncryptionKey, type SealedKey } from './envelope.ts';
export { loadSignerConfig, SignerConfigError, MIN_SECRET_LENGTH, type SignerConfig } from './config.ts';
export { listKeys, loadKeys, storeKey, type StoredKey } from './key-store.ts';
export {
  generatePrivateKey,
  keyHolder,
  keyHolders,
  privateKeyFromText,
  privateKeyFromWif,
  type EvmSettings,
  type KeyHolder,
} from './keys.ts';
export { EVM_DEFAULT_CEILING, evmTokenContracts, type EvmChainSettings } from './evm-keys.ts';
export { createSigningService, type SignatureRecord, type SigningService } from './signing-service.ts';
export { startSignerServer, type SignerServer } from './http-server.ts';
export { runSigner, type RunningSigner } from './run.ts';
export { SignerRefusal } from './refusal.ts';
