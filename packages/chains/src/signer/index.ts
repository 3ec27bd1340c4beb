// The signer process's protocol and the API's client of it (ADR 0041).
export {
  SIGNER_PATHS,
  SIGNER_REFUSALS,
  SignerProtocolError,
  decodeSigned,
  decodeUnsigned,
  encodeUnsigned,
  type SignerRefusalCode,
} from './protocol.ts';
export { RemoteSigner, SignerError, isSignerError, type RemoteSignerOptions } from './remote-signer.ts';
