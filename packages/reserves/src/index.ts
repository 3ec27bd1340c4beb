// @rora/reserves: the proof of liabilities (a Merkle sum tree over split and shuffled customer
// leaves), inclusion proofs and their verification. No dependency on the server: the snapshot job,
// the web page (WebCrypto) and the command-line verifier (src/verify.ts) share this code.
export {
  addSums,
  bytesToHex,
  emptyRootPreimage,
  leafIdPreimage,
  leafNode,
  leafPreimage,
  nodePreimage,
  parentNode,
  parseAmount,
  webCryptoSha256,
  type LeafInput,
  type Sha256,
  type SumNode,
  type SyncSha256,
} from './encoding.ts';
export {
  SumTreeBuilder,
  buildLevels,
  levelsSource,
  pathOf,
  type BuiltTree,
  type NodeSource,
  type PathStep,
  type Side,
  type SumTreeBuilderOptions,
} from './tree.ts';
export { LEAVES_PER_CUSTOMER, cryptoRandom, randomPermutation, splitAmounts, type RandomUint32 } from './split.ts';
export {
  PROOF_FORMAT,
  parseProof,
  type LiabilityProof,
  type ProofLeaf,
  type ProofNode,
  type ProofSnapshot,
  type ProofStep,
  type ReserveAddress,
} from './proof.ts';
export {
  verifyProof,
  type StepKind,
  type VerificationProblem,
  type VerificationResult,
  type VerificationStep,
} from './verification.ts';
export { assembleProof, proofLeaf, proofNode, type CustomerLeaf } from './proof-builder.ts';
export {
  compareLabels,
  labelOf,
  ownershipMessage,
  signedLabel,
  type LabelCheck,
  type LabelField,
  type OwnedAddress,
  type SnapshotLabel,
} from './snapshot-label.ts';
