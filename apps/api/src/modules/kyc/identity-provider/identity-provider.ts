// The identity verification provider, an adapter (DESIGN §1 principle 4). The KYC service sends a
// submission and later receives the decision through the provider's webhook; it never knows which
// provider it talks to. A real provider is a new file implementing this interface, chosen by
// IDENTITY_PROVIDER: its API call in `submit`, its signature scheme and payload in `readCallback`.
import type { KycDocumentKind, KycIdentity, KycRejectionReason } from '@rora/contracts';

export interface SubmittedDocument {
  kind: KycDocumentKind;
  fileName: string;
  contentType: string;
  sha256Hex: string;
  /** The stored (re-encoded) file, for a provider that uploads it. */
  read(): Promise<Buffer>;
}

export interface IdentitySubmission {
  /** Our reference for this submission; the decision comes back with it. */
  reference: string;
  identity: Omit<KycIdentity, 'privacyPolicyAgreed'>;
  documents: SubmittedDocument[];
}

/** A decision read from a verified webhook delivery. */
export interface IdentityDecision {
  /** The provider's id of the event: it takes effect at most once. */
  eventId: string;
  reference: string;
  outcome: 'approved' | 'rejected';
  reasons: KycRejectionReason[];
}

export interface WebhookDelivery {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
  now: Date;
}

export interface VerifiedCallback {
  decision: IdentityDecision;
  /** Identifies this exact signed delivery: the same value twice is a replay. */
  signature: string;
}

export interface IdentityProvider {
  /** `sandbox`, or the real provider's id; stored with each submission. */
  readonly id: string;
  /** Shown to customers in the KYC explainer. */
  readonly displayName: string;
  submit(submission: IdentitySubmission): Promise<{ providerCheckId: string }>;
  /** Verifies the signature and reads the decision; throws AppError webhook_* when it cannot. */
  readCallback(delivery: WebhookDelivery): VerifiedCallback;
}
